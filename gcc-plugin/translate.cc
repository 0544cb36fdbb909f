// SPDX-License-Identifier: GPL-2.0
/*
 * GIMPLE to the core's model.  Describes and decides nothing: calls are
 * names with operands, branches are conditions on values, stores into
 * structs are field writes.  Which names are API functions, which functions
 * deserve a body, what a branch tests and what a create sets up are the
 * core's business (core/describe.c, core/lower.c).  The core's queries
 * (model_type_followed() and friends) only let this file skip what the core
 * would throw away.
 */
#include "gcc-compat.h"

#include <map>
#include <vector>

#include "translate.h"

/* What parsing shows, kept until the unit is translated. */
struct described_type {
	std::string tag;
	unsigned long size, align;
	location_t location;
};

struct described_enumerator {
	std::string name;
	long long value;
};

static std::vector<described_type> types;
static std::vector<described_enumerator> enumerators;
/* Variables of followed types, in declaration order. */
static std::vector<tree> declared;
static std::map<tree, size_t> declared_index;

static const char *identifier(tree node)
{
	if (!node)
		return NULL;
	if (TREE_CODE(node) == IDENTIFIER_NODE)
		return IDENTIFIER_POINTER(node);
	if (DECL_P(node) && DECL_NAME(node))
		return IDENTIFIER_POINTER(DECL_NAME(node));
	return NULL;
}

static const char *tag_name(tree type)
{
	if (!type || !RECORD_OR_UNION_TYPE_P(type))
		return NULL;
	type = TYPE_MAIN_VARIANT(type);
	return identifier(TYPE_NAME(type));
}

static tree strip_arrays(tree type)
{
	while (type && TREE_CODE(type) == ARRAY_TYPE)
		type = TREE_TYPE(type);
	return type;
}

/* The tag of a type the core follows, or NULL. */
static const char *followed_tag(tree type)
{
	const char *tag = tag_name(strip_arrays(type));

	return tag && model_type_followed(tag) ? tag : NULL;
}

/* Resolves macro expansions to where the outermost macro is written. */
struct source_location gcc_location(location_t location)
{
	struct source_location result = { NULL, 0, 0 };
	expanded_location expanded;

	if (location == UNKNOWN_LOCATION)
		return result;
	location = linemap_resolve_location(line_table, location,
					    LRK_MACRO_EXPANSION_POINT, NULL);
	expanded = expand_location(location);
	result.file = expanded.file;
	result.line = expanded.line;
	result.column = expanded.column;
	return result;
}

static struct source_location unit_location(struct translation_unit *tu,
					    location_t location)
{
	struct source_location result = gcc_location(location);

	if (result.file)
		result.file = tu_string(tu, result.file);
	return result;
}

/* The macros whose expansions wrote this location, innermost first. */
static void describe_macros(struct translation_unit *tu,
			    struct instruction *instruction,
			    location_t location)
{
	std::vector<const char *> names;

	location = get_pure_location(location);
	while (location > BUILTINS_LOCATION &&
	       linemap_location_from_macro_expansion_p(line_table, location)) {
		const line_map *map = linemap_lookup(line_table, location);

		if (map && linemap_macro_expansion_map_p(map)) {
			const char *name = linemap_map_get_macro_name(
				linemap_check_macro(map));

			if (name)
				names.push_back(name);
		}
		location = linemap_unwind_toward_expansion(line_table, location,
							   &map);
	}
	if (names.empty())
		return;
	instruction->macros = tu_strings(tu, names.size());
	for (size_t i = 0; i < names.size(); i++)
		instruction->macros[i] = tu_string(tu, names[i]);
	instruction->macro_count = names.size();
}

static unsigned long constant_size(tree size)
{
	if (!size || !tree_fits_uhwi_p(size))
		return 0;
	return (unsigned long)tree_to_uhwi(size);
}

