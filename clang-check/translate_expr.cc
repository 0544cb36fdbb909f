// SPDX-License-Identifier: GPL-2.0
/*
 * Expressions as the core's instructions: calls by name with their operands,
 * comparisons and arithmetic, addresses, loads (what they write is in
 * translate_store.cc).  The CFG hands expressions over in the order they run,
 * operands first (CFG::BuildOptions::setAllAlwaysAdd()); each one's operand
 * is kept, so a parent finds its children's.  Values are shaped as GCC's
 * GIMPLE has them when its plugin looks, so that the core lowers the same
 * code to the same events: copies and conversions are not instructions, a
 * conversion to _Bool is a comparison with zero, a load from a variable in
 * memory is a copy of something unknown, any other load defines a value,
 * and a call whose value is thrown away has no result.
 */
#include "translate_internal.h"

using namespace clang;

/* &pointer->member (or an element of it): a member of a followed type. */
static struct operand member_address(body_translation &body, const Expr *object)
{
	const MemberExpr *member;
	struct model_instruction *copy;
	struct operand result;
	const char *tag;

	if (const ArraySubscriptExpr *subscript =
		    dyn_cast<ArraySubscriptExpr>(object))
		object = subscript->getBase()->IgnoreParenImpCasts();
	member = dyn_cast<MemberExpr>(object);
	if (!member || !member->isArrow())
		return operand_unknown();
	tag = followed_tag(body.unit, member->getMemberDecl()->getType());
	if (!tag)
		return operand_unknown();
	result = value_operand(body, member->getBase());
	if (result.kind != OPERAND_VALUE)
		return operand_unknown();
	result.kind = OPERAND_MEMBER_ADDRESS;
	result.name = tu_string(body.tu, tag);
	result.pointee = tu_string(
		body.tu, member->getMemberDecl()->getNameAsString().c_str());
	/* Not a GIMPLE value: GCC computes it into a temporary first. */
	copy = add_instruction(body, INSN_ASSIGN, object->getExprLoc());
	copy->result = new_value(body);
	copy->source = result;
	return operand_value(copy->result);
}

struct operand address_operand(body_translation &body, const Expr *object)
{
	long element = ELEMENT_WHOLE;
	long long constant;

	object = object->IgnoreParens();
	if (const ArraySubscriptExpr *subscript =
		    dyn_cast<ArraySubscriptExpr>(object)) {
		const Expr *base = subscript->getBase()->IgnoreParenImpCasts();

		value_operand(body, subscript->getIdx());
		if (!isa<DeclRefExpr>(base) || !base->getType()->isArrayType())
			return member_address(body, object);
		element = compat_evaluate_int(subscript->getIdx(), body.context,
					      &constant) ?
				  (long)constant :
				  ELEMENT_UNKNOWN;
		object = base;
	}
	if (const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(object))
		return declared_operand(body.unit, ref, element);
	if (const CompoundLiteralExpr *literal =
		    dyn_cast<CompoundLiteralExpr>(object)) {
		value_operand(body, literal);
		return operand_address(literal_object(body.unit, literal),
				       ELEMENT_WHOLE);
	}
	if (isa<StringLiteral>(object) || isa<PredefinedExpr>(object)) {
		struct operand result = operand_unknown();

		result.kind = OPERAND_STRING;
		return result;
	}
	if (const UnaryOperator *unary = dyn_cast<UnaryOperator>(object))
		if (unary->getOpcode() == UO_Deref)
			return value_operand(body, unary->getSubExpr());
	return member_address(body, object);
}

/* A load: from an SSA local, a variable in memory, or anything else. */
void store_static(body_translation &body, const Expr *target,
		  SourceLocation location, struct operand value)
{
	const char *stored = static_variable(body, target);
	struct model_instruction *store;

	if (!stored)
		return;
	store = add_instruction(body, INSN_STORE, location);
	store->store = stored;
	store->stored_value = value;
	store->volatile_access = target->getType().isVolatileQualified();
}

/*
 * What a load from a variable with static storage reads: `done[i]`, an
 * element of an array picked by a value, says which value.
 */
