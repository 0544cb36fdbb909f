// SPDX-License-Identifier: GPL-2.0
/*
 * Values as the core's model has them: SSA locals through the core's SSA
 * builder, values defined in ways the model does not follow, and the
 * struct type a pointer value points to (a call's result takes the type it
 * is used as, as GCC's plugin finds it through the uses of a result).
 */
#include "translate_internal.h"

using namespace clang;

bool is_value_type(QualType type)
{
	return type->isIntegralOrEnumerationType() || type->isPointerType();
}

struct model_instruction *add_instruction(body_translation &body,
					  enum instruction_kind kind,
					  SourceLocation location)
{
	struct model_instruction *instruction = block_add_instruction(
		body.tu, &body.model->blocks[body.block], kind);

	instruction->location = unit_location(body.unit, location);
	return instruction;
}

int new_value(body_translation &body)
{
	return body.model->value_count++;
}

/*
 * The values an operation reads that no instruction of the model names (a
 * store to memory, an operator the model has no name for, a switch, an
 * asm): the core must know they are read (core/lowering/lower_uses.c).
 */
void read_values(body_translation &body, const struct operand *operands,
		 size_t count, SourceLocation location)
{
	struct model_instruction *use;
	size_t read = 0;

	for (size_t i = 0; i < count; i++)
		if (operands[i].kind == OPERAND_VALUE ||
		    operands[i].kind == OPERAND_MEMBER_ADDRESS)
			read++;
	if (!read)
		return;
	use = add_instruction(body, INSN_USE, location);
	use->use.operands = tu_operands(body.tu, read);
	for (size_t i = 0; i < count; i++)
		if (operands[i].kind == OPERAND_VALUE ||
		    operands[i].kind == OPERAND_MEMBER_ADDRESS)
			use->use.operands[use->use.operand_count++] =
				operands[i];
}

/* An instruction that defines a value the model does not follow further. */
struct operand defined(body_translation &body, const Expr *expr)
{
	struct model_instruction *define;

	if (!is_value_type(expr->getType()))
		return operand_unknown();
	define = add_instruction(body, INSN_DEFINE, expr->getExprLoc());
	define->result = new_value(body);
	return operand_value(define->result);
}

/*
 * What an SSA variable can hold: a value, a constant or nothing known.  An
 * address or a function is given a value by a copy, as GIMPLE gives one.
 */
struct value held_value(body_translation &body, struct operand operand,
			SourceLocation location)
{
	struct model_instruction *copy;

	switch (operand.kind) {
	case OPERAND_VALUE:
		return value_id(operand.value);
	case OPERAND_CONSTANT:
		return value_constant((long)operand.constant);
	case OPERAND_UNKNOWN:
		return value_unknown();
	default:
		copy = add_instruction(body, INSN_ASSIGN, location);
		copy->result = new_value(body);
		copy->source = operand;
		body.assigned_addresses[copy->result] = copy;
		return value_id(copy->result);
	}
}

static struct operand operand_of_value(struct value value)
{
	if (value.kind == VALUE_ID)
		return operand_value(value.id);
	if (value.kind == VALUE_CONSTANT)
		return operand_constant(value.constant);
	return operand_unknown();
}

/*
 * A phi input's location says which return statement returned it, where a
 * compiler merged returns into one block (GCC); a local's assignment is
 * none, so its phis have no location, and the core splits a return where
 * paths meet at the return statement (core/lowering/canonical.c).
 */
void write_local(body_translation &body, int variable, struct operand operand,
		 SourceLocation location)
{
	ssa_builder_write(body.ssa, body.block, variable,
			  held_value(body, operand, location),
			  (struct source_location){ nullptr, 0, 0 });
}

struct operand read_local(body_translation &body, int variable)
{
	return operand_of_value(
		ssa_builder_read(body.ssa, body.block, variable));
}

/* The struct a pointer type points to, as "struct foo", and its size. */
const char *pointee(body_translation &body, QualType pointer,
		    unsigned long *size)
{
	const PointerType *type = pointer->getAs<PointerType>();
	const RecordDecl *record;
	std::string name;

	if (!type)
		return nullptr;
	/* A byte or void pointer says nothing of what the object is. */
	record = type->getPointeeType()->getAsRecordDecl();
	if (!record || !record->isCompleteDefinition())
		return nullptr;
	if (record->getIdentifier())
		name = std::string(record->isUnion() ? "union " : "struct ") +
		       record->getIdentifier()->getNameStart();
	else if (const TypedefNameDecl *typedef_name =
			 record->getTypedefNameForAnonDecl())
		name = typedef_name->getNameAsString();
	else
		return nullptr;
	*size = body.context.getTypeSizeInChars(type->getPointeeType())
			.getQuantity();
	return *size ? tu_string(body.tu, name.c_str()) : nullptr;
}

/* Pointer conversions are no conversions in GIMPLE: the type before them. */
QualType unconverted_pointer_type(const Expr *expr)
{
	expr = expr->IgnoreParens();
	while (const CastExpr *cast = dyn_cast<CastExpr>(expr)) {
		if ((cast->getCastKind() != CK_BitCast &&
		     cast->getCastKind() != CK_NoOp) ||
		    !cast->getSubExpr()->getType()->isPointerType())
			break;
		expr = cast->getSubExpr()->IgnoreParens();
	}
	return expr->getType();
}

/* A call's pointer result used as a struct pointer gives the call its type. */
void note_result_type(body_translation &body, struct operand operand,
		      QualType type)
{
	struct model_instruction *call;
	unsigned long size;
	const char *name;

	if (operand.kind != OPERAND_VALUE)
		return;
	auto found = body.untyped_results.find(operand.value);
	if (found == body.untyped_results.end())
		return;
	name = pointee(body, type, &size);
	if (!name)
		return;
	call = found->second;
	call->call.result_pointee = name;
	call->call.result_pointee_size = size;
	body.untyped_results.erase(found);
}

const char *static_variable(body_translation &body, const Expr *lvalue)
{
	const VarDecl *variable = lvalue_variable(lvalue);

	if (!variable || !variable->hasGlobalStorage() ||
	    !variable->getIdentifier())
		return nullptr;
	return tu_string(body.tu, variable->getName().str().c_str());
}