void record_type(tree type)
{
	const char *name;

	if (!type || type == error_mark_node)
		return;
	if (TREE_CODE(type) == ENUMERAL_TYPE) {
		for (tree value = TYPE_VALUES(type); value;
		     value = TREE_CHAIN(value)) {
			const char *enumerator =
				identifier(TREE_PURPOSE(value));
			tree constant = TREE_VALUE(value);

			if (!model_enumerator_followed(enumerator))
				continue;
			if (constant && TREE_CODE(constant) == CONST_DECL)
				constant = DECL_INITIAL(constant);
			if (constant && tree_fits_shwi_p(constant))
				enumerators.push_back(
					{ enumerator, tree_to_shwi(constant) });
		}
		return;
	}
	name = tag_name(type);
	if (!name || !COMPLETE_TYPE_P(type) || !model_type_followed(name))
		return;
	/* In C, TYPE_NAME is the tag itself; the stub decl has the place. */
	types.push_back({ name, constant_size(TYPE_SIZE_UNIT(type)),
			  TYPE_ALIGN_UNIT(type),
			  TYPE_STUB_DECL(type) ?
				  DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type)) :
				  UNKNOWN_LOCATION });
}

void record_decl(tree decl)
{
	if (!decl || TREE_CODE(decl) != VAR_DECL || !DECL_NAME(decl) ||
	    !followed_tag(TREE_TYPE(decl)))
		return;
	if (declared_index.count(decl))
		return;
	declared_index[decl] = declared.size();
	declared.push_back(decl);
}

/* Per-unit translation state. */
struct unit_translation {
	struct translation_unit *tu;
	std::map<tree, int> objects; /* decl -> tu->objects index */
};

static unit_translation *unit;

static int object_of(tree decl)
{
	auto found = unit->objects.find(decl);
	struct object object = {};
	const char *name = identifier(decl);

	if (found != unit->objects.end())
		return found->second;
	object.name = name ? name : "<unnamed>";
	object.type_tag = tag_name(strip_arrays(TREE_TYPE(decl)));
	object.location = gcc_location(DECL_SOURCE_LOCATION(decl));
	if (!object.location.file)
		object.location.file = "";
	object.automatic = !TREE_STATIC(decl) && !DECL_EXTERNAL(decl);
	object.is_const = TREE_READONLY(decl);
	object.is_extern = DECL_EXTERNAL(decl);
	object.is_array = TREE_CODE(TREE_TYPE(decl)) == ARRAY_TYPE;
	object.external = TREE_PUBLIC(decl);
	if (TREE_CODE(decl) == VAR_DECL && DECL_SECTION_NAME(decl))
		object.section = DECL_SECTION_NAME(decl);
	return unit->objects[decl] = tu_add_object(unit->tu, &object);
}

/* Per-function translation state. */
struct function_translation {
	struct translation_unit *tu;
	struct function *fun;
	struct function_model *model;
	std::map<tree, int> values; /* SSA root -> value id */
	struct block *block;
};

/* Follows copies and conversions back to the value they copy. */
static tree root_of(tree value)
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

static bool followed_value_type(tree type)
{
	return type && (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type));
}

static int number_value(function_translation *ft, tree root)
{
	auto found = ft->values.find(root);

	if (found != ft->values.end())
		return found->second;
	ft->values[root] = ft->model->value_count;
	return ft->model->value_count++;
}