static struct operand memory_read(body_translation &body, const Expr *lvalue,
				  const char *variable)
{
	const ArraySubscriptExpr *subscript =
		dyn_cast<ArraySubscriptExpr>(lvalue->IgnoreParens());
	const DeclRefExpr *array;

	if (!subscript)
		return operand_memory(variable);
	array = dyn_cast<DeclRefExpr>(
		subscript->getBase()->IgnoreParenImpCasts());
	if (!array || !array->getType()->isArrayType())
		return operand_memory(variable);
	return operand_memory_element(variable,
				      value_operand(body, subscript->getIdx()));
}

static struct operand load(body_translation &body, const Expr *expr,
			   const Expr *lvalue)
{
	int variable = local_variable(body, lvalue);
	const char *stored_in;
	struct model_instruction *copy;
	struct table_load table;

	if (variable >= 0)
		return read_local(body, variable);
	if (parse_table_load(lvalue, &table))
		return table_load(body, expr, table);
	value_operand(body, lvalue);
	if (!is_value_type(expr->getType()))
		return operand_unknown();
	/* As GCC loads them: a variable, or a part of a static one. */
	stored_in = static_variable(body, lvalue);
	if (!isa<DeclRefExpr>(lvalue->IgnoreParens()) && !stored_in)
		return defined(body, expr);
	if (!stored_in && expr->getType().isVolatileQualified())
		return defined(body, expr);
	copy = add_instruction(body, INSN_ASSIGN, expr->getExprLoc());
	copy->result = new_value(body);
	copy->source = stored_in ? memory_read(body, lvalue, stored_in) :
				   operand_unknown();
	copy->volatile_access = expr->getType().isVolatileQualified();
	return operand_value(copy->result);
}

static struct operand
binary_instruction(body_translation &body, const Expr *expr,
		   enum binary_operator op, struct operand left,
		   struct operand right, QualType left_type,
		   SourceLocation location)
{
	struct model_instruction *binary =
		add_instruction(body, INSN_BINARY, location);

	binary->binary.op = op;
	binary->binary.is_unsigned = left_type->isUnsignedIntegerType() ||
				     left_type->isPointerType();
	binary->binary.left = left;
	binary->binary.right = right;
	binary->result = new_value(body);
	(void)expr;
	return operand_value(binary->result);
}

static enum binary_operator operator_of(BinaryOperatorKind kind)
{
	switch (kind) {
	case BO_EQ:
		return BINARY_EQ;
	case BO_NE:
		return BINARY_NE;
	case BO_LT:
		return BINARY_LT;
	case BO_LE:
		return BINARY_LE;
	case BO_GT:
		return BINARY_GT;
	case BO_GE:
		return BINARY_GE;
	case BO_Add:
	case BO_AddAssign:
		return BINARY_ADD;
	case BO_Sub:
	case BO_SubAssign:
		return BINARY_SUB;
	case BO_Or:
	case BO_OrAssign:
		return BINARY_BIT_OR;
	case BO_And:
	case BO_AndAssign:
		return BINARY_BIT_AND;
	default:
		return BINARY_OTHER;
	}
}

/* left OP right, as GIMPLE has it: pointer offsets in bytes. */
static struct operand arithmetic(body_translation &body, const Expr *expr,
				 BinaryOperatorKind kind, struct operand left,
				 struct operand right, QualType left_type,
				 SourceLocation location)
{
	enum binary_operator op = operator_of(kind);

	if (op == BINARY_OTHER ||
	    (op == BINARY_SUB && left_type->isPointerType() &&
	     expr->getType()->isIntegerType())) {
		struct operand operands[2] = { left, right };

		read_values(body, operands, 2, location);
		return defined(body, expr);
	}
	if (left_type->isPointerType() && right.kind == OPERAND_CONSTANT) {
		QualType element = left_type->getPointeeType();

		if (!element->isVoidType() && !element->isIncompleteType())
			right.constant *=
				body.context.getTypeSizeInChars(element)
					.getQuantity();
	}
	return binary_instruction(body, expr, op, left, right, left_type,
				  location);
}

/* Whether a call's value is used: GIMPLE gives a thrown-away one no lhs. */
static bool value_used(body_translation &body, const Expr *expr)
{
	return !body.discarded.count(expr);
}

