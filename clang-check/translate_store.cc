// SPDX-License-Identifier: GPL-2.0
/*
 * What a body writes: SSA locals, fields of followed structs (by
 * assignment, in initializers and compound literals), followed structs
 * copied by value; and the CFG's statements that are not expressions
 * (declarations, asm).  Placed as GIMPLE places them: a field written with
 * a plain variable or a constant at the '=' (or the variable an initializer
 * fills), anything else at the value.
 */
#include "translate_internal.h"

using namespace clang;

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
	struct model_instruction *write;

	if (!field->getIdentifier())
		return;
	write = add_instruction(body, INSN_FIELD_WRITE, location);
	describe_macros(body.unit, write, location);
	write->field_write.object = object;
	write->field_write.type_tag = tu_string(
		body.tu,
		record_tag(body.context.getRecordType(field->getParent())));
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
void describe_initializer(body_translation &body, struct operand object,
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
void object_copy(body_translation &body, const Expr *source,
		 SourceLocation location)
{
	const char *tag = followed_tag(body.unit, source->getType());
	const Expr *base = source->IgnoreParenImpCasts();
	struct model_instruction *copy;
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

/* Whether an initializer holds nothing but zeros, written or left out. */
static bool only_zeros(body_translation &body, const Expr *initializer)
{
	const InitListExpr *list =
		dyn_cast<InitListExpr>(initializer->IgnoreParens());

	if (!list)
		return isa<ImplicitValueInitExpr>(initializer) ||
		       is_zero(body, initializer);
	if (list->isSyntacticForm() && list->getSemanticForm())
		list = list->getSemanticForm();
	for (const Expr *init : list->inits())
		if (!only_zeros(body, init))
			return false;
	return !list->hasArrayFiller() ||
	       only_zeros(body, list->getArrayFiller());
}

/*
 * The fields a compound literal writes into itself.  One of nothing but
 * zeros writes none, and is an object only if its address is taken: GIMPLE
 * clears what it is assigned to in place (assign_cleared()).
 */
void describe_literal(body_translation &body,
		      const CompoundLiteralExpr *literal)
{
	if (only_zeros(body, literal->getInitializer()))
		return;
	describe_initializer(body,
			     operand_address(literal_object(body.unit, literal),
					     ELEMENT_WHOLE),
			     literal->getType(), literal->getInitializer(),
			     literal->getBeginLoc());
}

/*
 * 'target = (struct T){}' of a followed struct, the literal holding
 * nothing but zeros: GIMPLE clears the target in place ('target = {}') and
 * sparse stores a constant, so it is neither a copy nor an object of its
 * own, and no field is written but with zero.
 */
bool assign_cleared(body_translation &body, const BinaryOperator *assignment)
{
	const Expr *target = assignment->getLHS()->IgnoreParens();
	const CompoundLiteralExpr *literal = dyn_cast<CompoundLiteralExpr>(
		assignment->getRHS()->IgnoreParenImpCasts());

	if (!literal || !followed_tag(body.unit, target->getType()) ||
	    !only_zeros(body, literal->getInitializer()))
		return false;
	store_static(body, target, assignment->getOperatorLoc());
	value_operand(body, target);
	return true;
}

/* lvalue = value: an SSA local, a followed field, a followed struct. */
void assign(body_translation &body, const BinaryOperator *assignment,
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
		    followed_tag(body.unit, body.context.getRecordType(
						    field->getParent()))) {
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
	store_static(body, target, assignment->getOperatorLoc(), value);
	if (followed_tag(body.unit, target->getType()))
		object_copy(body, source, assignment->getOperatorLoc());
	value_operand(body, target);
	/* Stored to memory: read. */
	read_values(body, &value, 1, assignment->getOperatorLoc());
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
			note_result_type(
				body, body.values[initializer->IgnoreParens()],
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

/* An asm reads its inputs; its outputs are values the model cannot follow. */
static void asm_outputs(body_translation &body, const AsmStmt *statement)
{
	for (unsigned int i = 0; i < statement->getNumInputs(); i++) {
		struct operand input =
			value_operand(body, statement->getInputExpr(i));

		read_values(body, &input, 1, statement->getBeginLoc());
	}
	for (unsigned int i = 0; i < statement->getNumOutputs(); i++) {
		const Expr *output = statement->getOutputExpr(i);
		int variable = local_variable(body, output);
		struct model_instruction *define;

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