/* The storage an address points to: a declaration, maybe an element. */
static tree address_base(tree address, long *element)
{
	tree object;

	*element = ELEMENT_WHOLE;
	if (!address || TREE_CODE(address) != ADDR_EXPR)
		return NULL_TREE;
	object = TREE_OPERAND(address, 0);
	if (TREE_CODE(object) == ARRAY_REF) {
		tree index = TREE_OPERAND(object, 1);

		*element = index && tree_fits_shwi_p(index) ?
				   (long)tree_to_shwi(index) :
				   ELEMENT_UNKNOWN;
		object = TREE_OPERAND(object, 0);
	}
	return DECL_P(object) ? object : NULL_TREE;
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
static bool pointee(tree pointer_type, unsigned long *size, std::string *name)
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

static struct operand operand_of(function_translation *ft, tree operand);

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

static struct operand operand_of(function_translation *ft, tree operand)
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
static struct operand typed_operand_of(function_translation *ft, tree operand)
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

static struct instruction *add_instruction(function_translation *ft,
					   gimple *stmt,
					   enum instruction_kind kind)
{
	struct instruction *instruction =
		block_add_instruction(ft->tu, ft->block, kind);

	instruction->location = unit_location(ft->tu, gimple_location(stmt));
	return instruction;
}

static void set_result(function_translation *ft,
		       struct instruction *instruction, tree lhs)
{
	if (lhs && TREE_CODE(lhs) == SSA_NAME &&
	    followed_value_type(TREE_TYPE(lhs)) && root_of(lhs) == lhs)
		instruction->result = number_value(ft, lhs);
}

/* The type a pointer result is used as: its own, or that of a copy of it. */
static bool used_type(tree lhs, unsigned long *size, std::string *name,
		      int depth)
{
	imm_use_iterator iterator;
	gimple *use;
	bool found = false;

	if (!lhs || depth > 3)
		return false;
	if (pointee(TREE_TYPE(lhs), size, name))
		return true;
	if (TREE_CODE(lhs) != SSA_NAME || !POINTER_TYPE_P(TREE_TYPE(lhs)))
		return false;
	FOR_EACH_IMM_USE_STMT(use, iterator, lhs) {
		if (found || !is_gimple_assign(use) ||
		    (!gimple_assign_single_p(use) &&
		     !gimple_assign_cast_p(use)))
			continue;
		found = used_type(gimple_assign_lhs(use), size, name,
				  depth + 1);
	}
	return found;
}

static void translate_call(function_translation *ft, gcall *stmt)
{
	tree fndecl = gimple_call_fndecl(stmt);
	unsigned int count = gimple_call_num_args(stmt);
	struct instruction *call;
	tree lhs = gimple_call_lhs(stmt);
	unsigned long size;
	std::string type;

	if (gimple_call_internal_p(stmt)) {
		call = add_instruction(ft, stmt, INSN_DEFINE);
		set_result(ft, call, lhs);
		return;
	}
	/* A followed struct passed by value is a copy of it. */
	for (unsigned int i = 0; i < count; i++) {
		tree arg = gimple_call_arg(stmt, i);
		const char *tag = followed_tag(TREE_TYPE(arg));
		struct instruction *copy;

		if (!tag || !DECL_P(arg) ||
		    TREE_CODE(TREE_TYPE(arg)) == ARRAY_TYPE)
			continue;
		copy = add_instruction(ft, stmt, INSN_OBJECT_COPY);
		copy->object_copy.type_tag = tu_string(ft->tu, tag);
		copy->object_copy.source_name =
			tu_string(ft->tu, identifier(arg));
	}
	call = add_instruction(ft, stmt, INSN_CALL);
	describe_macros(ft->tu, call, gimple_location(stmt));
	if (fndecl && identifier(fndecl))
		call->call.name = tu_string(ft->tu, identifier(fndecl));
	else
		call->call.target = operand_of(ft, gimple_call_fn(stmt));
	call->call.argument_count = count;
	call->call.arguments = tu_operands(ft->tu, count);
	for (unsigned int i = 0; i < count; i++)
		call->call.arguments[i] =
			typed_operand_of(ft, gimple_call_arg(stmt, i));
	set_result(ft, call, lhs);
	if (lhs && used_type(lhs, &size, &type, 0)) {
		call->call.result_pointee = tu_string(ft->tu, type.c_str());
		call->call.result_pointee_size = size;
	}
}

/* Where the value of an operand is written, when GIMPLE kept it. */
static location_t value_location(tree value)
{
	if (!value)
		return UNKNOWN_LOCATION;
	if (TREE_CODE(value) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(value) &&
	    SSA_NAME_DEF_STMT(value))
		return gimple_location(SSA_NAME_DEF_STMT(value));
	if (EXPR_P(value) && EXPR_HAS_LOCATION(value))
		return EXPR_LOCATION(value);
	return UNKNOWN_LOCATION;
}

/* The struct a field write goes to: a variable, or what a pointer points to. */
static struct operand written_object(function_translation *ft, tree base)
{
	if (base && DECL_P(base))
		return operand_address(object_of(base), ELEMENT_WHOLE);
	if (base && TREE_CODE(base) == MEM_REF)
		return operand_of(ft, TREE_OPERAND(base, 0));
	return operand_unknown();
}

static void describe_field_write(function_translation *ft, gimple *stmt,
				 struct operand object, tree field, tree value)
{
	const char *tag = tag_name(DECL_CONTEXT(field));
	struct instruction *write;
	location_t at;

	if (!identifier(field))
		return;
	write = add_instruction(ft, stmt, INSN_FIELD_WRITE);
	describe_macros(ft->tu, write, gimple_location(stmt));
	/* Where the value is written marks the field better than the literal.
	 */
	at = value_location(value);
	if (at != UNKNOWN_LOCATION)
		write->location = unit_location(ft->tu, at);
	write->field_write.object = object;
	write->field_write.type_tag = tu_string(ft->tu, tag);
	write->field_write.field = tu_string(ft->tu, identifier(field));
	write->field_write.source = operand_of(ft, value);
}

static enum binary_operator binary_operator_of(enum tree_code code)
{
	switch (code) {
	case EQ_EXPR:
		return OP_EQ;
	case NE_EXPR:
		return OP_NE;
	case LT_EXPR:
		return OP_LT;
	case LE_EXPR:
		return OP_LE;
	case GT_EXPR:
		return OP_GT;
	case GE_EXPR:
		return OP_GE;
	case PLUS_EXPR:
	case POINTER_PLUS_EXPR:
		return OP_ADD;
	case MINUS_EXPR:
		return OP_SUB;
	case BIT_IOR_EXPR:
		return OP_BIT_OR;
	case BIT_AND_EXPR:
		return OP_BIT_AND;
	default:
		return OP_OTHER;
	}
}

static void describe_value(function_translation *ft, gimple *stmt, tree lhs)
{
	enum tree_code code = gimple_assign_rhs_code(stmt);
	enum binary_operator op = binary_operator_of(code);
	struct instruction *instruction;
	tree rhs1 = gimple_assign_rhs1(stmt);

	/* Copies and conversions: operands name their root instead. */
	if (root_of(lhs) != lhs)
		return;
	if (op != OP_OTHER && gimple_num_ops(stmt) == 3) {
		instruction = add_instruction(ft, stmt, INSN_BINARY);
		instruction->binary.op = op;
		instruction->binary.is_unsigned =
			TYPE_UNSIGNED(TREE_TYPE(rhs1)) ||
			POINTER_TYPE_P(TREE_TYPE(rhs1));
		instruction->binary.left = operand_of(ft, rhs1);
		instruction->binary.right =
			operand_of(ft, gimple_assign_rhs2(stmt));
	} else if (code == ADDR_EXPR || TREE_CODE(rhs1) == VAR_DECL) {
		instruction = add_instruction(ft, stmt, INSN_ASSIGN);
		instruction->source = operand_of(ft, rhs1);
	} else {
		instruction = add_instruction(ft, stmt, INSN_DEFINE);
	}
	set_result(ft, instruction, lhs);
}

static void translate_assign(function_translation *ft, gimple *stmt)
{
	tree lhs = gimple_assign_lhs(stmt);
	tree rhs = gimple_assign_rhs1(stmt);
	const char *tag;

	if (TREE_CODE(lhs) == COMPONENT_REF &&
	    followed_tag(DECL_CONTEXT(TREE_OPERAND(lhs, 1)))) {
		describe_field_write(ft, stmt,
				     written_object(ft, TREE_OPERAND(lhs, 0)),
				     TREE_OPERAND(lhs, 1), rhs);
		return;
	}
	tag = followed_tag(TREE_TYPE(lhs));
	if (tag && gimple_assign_single_p(stmt) &&
	    TREE_CODE(rhs) == CONSTRUCTOR) {
		unsigned HOST_WIDE_INT index;
		tree field, value;

		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(rhs), index, field,
					 value)
			if (field && TREE_CODE(field) == FIELD_DECL)
				describe_field_write(ft, stmt,
						     written_object(ft, lhs),
						     field, value);
		return;
	}
	if (tag && gimple_assign_single_p(stmt)) {
		tree source = get_base_address(rhs);
		struct instruction *copy =
			add_instruction(ft, stmt, INSN_OBJECT_COPY);

		copy->object_copy.type_tag = tu_string(ft->tu, tag);
		copy->object_copy.source_name =
			tu_string(ft->tu, source && identifier(source) ?
						  identifier(source) :
						  "<unnamed>");
		return;
	}
	if (TREE_CODE(lhs) == SSA_NAME && followed_value_type(TREE_TYPE(lhs)))
		describe_value(ft, stmt, lhs);
}