static struct operand call(body_translation &body, const CallExpr *expr)
{
	const FunctionDecl *callee = expr->getDirectCallee();
	unsigned int count = expr->getNumArgs();
	struct model_instruction *instruction;
	QualType result = expr->getCallReturnType(body.context);
	auto outer = body.call_locations.find(expr);
	SourceLocation location = outer != body.call_locations.end() ?
					  outer->second :
					  expr->getBeginLoc();
	unsigned long size;
	const char *name;

	for (unsigned int i = 0; i < count; i++) {
		const Expr *argument = expr->getArg(i);
		const Expr *stripped = argument->IgnoreParenImpCasts();

		value_operand(body, argument);
		if (isa<DeclRefExpr>(stripped))
			object_copy(body, argument, location);
	}
	if (!callee)
		value_operand(body, expr->getCallee());
	instruction = add_instruction(body, INSN_CALL, location);
	describe_macros(body.unit, instruction, location);
	if (callee && callee->getIdentifier())
		instruction->call.name = tu_string(
			body.tu, callee->getIdentifier()->getNameStart());
	else
		instruction->call.target =
			value_operand(body, expr->getCallee());
	instruction->call.argument_count = count;
	instruction->call.arguments = tu_operands(body.tu, count);
	for (unsigned int i = 0; i < count; i++) {
		struct operand *argument = &instruction->call.arguments[i];

		*argument = value_operand(body, expr->getArg(i));
		name = pointee(body, unconverted_pointer_type(expr->getArg(i)),
			       &size);
		if (name) {
			argument->pointee = name;
			argument->pointee_size = size;
		}
	}
	if (!is_value_type(result) || !value_used(body, expr))
		return operand_unknown();
	instruction->result = new_value(body);
	name = pointee(body, result, &size);
	if (name) {
		instruction->call.result_pointee = name;
		instruction->call.result_pointee_size = size;
	} else if (result->isPointerType()) {
		body.untyped_results[instruction->result] = instruction;
	}
	return operand_value(instruction->result);
}

static struct operand cast(body_translation &body, const CastExpr *expr)
{
	const Expr *sub = expr->getSubExpr();
	struct operand operand;

	switch (expr->getCastKind()) {
	case CK_LValueToRValue:
		return load(body, expr, sub);
	case CK_ArrayToPointerDecay:
	case CK_FunctionToPointerDecay:
		return address_operand(body, sub);
	case CK_IntegralToBoolean:
	case CK_PointerToBoolean:
		operand = value_operand(body, sub);
		return binary_instruction(body, expr, BINARY_NE, operand,
					  operand_constant(0), sub->getType(),
					  expr->getExprLoc());
	case CK_ToVoid:
		value_operand(body, sub);
		return operand_unknown();
	case CK_IntegralToFloating:
	case CK_FloatingToIntegral:
	case CK_FloatingCast:
	case CK_FloatingToBoolean:
		operand = value_operand(body, sub);
		read_values(body, &operand, 1, expr->getExprLoc());
		return defined(body, expr);
	default:
		operand = value_operand(body, sub);
		if (expr->getType()->isPointerType())
			note_result_type(body, operand, expr->getType());
		return operand;
	}
}

static struct operand unary(body_translation &body, const UnaryOperator *expr)
{
	const Expr *sub = expr->getSubExpr();
	struct operand old, updated;
	int variable;

	switch (expr->getOpcode()) {
	case UO_AddrOf:
		return address_operand(body, sub);
	case UO_LNot:
		return binary_instruction(body, expr, BINARY_EQ,
					  value_operand(body, sub),
					  operand_constant(0), sub->getType(),
					  expr->getExprLoc());
	case UO_Extension:
		return value_operand(body, sub);
	case UO_PreInc:
	case UO_PostInc:
	case UO_PreDec:
	case UO_PostDec:
		variable = local_variable(body, sub);
		if (variable < 0) {
			value_operand(body, sub);
			store_static(body, sub, expr->getExprLoc());
			return defined(body, expr);
		}
		old = read_local(body, variable);
		updated = arithmetic(body, expr,
				     expr->isIncrementOp() ? BO_Add : BO_Sub,
				     old, operand_constant(1), sub->getType(),
				     expr->getExprLoc());
		write_local(body, variable, updated, expr->getExprLoc());
		return expr->isPrefix() ? updated : old;
	default:
		old = value_operand(body, sub);
		read_values(body, &old, 1, expr->getExprLoc());
		return defined(body, expr);
	}
}

