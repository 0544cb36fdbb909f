// SPDX-License-Identifier: GPL-2.0
/*
 * Expressions as the core's instructions: calls by name with their operands,
 * comparisons and arithmetic, field writes into followed structs, copies of
 * followed structs.  The CFG hands expressions over in the order they run,
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

static bool is_value_type(QualType type)
{
	return type->isIntegralOrEnumerationType() || type->isPointerType();
}

struct instruction *add_instruction(body_translation &body,
				    enum instruction_kind kind,
				    SourceLocation location)
{
	struct instruction *instruction = block_add_instruction(
		body.tu, &body.model->blocks[body.block], kind);

	instruction->location = unit_location(body.unit, location);
	return instruction;
}

static int new_value(body_translation &body)
{
	return body.model->value_count++;
}

/* An instruction that defines a value the model does not follow further. */
static struct operand defined(body_translation &body, const Expr *expr)
{
	struct instruction *define;

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
static struct value held_value(body_translation &body, struct operand operand,
			       SourceLocation location)
{
	struct instruction *copy;

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

static void write_local(body_translation &body, int variable,
			struct operand operand, SourceLocation location)
{
	ssa_builder_write(body.ssa, body.block, variable,
			  held_value(body, operand, location),
			  unit_location(body.unit, location));
}

static struct operand read_local(body_translation &body, int variable)
{
	return operand_of_value(
		ssa_builder_read(body.ssa, body.block, variable));
}

/* The struct a pointer type points to, as "struct foo", and its size. */
static const char *pointee(body_translation &body, QualType pointer,
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
static QualType unconverted_pointer_type(const Expr *expr)
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
static void note_result_type(body_translation &body, struct operand operand,
			     QualType type)
{
	struct instruction *call;
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

static struct operand address_operand(body_translation &body,
				      const Expr *object);

/* &pointer->member (or an element of it): a member of a followed type. */
static struct operand member_address(body_translation &body,
				     const Expr *object)
{
	const MemberExpr *member;
	struct instruction *copy;
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

static void describe_initializer(body_translation &body, struct operand object,
				 QualType type, const Expr *initializer,
				 SourceLocation fallback);

static struct operand address_operand(body_translation &body,
				      const Expr *object)
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
static struct operand load(body_translation &body, const Expr *expr,
			   const Expr *lvalue)
{
	int variable = local_variable(body, lvalue);
	struct instruction *copy;

	if (variable >= 0)
		return read_local(body, variable);
	value_operand(body, lvalue);
	if (!is_value_type(expr->getType()))
		return operand_unknown();
	if (!isa<DeclRefExpr>(lvalue->IgnoreParens()) ||
	    expr->getType().isVolatileQualified())
		return defined(body, expr);
	copy = add_instruction(body, INSN_ASSIGN, expr->getExprLoc());
	copy->result = new_value(body);
	copy->source = operand_unknown();
	return operand_value(copy->result);
}

static struct operand binary_instruction(body_translation &body,
					 const Expr *expr,
					 enum binary_operator op,
					 struct operand left,
					 struct operand right,
					 QualType left_type,
					 SourceLocation location)
{
	struct instruction *binary =
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
		return OP_EQ;
	case BO_NE:
		return OP_NE;
	case BO_LT:
		return OP_LT;
	case BO_LE:
		return OP_LE;
	case BO_GT:
		return OP_GT;
	case BO_GE:
		return OP_GE;
	case BO_Add:
	case BO_AddAssign:
		return OP_ADD;
	case BO_Sub:
	case BO_SubAssign:
		return OP_SUB;
	case BO_Or:
	case BO_OrAssign:
		return OP_BIT_OR;
	case BO_And:
	case BO_AndAssign:
		return OP_BIT_AND;
	default:
		return OP_OTHER;
	}
}

/* left OP right, as GIMPLE has it: pointer offsets in bytes. */
static struct operand arithmetic(body_translation &body, const Expr *expr,
				 BinaryOperatorKind kind, struct operand left,
				 struct operand right, QualType left_type,
				 SourceLocation location)
{
	enum binary_operator op = operator_of(kind);

	if (op == OP_OTHER || (op == OP_SUB && left_type->isPointerType() &&
			       expr->getType()->isIntegerType()))
		return defined(body, expr);
	if (left_type->isPointerType() && right.kind == OPERAND_CONSTANT) {
		QualType element = left_type->getPointeeType();

		if (!element->isVoidType() && !element->isIncompleteType())
			right.constant *= body.context.getTypeSizeInChars(element)
						  .getQuantity();
	}
	return binary_instruction(body, expr, op, left, right, left_type,
				  location);
}

/*
 * Where a field write is placed: the value, or for a value GIMPLE keeps no
 * place of (a plain variable or parameter, a constant) the '=' of an
 * assignment, the variable an initializer fills.
 */
static SourceLocation field_write_location(body_translation &body,
					   const Expr *value,
					   SourceLocation fallback)
{
	const Expr *stripped = value->IgnoreParenImpCasts();
	long long constant;

	if (fallback.isValid() &&
	    (isa<DeclRefExpr>(stripped) ||
	     compat_evaluate_int(stripped, body.context, &constant) ||
	     value->isNullPointerConstant(body.context,
					  Expr::NPC_ValueDependentIsNotNull)))
		return fallback;
	return written_value_location(value);
}

static void field_write(body_translation &body, struct operand object,
			const FieldDecl *field, const Expr *value,
			SourceLocation location)
{
	struct instruction *write;

	if (!field->getIdentifier())
		return;
	write = add_instruction(body, INSN_FIELD_WRITE, location);
	describe_macros(body.unit, write, location);
	write->field_write.object = object;
	write->field_write.type_tag =
		tu_string(body.tu, record_tag(body.context.getRecordType(
					   field->getParent())));
	write->field_write.field =
		tu_string(body.tu, field->getIdentifier()->getNameStart());
	write->field_write.source = value_operand(body, value);
}

static bool is_zero(body_translation &body, const Expr *value)
{
	long long constant;

	if (value->getType()->isPointerType())
		return value->isNullPointerConstant(
			body.context, Expr::NPC_ValueDependentIsNotNull);
	return compat_evaluate_int(value, body.context, &constant) &&
	       constant == 0;
}

/*
 * The fields an initializer list writes into a followed struct.  When it
 * leaves fields out, GIMPLE clears the whole and writes only what is not
 * zero; the same fields are described here.
 */
static void describe_initializer(body_translation &body, struct operand object,
				 QualType type, const Expr *initializer,
				 SourceLocation fallback)
{
	const InitListExpr *list =
		dyn_cast<InitListExpr>(initializer->IgnoreParens());
	const RecordDecl *record = type->getAsRecordDecl();
	bool cleared = false;
	unsigned int index = 0;

	if (!list || !record || record->isUnion() ||
	    !followed_tag(body.unit, type))
		return;
	if (list->isSyntacticForm() && list->getSemanticForm())
		list = list->getSemanticForm();
	for (auto field = record->field_begin(); field != record->field_end();
	     ++field, index++)
		if (index >= list->getNumInits() ||
		    isa<ImplicitValueInitExpr>(list->getInit(index)))
			cleared = true;
	index = 0;
	for (const FieldDecl *field : record->fields()) {
		const Expr *value;

		if (index >= list->getNumInits())
			break;
		value = list->getInit(index++);
		if (isa<ImplicitValueInitExpr>(value) ||
		    (cleared && is_zero(body, value)))
			continue;
		field_write(body, object, field, value,
			    field_write_location(body, value, fallback));
	}
}

/* A followed struct copied by value from 'source'. */
static void object_copy(body_translation &body, const Expr *source,
			SourceLocation location)
{
	const char *tag = followed_tag(body.unit, source->getType());
	const Expr *base = source->IgnoreParenImpCasts();
	struct instruction *copy;
	const char *name = "<unnamed>";

	if (!tag || source->getType()->isArrayType())
		return;
	while (const MemberExpr *member = dyn_cast<MemberExpr>(base))
		base = member->getBase()->IgnoreParenImpCasts();
	if (const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(base))
		name = ref->getDecl()->getIdentifier() ?
			       ref->getDecl()->getIdentifier()->getNameStart() :
			       name;
	copy = add_instruction(body, INSN_OBJECT_COPY, location);
	copy->object_copy.type_tag = tu_string(body.tu, tag);
	copy->object_copy.source_name = tu_string(body.tu, name);
}

/* lvalue = value: an SSA local, a followed field, a followed struct. */
static void assign(body_translation &body, const BinaryOperator *assignment,
		   struct operand value)
{
	const Expr *target = assignment->getLHS()->IgnoreParens();
	const Expr *source = assignment->getRHS();
	int variable = local_variable(body, target);

	if (variable >= 0) {
		write_local(body, variable, value,
			    written_value_location(source));
		return;
	}
	if (const MemberExpr *member = dyn_cast<MemberExpr>(target)) {
		const FieldDecl *field =
			dyn_cast<FieldDecl>(member->getMemberDecl());
		struct operand object = operand_unknown();
		const Expr *base = member->getBase()->IgnoreParenImpCasts();

		if (field &&
		    followed_tag(body.unit,
				 body.context.getRecordType(field->getParent()))) {
			if (member->isArrow())
				object = value_operand(body, member->getBase());
			else
				object = address_operand(body, base);
			field_write(body, object, field, source,
				    field_write_location(
					    body, source,
					    assignment->getOperatorLoc()));
			return;
		}
	}
	if (followed_tag(body.unit, target->getType()))
		object_copy(body, source, assignment->getOperatorLoc());
	value_operand(body, target);
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
	struct instruction *instruction;
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
		name = pointee(body,
			       unconverted_pointer_type(expr->getArg(i)), &size);
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
		return binary_instruction(body, expr, OP_NE, operand,
					  operand_constant(0), sub->getType(),
					  expr->getExprLoc());
	case CK_ToVoid:
		value_operand(body, sub);
		return operand_unknown();
	case CK_IntegralToFloating:
	case CK_FloatingToIntegral:
	case CK_FloatingCast:
	case CK_FloatingToBoolean:
		value_operand(body, sub);
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
		return binary_instruction(body, expr, OP_EQ,
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
		value_operand(body, sub);
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
		result = value_operand(body, expr->getRHS());
		assign(body, expr, result);
		return result;
	}
	if (expr->isCompoundAssignmentOp()) {
		right = value_operand(body, expr->getRHS());
		variable = local_variable(body, expr->getLHS());
		if (variable < 0) {
			value_operand(body, expr->getLHS());
			return defined(body, expr);
		}
		left = read_local(body, variable);
		result = arithmetic(body, expr,
				    BinaryOperator::getOpForCompoundAssignment(
					    kind),
				    left, right, expr->getLHS()->getType(),
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

static struct operand evaluate(body_translation &body, const Expr *expr)
{
	long long constant;

	if (foldable(expr) && !expr->HasSideEffects(body.context) &&
	    compat_evaluate_int(expr, body.context, &constant))
		return operand_constant(constant);
	if (expr->isGLValue()) {
		/* A place, not a value: what it needs is evaluated. */
		if (const CompoundLiteralExpr *literal =
			    dyn_cast<CompoundLiteralExpr>(expr))
			describe_initializer(
				body,
				operand_address(literal_object(body.unit,
							       literal),
						ELEMENT_WHOLE),
				literal->getType(), literal->getInitializer(),
				literal->getBeginLoc());
		else if (const MemberExpr *member = dyn_cast<MemberExpr>(expr))
			value_operand(body, member->getBase());
		else if (const ArraySubscriptExpr *subscript =
				 dyn_cast<ArraySubscriptExpr>(expr)) {
			value_operand(body, subscript->getBase());
			value_operand(body, subscript->getIdx());
		} else if (const UnaryOperator *deref =
				   dyn_cast<UnaryOperator>(expr))
			value_operand(body, deref->getSubExpr());
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
	case Stmt::StmtExprClass: {
		auto carrier = body.carriers.find(expr);

		return carrier == body.carriers.end() ?
			       operand_unknown() :
			       read_local(body, carrier->second);
	}
	case Stmt::ConstantExprClass:
		return value_operand(body, cast<ConstantExpr>(expr)->getSubExpr());
	case Stmt::OpaqueValueExprClass:
		return cast<OpaqueValueExpr>(expr)->getSourceExpr() ?
			       value_operand(body,
					     cast<OpaqueValueExpr>(expr)
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

static void declaration(body_translation &body, const VarDecl *variable)
{
	const Expr *initializer = variable->getInit();
	int local;

	if (!initializer || !variable->hasLocalStorage())
		return;
	local = local_variable_of(body, variable);
	if (local >= 0) {
		write_local(body, local, value_operand(body, initializer),
			    written_value_location(initializer));
		if (variable->getType()->isPointerType())
			note_result_type(body, body.values[initializer->IgnoreParens()],
					 variable->getType());
		return;
	}
	if (!followed_tag(body.unit, variable->getType()))
		return;
	if (isa<InitListExpr>(initializer->IgnoreParens()))
		describe_initializer(
			body,
			operand_address(object_of(body.unit, variable),
					ELEMENT_WHOLE),
			variable->getType(), initializer,
			variable->getLocation());
	else
		object_copy(body, initializer, variable->getLocation());
}

/* An asm's outputs are values the model cannot follow. */
static void asm_outputs(body_translation &body, const AsmStmt *statement)
{
	for (unsigned int i = 0; i < statement->getNumOutputs(); i++) {
		const Expr *output = statement->getOutputExpr(i);
		int variable = local_variable(body, output);
		struct instruction *define;

		if (variable < 0)
			continue;
		define = add_instruction(body, INSN_DEFINE,
					 statement->getBeginLoc());
		define->result = new_value(body);
		write_local(body, variable, operand_value(define->result),
			    statement->getBeginLoc());
	}
}

void translate_element(body_translation &body, const Stmt *statement)
{
	if (const Expr *expr = dyn_cast<Expr>(statement)) {
		value_operand(body, expr);
		return;
	}
	if (const DeclStmt *decls = dyn_cast<DeclStmt>(statement)) {
		for (const Decl *decl : decls->decls())
			if (const VarDecl *variable = dyn_cast<VarDecl>(decl))
				declaration(body, variable);
		return;
	}
	if (const AsmStmt *assembly = dyn_cast<AsmStmt>(statement))
		asm_outputs(body, assembly);
}