static void translate_cond(function_translation *ft, basic_block bb,
			   gcond *stmt)
{
	struct instruction *compare = add_instruction(ft, stmt, INSN_BINARY);
	edge true_edge, false_edge;

	compare->binary.op = binary_operator_of(gimple_cond_code(stmt));
	compare->binary.is_unsigned =
		TYPE_UNSIGNED(TREE_TYPE(gimple_cond_lhs(stmt))) ||
		POINTER_TYPE_P(TREE_TYPE(gimple_cond_lhs(stmt)));
	compare->binary.left = operand_of(ft, gimple_cond_lhs(stmt));
	compare->binary.right = operand_of(ft, gimple_cond_rhs(stmt));
	compare->result = ft->model->value_count++;
	ft->block->exit = EXIT_BRANCH;
	ft->block->condition = operand_value(compare->result);
	extract_true_false_edges_from_block(bb, &true_edge, &false_edge);
	block_add_edge(ft->tu, ft->model, bb->index, true_edge->dest->index);
	block_add_edge(ft->tu, ft->model, bb->index, false_edge->dest->index);
}

static struct value value_of(function_translation *ft, tree operand)
{
	struct operand described = operand_of(ft, operand);

	if (described.kind == OPERAND_VALUE)
		return value_id(described.value);
	if (described.kind == OPERAND_CONSTANT)
		return value_constant((long)described.constant);
	return value_unknown();
}