static struct operand binary(body_translation &body, const BinaryOperator *expr)
{
	BinaryOperatorKind kind = expr->getOpcode();
	struct operand left, right, result;
	int variable;

	if (expr->isLogicalOp()) {
		auto carrier = body.carriers.find(expr);

		return carrier == body.carriers.end() ?
			       operand_unknown() :
			       read_local(body, carrier->second);
	}
	if (kind == BO_Comma) {
		value_operand(body, expr->getLHS());
		return value_operand(body, expr->getRHS());
	}
	if (kind == BO_Assign) {
		if (assign_cleared(body, expr))
			return operand_unknown();
		result = value_operand(body, expr->getRHS());
		assign(body, expr, result);
		return result;
	}
	if (expr->isCompoundAssignmentOp()) {
		right = value_operand(body, expr->getRHS());
		variable = local_variable(body, expr->getLHS());
		if (variable < 0) {
			value_operand(body, expr->getLHS());
			store_static(body, expr->getLHS(),
				     expr->getOperatorLoc());
			read_values(body, &right, 1, expr->getOperatorLoc());
			return defined(body, expr);
		}
		left = read_local(body, variable);
		result = arithmetic(
			body, expr,
			BinaryOperator::getOpForCompoundAssignment(kind), left,
			right, expr->getLHS()->getType(),
			expr->getOperatorLoc());
		write_local(body, variable, result, expr->getExprLoc());
		return result;
	}
	left = value_operand(body, expr->getLHS());
	right = value_operand(body, expr->getRHS());
	if (expr->isComparisonOp())
		return binary_instruction(body, expr, operator_of(kind), left,
					  right, expr->getLHS()->getType(),
					  expr->getExprLoc());
	return arithmetic(body, expr, kind, left, right,
			  expr->getLHS()->getType(), expr->getExprLoc());
}

/* Expressions whose value an integer constant gives, as GCC folds them. */
static bool foldable(const Expr *expr)
{
	switch (expr->getStmtClass()) {
	case Stmt::IntegerLiteralClass:
	case Stmt::CharacterLiteralClass:
	case Stmt::UnaryExprOrTypeTraitExprClass:
	case Stmt::OffsetOfExprClass:
	case Stmt::DeclRefExprClass:
	case Stmt::ImplicitCastExprClass:
	case Stmt::CStyleCastExprClass:
	case Stmt::UnaryOperatorClass:
	case Stmt::BinaryOperatorClass:
	case Stmt::ConditionalOperatorClass:
	case Stmt::ConstantExprClass:
		return expr->getType()->isIntegralOrEnumerationType();
	case Stmt::CallExprClass:
		/* __builtin_constant_p() and friends. */
		return cast<CallExpr>(expr)->getBuiltinCallee() &&
		       expr->getType()->isIntegralOrEnumerationType();
	default:
		return false;
	}
}

/* The pointer (and index) a place is reached through are read. */
static void read_place(body_translation &body, const Expr *base,
		       const Expr *index)
{
	struct operand operands[2] = { value_operand(body, base),
				       index ? value_operand(body, index) :
					       operand_unknown() };

	read_values(body, operands, 2, base->getExprLoc());
}

/*
 * An operator that is an integer constant only when each operand is: an
 * arithmetic, bitwise, shift or comparison operator, a sign, a negation,
 * a conversion of a value (not a read of a place).
 */
static bool strict_operator(const Expr *expr, const Expr *operands[2])
{
	operands[0] = operands[1] = nullptr;
	if (const CastExpr *cast = dyn_cast<CastExpr>(expr)) {
		operands[0] = cast->getSubExpr()->IgnoreParens();
	} else if (const UnaryOperator *unary = dyn_cast<UnaryOperator>(expr)) {
		switch (unary->getOpcode()) {
		case UO_Plus:
		case UO_Minus:
		case UO_Not:
		case UO_LNot:
			operands[0] = unary->getSubExpr()->IgnoreParens();
			break;
		default:
			return false;
		}
	} else if (const BinaryOperator *binary =
			   dyn_cast<BinaryOperator>(expr)) {
		if (isa<CompoundAssignOperator>(binary) ||
		    !(binary->isMultiplicativeOp() || binary->isAdditiveOp() ||
		      binary->isShiftOp() || binary->isComparisonOp() ||
		      binary->isBitwiseOp()))
			return false;
		operands[0] = binary->getLHS()->IgnoreParens();
		operands[1] = binary->getRHS()->IgnoreParens();
	} else {
		return false;
	}
	return true;
}

