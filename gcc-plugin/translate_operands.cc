// SPDX-License-Identifier: GPL-2.0
/*
 * Values and operands of one function's GIMPLE: SSA values numbered for the
 * core, each followed back through copies and conversions to the value it
 * copies (its root), and operands as the core's model names them
 * (a value, a constant, the address of an object or of a function).
 */
#include "gcc-compat.h"

#include "translate.h"
#include "translate_internal.h"

/* Follows copies and conversions back to the value they copy. */
tree root_of(tree value)
{
	for (int depth = 0; depth < 32 && value; depth++) {
		gimple *def;

		if (TREE_CODE(value) != SSA_NAME ||
		    SSA_NAME_IS_DEFAULT_DEF(value))
			return value;
		def = SSA_NAME_DEF_STMT(value);
		if (!def || !is_gimple_assign(def))
			return value;
		switch (gimple_assign_rhs_code(def)) {
		case SSA_NAME:
		case NOP_EXPR:
		case CONVERT_EXPR:
		case VIEW_CONVERT_EXPR:
		case INTEGER_CST:
			value = gimple_assign_rhs1(def);
			if (TREE_CODE(value) == VIEW_CONVERT_EXPR)
				value = TREE_OPERAND(value, 0);
			break;
		default:
			return value;
		}
	}
	return value;
}

bool followed_value_type(tree type)
{
	return type && (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type));
}

int number_value(function_translation *ft, tree root)
{
	auto found = ft->values.find(root);

	if (found != ft->values.end())
		return found->second;
	ft->values[root] = ft->model->value_count;
	return ft->model->value_count++;
}

/* A read-only integer variable with a constant initializer is that constant. */
static bool constant_variable(tree root, long long *constant)
{
	tree initial;

	if (TREE_CODE(root) != VAR_DECL || !TREE_READONLY(root) ||
	    !INTEGRAL_TYPE_P(TREE_TYPE(root)))
		return false;
	initial = DECL_INITIAL(root);
	if (!initial || TREE_CODE(initial) != INTEGER_CST ||
	    !tree_fits_shwi_p(initial))
		return false;
	*constant = tree_to_shwi(initial);
	return true;
}

/* The struct a pointer type points to, as "struct foo", and its size. */
bool pointee(tree pointer_type, unsigned long *size, std::string *name)
{
	tree type;
	const char *tag;

	if (!pointer_type || !POINTER_TYPE_P(pointer_type))
		return false;
	type = TREE_TYPE(pointer_type);
	/* A byte or void pointer says nothing of what the object is. */
	if (!type || !RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return false;
	*size = constant_size(TYPE_SIZE_UNIT(type));
	tag = tag_name(type);
	if (tag)
		*name = std::string(TREE_CODE(type) == UNION_TYPE ? "union " :
								    "struct ") +
			tag;
	else if (TYPE_NAME(type) && identifier(TYPE_NAME(type)))
		*name = identifier(TYPE_NAME(type));
	else
		return false;
	return *size != 0;
}

/* &pointer->member (or an element of it): a member of a followed type. */
static struct operand member_address(function_translation *ft, tree object)
{
	struct operand result = operand_unknown();
	const char *tag;
	tree field, base;

	if (TREE_CODE(object) == ARRAY_REF)
		object = TREE_OPERAND(object, 0);
	if (TREE_CODE(object) != COMPONENT_REF)
		return result;
	field = TREE_OPERAND(object, 1);
	base = TREE_OPERAND(object, 0);
	tag = followed_tag(TREE_TYPE(field));
	if (!tag || TREE_CODE(base) != MEM_REF ||
	    TREE_CODE(TREE_OPERAND(base, 0)) != SSA_NAME)
		return result;
	result = operand_of(ft, TREE_OPERAND(base, 0));
	if (result.kind != OPERAND_VALUE)
		return operand_unknown();
	result.kind = OPERAND_MEMBER_ADDRESS;
	result.name = tu_string(ft->tu, tag);
	result.pointee = tu_string(ft->tu, identifier(field));
	return result;
}

struct operand operand_of(function_translation *ft, tree operand)
{
	tree root = root_of(operand);
	struct operand result = operand_unknown();
	long long constant;
	long element;
	tree base;

	if (!root)
		return result;
	if (TREE_CODE(root) == INTEGER_CST && tree_fits_shwi_p(root))
		return operand_constant(tree_to_shwi(root));
	if (constant_variable(root, &constant))
		return operand_constant(constant);
	/* An uninitialized local has no value worth following. */
	if (TREE_CODE(root) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(root) &&
	    (!SSA_NAME_VAR(root) || TREE_CODE(SSA_NAME_VAR(root)) != PARM_DECL))
		return result;
	if (TREE_CODE(root) == SSA_NAME && followed_value_type(TREE_TYPE(root)))
		return operand_value(number_value(ft, root));
	if (TREE_CODE(root) != ADDR_EXPR)
		return result;
	if (TREE_CODE(TREE_OPERAND(root, 0)) == FUNCTION_DECL) {
		result.kind = OPERAND_FUNCTION;
		result.name =
			tu_string(ft->tu, identifier(TREE_OPERAND(root, 0)));
		return result;
	}
	if (TREE_CODE(TREE_OPERAND(root, 0)) == STRING_CST) {
		result.kind = OPERAND_STRING;
		return result;
	}
	base = address_base(root, &element);
	if (!base)
		return member_address(ft, TREE_OPERAND(root, 0));
	return operand_address(object_of(base), element);
}

/* An operand, with the struct its type points to when it is one. */
struct operand typed_operand_of(function_translation *ft, tree operand)
{
	struct operand result = operand_of(ft, operand);
	unsigned long size;
	std::string name;

	if (operand && pointee(TREE_TYPE(operand), &size, &name)) {
		result.pointee = tu_string(ft->tu, name.c_str());
		result.pointee_size = size;
	}
	return result;
}

struct model_instruction *add_instruction(function_translation *ft,
					  gimple *stmt,
					  enum instruction_kind kind)
{
	struct model_instruction *instruction =
		block_add_instruction(ft->tu, ft->block, kind);

	instruction->location = unit_location(ft->tu, gimple_location(stmt));
	return instruction;
}

void set_result(function_translation *ft, struct model_instruction *instruction,
		tree lhs)
{
	if (lhs && TREE_CODE(lhs) == SSA_NAME &&
	    followed_value_type(TREE_TYPE(lhs)) && root_of(lhs) == lhs)
		instruction->result = number_value(ft, lhs);
}

struct value value_of(function_translation *ft, tree operand)
{
	struct operand described = operand_of(ft, operand);

	if (described.kind == OPERAND_VALUE)
		return value_id(described.value);
	if (described.kind == OPERAND_CONSTANT)
		return value_constant((long)described.constant);
	return value_unknown();
}