/* Values an asm or another statement defines: known to exist, not what. */
static void describe_other_definitions(function_translation *ft, gimple *stmt)
{
	ssa_op_iter iterator;
	tree definition;

	FOR_EACH_SSA_TREE_OPERAND(definition, stmt, iterator, SSA_OP_DEF)
	{
		if (!followed_value_type(TREE_TYPE(definition)) ||
		    root_of(definition) != definition)
			continue;
		add_instruction(ft, stmt, INSN_DEFINE)->result =
			number_value(ft, definition);
	}
}

static void translate_block(function_translation *ft, basic_block bb)
{
	struct block *block = &ft->model->blocks[bb->index];
	gimple *last = NULL;
	edge e;
	edge_iterator ei;

	ft->block = block;
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);

		last = stmt;
		if (is_gimple_call(stmt)) {
			translate_call(ft, as_a<gcall *>(stmt));
		} else if (is_gimple_assign(stmt)) {
			translate_assign(ft, stmt);
		} else if (gimple_code(stmt) == GIMPLE_RETURN) {
			tree retval =
				gimple_return_retval(as_a<greturn *>(stmt));

			block->exit = EXIT_RETURN;
			block->return_value =
				retval ? value_of(ft, retval) : value_unknown();
			block->return_location =
				unit_location(ft->tu, gimple_location(stmt));
		} else {
			describe_other_definitions(ft, stmt);
		}
	}
	if (last && gimple_code(last) == GIMPLE_COND) {
		translate_cond(ft, bb, as_a<gcond *>(last));
		return;
	}
	if (block->exit == EXIT_RETURN)
		return;
	block->exit = EDGE_COUNT(bb->succs) ? EXIT_JUMP : EXIT_NONE;
	FOR_EACH_EDGE(e, ei, bb->succs) {
		if (e->dest == EXIT_BLOCK_PTR_FOR_FN(ft->fun)) {
			/* Falls off the end of a void function. */
			block->exit = EXIT_RETURN;
			block->return_value = value_unknown();
			continue;
		}
		block_add_edge(ft->tu, ft->model, bb->index, e->dest->index);
	}
}