/*
 * Whether an operator's integer operand is a value, not a constant: then
 * the operator is no constant either, and asking Clang's evaluator, which
 * evaluates the whole expression below it again, would cost a pass over
 * it at each level: quadratic in the depth.  The operands are evaluated
 * here, as the operator's own translation would evaluate them next.
 */
static bool operand_not_constant(body_translation &body, const Expr *expr)
{
	const Expr *operands[2];

	if (!strict_operator(expr, operands))
		return false;
	for (const Expr *operand : operands)
		if (operand && !operand->isGLValue() && foldable(operand) &&
		    value_operand(body, operand).kind != OPERAND_CONSTANT)
			return true;
	return false;
}

static struct operand evaluate(body_translation &body, const Expr *expr)
{
	long long constant;

	if (foldable(expr) && !operand_not_constant(body, expr) &&
	    !expr->HasSideEffects(body.context) &&
	    compat_evaluate_int(expr, body.context, &constant))
		return operand_constant(constant);
	if (expr->isGLValue()) {
		/* A place, not a value: what it needs is evaluated. */
		if (const CompoundLiteralExpr *literal =
			    dyn_cast<CompoundLiteralExpr>(expr))
			describe_literal(body, literal);
		else if (const MemberExpr *member = dyn_cast<MemberExpr>(expr))
			read_place(body, member->getBase(), nullptr);
		else if (const ArraySubscriptExpr *subscript =
				 dyn_cast<ArraySubscriptExpr>(expr))
			read_place(body, subscript->getBase(),
				   subscript->getIdx());
		else if (const UnaryOperator *deref =
				 dyn_cast<UnaryOperator>(expr))
			read_place(body, deref->getSubExpr(), nullptr);
		return operand_unknown();
	}
	switch (expr->getStmtClass()) {
	case Stmt::CallExprClass:
		return call(body, cast<CallExpr>(expr));
	case Stmt::ImplicitCastExprClass:
	case Stmt::CStyleCastExprClass:
		return cast(body, cast<CastExpr>(expr));
	case Stmt::UnaryOperatorClass:
		return unary(body, cast<UnaryOperator>(expr));
	case Stmt::BinaryOperatorClass:
	case Stmt::CompoundAssignOperatorClass:
		return binary(body, cast<BinaryOperator>(expr));
	case Stmt::ConditionalOperatorClass:
	case Stmt::BinaryConditionalOperatorClass:
	case Stmt::StmtExprClass: {
		auto carrier = body.carriers.find(expr);

		return carrier == body.carriers.end() ?
			       operand_unknown() :
			       read_local(body, carrier->second);
	}
	case Stmt::ConstantExprClass:
		return value_operand(body,
				     cast<ConstantExpr>(expr)->getSubExpr());
	case Stmt::OpaqueValueExprClass:
		return cast<OpaqueValueExpr>(expr)->getSourceExpr() ?
			       value_operand(body, cast<OpaqueValueExpr>(expr)
							   ->getSourceExpr()) :
			       operand_unknown();
	case Stmt::InitListExprClass:
	case Stmt::ImplicitValueInitExprClass:
		return operand_unknown();
	default:
		return defined(body, expr);
	}
}

struct operand value_operand(body_translation &body, const Expr *expr)
{
	struct operand result;

	expr = expr->IgnoreParens();
	auto found = body.values.find(expr);
	if (found != body.values.end())
		return found->second;
	/* Marked first: a value is evaluated once, even if asked again. */
	body.values[expr] = operand_unknown();
	result = evaluate(body, expr);
	body.values[expr] = result;
	auto carried = body.carried_by.find(expr);
	if (carried != body.carried_by.end())
		write_local(body, carried->second, result, expr->getBeginLoc());
	return result;
}