static void translate_phis(function_translation *ft, basic_block bb)
{
	struct block *block = &ft->model->blocks[bb->index];

	for (gphi_iterator gpi = gsi_start_phis(bb); !gsi_end_p(gpi);
	     gsi_next(&gpi)) {
		gphi *phi = gpi.phi();
		tree result = gimple_phi_result(phi);
		struct phi *model_phi;

		if (virtual_operand_p(result) ||
		    !followed_value_type(TREE_TYPE(result)))
			continue;
		model_phi =
			block_add_phi(ft->tu, block, number_value(ft, result));
		for (unsigned int i = 0; i < gimple_phi_num_args(phi); i++) {
			int source = gimple_phi_arg_edge(phi, i)->src->index;

			for (size_t p = 0; p < block->predecessor_count; p++) {
				if (block->predecessors[p] != source)
					continue;
				model_phi->incoming[p] = value_of(
					ft, gimple_phi_arg_def(phi, i));
				model_phi->incoming_location[p] = unit_location(
					ft->tu,
					gimple_phi_arg_location(phi, i));
			}
		}
	}
}

static void translate_parameters(function_translation *ft)
{
	int index = 0;

	for (tree arg = DECL_ARGUMENTS(ft->fun->decl); arg;
	     arg = DECL_CHAIN(arg))
		index++;
	function_set_parameters(ft->tu, ft->model, index);
	index = 0;
	for (tree arg = DECL_ARGUMENTS(ft->fun->decl); arg;
	     arg = DECL_CHAIN(arg), index++) {
		tree value = ssa_default_def(ft->fun, arg);

		if (value && followed_value_type(TREE_TYPE(value)))
			ft->model->parameter_values[index] =
				number_value(ft, value);
	}
}

static void translate_body(struct translation_unit *tu, int index,
			   struct function *fun)
{
	function_translation ft;
	basic_block bb;

	ft.tu = tu;
	ft.fun = fun;
	ft.model = &tu->functions[index];
	ft.block = NULL;
	translate_parameters(&ft);
	ft.model->returns_value = !VOID_TYPE_P(TREE_TYPE(TREE_TYPE(fun->decl)));
	ft.model->described = true;
	function_set_blocks(tu, ft.model, last_basic_block_for_fn(fun));
	/* The model's entry is block 0, as GCC's ENTRY_BLOCK is. */
	FOR_ALL_BB_FN(bb, fun) {
		if (bb == EXIT_BLOCK_PTR_FOR_FN(fun))
			continue;
		if (bb == ENTRY_BLOCK_PTR_FOR_FN(fun)) {
			edge e;
			edge_iterator ei;

			FOR_EACH_EDGE(e, ei, bb->succs)
				block_add_edge(tu, ft.model, bb->index,
					       e->dest->index);
			continue;
		}
		translate_block(&ft, bb);
	}
	FOR_EACH_BB_FN(bb, fun)
		translate_phis(&ft, bb);
}

/* An operand naming a variable of a followed type, or its address. */
static bool mentions_followed(tree operand)
{
	if (!operand)
		return false;
	if (TREE_CODE(operand) == ADDR_EXPR)
		operand = TREE_OPERAND(operand, 0);
	if (TREE_CODE(operand) == ARRAY_REF)
		operand = TREE_OPERAND(operand, 0);
	return followed_tag(TREE_TYPE(operand)) != NULL;
}

/* What the core needs to choose bodies: callees, followed types. */
static void describe_function(struct translation_unit *tu,
			      struct function_model *model,
			      struct function *fun)
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (is_gimple_call(stmt)) {
				const char *name =
					identifier(gimple_call_fndecl(stmt));

				if (name)
					function_add_callee(tu, model, name);
				for (unsigned int i = 0;
				     !model->mentions_followed &&
				     i < gimple_call_num_args(stmt);
				     i++)
					model->mentions_followed =
						mentions_followed(
							gimple_call_arg(stmt,
									i));
				continue;
			}
			if (model->mentions_followed || !is_gimple_assign(stmt))
				continue;
			tree lhs = gimple_assign_lhs(stmt);

			model->mentions_followed =
				followed_tag(TREE_TYPE(lhs)) ||
				(TREE_CODE(lhs) == COMPONENT_REF &&
				 followed_tag(
					 DECL_CONTEXT(TREE_OPERAND(lhs, 1)))) ||
				mentions_followed(gimple_assign_rhs1(stmt));
		}
}

static const char *alias_target(tree decl)
{
	tree attribute = lookup_attribute("alias", DECL_ATTRIBUTES(decl));
	tree value;

	if (!attribute || !TREE_VALUE(attribute))
		return NULL;
	value = TREE_VALUE(TREE_VALUE(attribute));
	return value && TREE_CODE(value) == STRING_CST ?
		       TREE_STRING_POINTER(value) :
		       NULL;
}

static void describe_unit(struct translation_unit *tu)
{
	cgraph_node *node;

	for (const described_type &type : types)
		tu_describe_type(tu, type.tag.c_str(), type.size, type.align,
				 gcc_location(type.location));
	for (const described_enumerator &enumerator : enumerators)
		tu_describe_enumerator(tu, enumerator.name.c_str(),
				       enumerator.value);
	for (int i = 0; parse_in && model_followed_macros[i]; i++) {
		const char *name = model_followed_macros[i];

		if (cpp_defined(parse_in, (const unsigned char *)name,
				strlen(name)))
			tu_describe_macro(tu, name);
	}
	FOR_EACH_FUNCTION(node) {
		const char *target = alias_target(node->decl);

		if (target && identifier(node->decl))
			tu_describe_alias(tu, identifier(node->decl), target);
	}
}

/* A constant of a static initializer, as an operand. */
static struct operand static_operand(tree value)
{
	struct operand result = operand_unknown();
	long element;
	tree base;

	STRIP_NOPS(value);
	if (TREE_CODE(value) == INTEGER_CST && tree_fits_shwi_p(value))
		return operand_constant(tree_to_shwi(value));
	if (TREE_CODE(value) != ADDR_EXPR)
		return result;
	if (TREE_CODE(TREE_OPERAND(value, 0)) == FUNCTION_DECL) {
		result.kind = OPERAND_FUNCTION;
		result.name =
			tu_string(unit->tu, identifier(TREE_OPERAND(value, 0)));
		return result;
	}
	base = address_base(value, &element);
	return base ? operand_address(object_of(base), element) : result;
}

/* Variables of followed types, and file-scope initializers of them. */
static void describe_variables(struct translation_unit *tu)
{
	for (tree decl : declared) {
		tree initial = DECL_INITIAL(decl);
		int object = object_of(decl);
		unsigned HOST_WIDE_INT index;
		tree field, value;

		if (!TREE_STATIC(decl) || !initial ||
		    TREE_CODE(initial) != CONSTRUCTOR)
			continue;
		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(initial), index,
					 field, value) {
			struct instruction *write;
			location_t at;

			if (!field || TREE_CODE(field) != FIELD_DECL ||
			    !identifier(field))
				continue;
			write = block_add_instruction(tu, &tu->file_scope,
						      INSN_FIELD_WRITE);
			at = EXPR_P(value) && EXPR_HAS_LOCATION(value) ?
				     EXPR_LOCATION(value) :
				     DECL_SOURCE_LOCATION(decl);
			write->location = unit_location(tu, at);
			describe_macros(tu, write, at);
			write->field_write.object =
				operand_address(object, ELEMENT_WHOLE);
			write->field_write.type_tag = tu_string(
				tu, tag_name(strip_arrays(TREE_TYPE(decl))));
			write->field_write.field =
				tu_string(tu, identifier(field));
			write->field_write.source = static_operand(value);
		}
	}
}

void translate_unit(struct translation_unit *tu)
{
	unit_translation translation;
	std::map<int, cgraph_node *> bodies;
	cgraph_node *node;

	unit = &translation;
	translation.tu = tu;
	describe_unit(tu);
	describe_variables(tu);
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		struct function *fun = DECL_STRUCT_FUNCTION(node->decl);
		int index;

		if (!fun || !identifier(node->decl))
			continue;
		index = tu_add_function(
			tu, identifier(node->decl),
			gcc_location(DECL_SOURCE_LOCATION(node->decl)));
		describe_function(tu, &tu->functions[index], fun);
		bodies[index] = node;
	}
	model_select(tu);
	for (auto &body : bodies) {
		struct function *fun = DECL_STRUCT_FUNCTION(body.second->decl);

		if (!tu->functions[body.first].wanted)
			continue;
		push_cfun(fun);
		translate_body(tu, body.first, fun);
		pop_cfun();
	}
	unit = NULL;
}
