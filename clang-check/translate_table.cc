// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of functions: loads of function pointers out of a variable of the
 * unit (`_exits[i]`, `ops.exit`, `parts[i].exit`, `ops_ptr->exit`), the
 * functions the variable's initializer holds, and whether that initializer
 * is all it ever holds.  Which call that makes, and whether to believe it,
 * is the core's business (core/lowering/lower_table.c); gcc-plugin/translate_table.cc
 * describes the same for GCC.
 */
#include <string.h>

#include "translate_internal.h"

using namespace clang;

/* The variable an lvalue names, through members and elements of it. */
const VarDecl *lvalue_variable(const Expr *lvalue)
{
	for (;;) {
		lvalue = lvalue->IgnoreParenImpCasts();
		if (const MemberExpr *member = dyn_cast<MemberExpr>(lvalue)) {
			if (member->isArrow())
				return nullptr;
			lvalue = member->getBase();
		} else if (const ArraySubscriptExpr *subscript =
				   dyn_cast<ArraySubscriptExpr>(lvalue)) {
			lvalue = subscript->getBase();
		} else if (const DeclRefExpr *ref =
				   dyn_cast<DeclRefExpr>(lvalue)) {
			const VarDecl *variable =
				dyn_cast<VarDecl>(ref->getDecl());

			return variable ? variable->getCanonicalDecl() :
					  nullptr;
		} else {
			return nullptr;
		}
	}
}

static bool function_pointer_type(QualType type)
{
	const PointerType *pointer = type->getAs<PointerType>();

	return pointer && pointer->getPointeeType()->isFunctionType();
}

bool parse_table_load(const Expr *lvalue, struct table_load *load)
{
	*load = (struct table_load){};
	lvalue = lvalue->IgnoreParens();
	if (!function_pointer_type(lvalue->getType()))
		return false;
	if (const MemberExpr *member = dyn_cast<MemberExpr>(lvalue)) {
		load->field = dyn_cast<FieldDecl>(member->getMemberDecl());
		if (!load->field || !load->field->getIdentifier())
			return false;
		if (member->isArrow()) {
			load->pointer = member->getBase();
			return true;
		}
		lvalue = member->getBase()->IgnoreParens();
	}
	if (const ArraySubscriptExpr *subscript =
		    dyn_cast<ArraySubscriptExpr>(lvalue)) {
		load->index = subscript->getIdx();
		lvalue = subscript->getBase()->IgnoreParenImpCasts();
	}
	const DeclRefExpr *ref = dyn_cast<DeclRefExpr>(lvalue);
	if ((!load->field && !load->index) || !ref)
		return false;
	load->variable = dyn_cast<VarDecl>(ref->getDecl());
	return load->variable && load->variable->hasGlobalStorage();
}

/* The function an initializer's value names, or NULL. */
static const FunctionDecl *function_of(const Expr *value)
{
	const DeclRefExpr *ref;

	value = value->IgnoreParenCasts();
	if (const UnaryOperator *address = dyn_cast<UnaryOperator>(value))
		if (address->getOpcode() == UO_AddrOf)
			value = address->getSubExpr()->IgnoreParens();
	ref = dyn_cast<DeclRefExpr>(value);
	return ref ? dyn_cast<FunctionDecl>(ref->getDecl()) : nullptr;
}

/* The semantic form of an initializer list, or NULL. */
static const InitListExpr *initializer_list(const Expr *initializer)
{
	const InitListExpr *list =
		initializer ?
			dyn_cast<InitListExpr>(initializer->IgnoreImplicit()) :
			nullptr;

	if (list && list->isSyntacticForm() && list->getSemanticForm())
		list = list->getSemanticForm();
	return list;
}

/* Every function a struct's initializer list holds, by member. */
template <typename Visit>
static void struct_entries(const InitListExpr *list, long element, Visit visit)
{
	const RecordDecl *record =
		list ? list->getType()->getAsRecordDecl() : nullptr;
	unsigned int index = 0;

	if (!record || record->isUnion())
		return;
	for (const FieldDecl *field : record->fields()) {
		const FunctionDecl *function;

		if (index >= list->getNumInits())
			return;
		function = function_of(list->getInit(index++));
		if (function && field->getIdentifier())
			visit(element, field->getIdentifier()->getNameStart(),
			      function);
	}
}

/*
 * Calls 'visit' on every function the variable's initializer holds: per
 * array element (ELEMENT_WHOLE for a struct), per member (NULL for an
 * array of function pointers).
 */
template <typename Visit>
static void for_each_entry(const VarDecl *variable, Visit visit)
{
	const VarDecl *definition = variable->getDefinition();
	const InitListExpr *list = initializer_list(
		definition ? definition->getInit() : variable->getInit());

	if (!list)
		return;
	if (list->getType()->isRecordType()) {
		struct_entries(list, ELEMENT_WHOLE, visit);
		return;
	}
	if (!list->getType()->isArrayType())
		return;
	for (unsigned int i = 0; i < list->getNumInits(); i++) {
		const Expr *value = list->getInit(i);
		const FunctionDecl *function = function_of(value);

		if (function)
			visit((long)i, (const char *)nullptr, function);
		else
			struct_entries(initializer_list(value), (long)i, visit);
	}
}

static void describe_table(unit_translation &unit, const VarDecl *variable)
{
	int object;

	variable = variable->getCanonicalDecl();
	if (!unit.tables.insert(variable).second)
		return;
	object = object_of(unit, variable);
	for_each_entry(variable, [&](long element, const char *field,
				     const FunctionDecl *function) {
		tu_describe_function_entry(unit.tu, object, element, field,
					   function->getNameAsString().c_str());
	});
	unit.tu->objects[object].written_in_unit =
		unit.written.count(variable) != 0;
}

/*
 * Whether the unit stores into each table, takes its address or lets it
 * decay to a pointer: the walk over the bodies and initializers notes
 * those (translate_unit.cc), and a table it meets on the way is described
 * before it has seen every body.  Whether that leaves the initializer all
 * the table holds is the core's to decide.
 */
void describe_table_writes(unit_translation &unit)
{
	for (const VarDecl *variable : unit.tables)
		unit.tu->objects[object_of(unit, variable)].written_in_unit =
			unit.written.count(variable) != 0;
}

/* The variable a pointer holds the address of, when its value says so. */
static const VarDecl *pointed_variable(body_translation &body,
				       const Expr *pointer)
{
	struct operand operand = value_operand(body, pointer);
	const struct model_instruction *copy;

	if (operand.kind != OPERAND_VALUE)
		return nullptr;
	copy = body.assigned_addresses.count(operand.value) ?
		       body.assigned_addresses[operand.value] :
		       nullptr;
	if (!copy || copy->source.kind != OPERAND_ADDRESS)
		return nullptr;
	auto found = body.unit.object_variables.find(copy->source.object);
	return found == body.unit.object_variables.end() ? nullptr :
							   found->second;
}

struct operand table_load(body_translation &body, const Expr *expr,
			  const struct table_load &load)
{
	struct model_instruction *instruction;
	const VarDecl *variable = load.variable;

	if (load.pointer)
		variable = pointed_variable(body, load.pointer);
	if (variable)
		describe_table(body.unit, variable);
	instruction = add_instruction(body, INSN_LOAD, expr->getExprLoc());
	if (load.pointer)
		instruction->load.object = value_operand(body, load.pointer);
	else
		instruction->load.object = operand_address(
			object_of(body.unit, load.variable), ELEMENT_WHOLE);
	instruction->load.indexed = load.index != nullptr;
	if (load.index)
		instruction->load.index = value_operand(body, load.index);
	if (load.field)
		instruction->load.field = tu_string(
			body.tu, load.field->getIdentifier()->getNameStart());
	instruction->result = new_value(body);
	return operand_value(instruction->result);
}

void describe_table_callees(unit_translation &unit,
			    struct function_model *model, const CallExpr *call)
{
	const CastExpr *loaded =
		dyn_cast<CastExpr>(call->getCallee()->IgnoreParens());
	struct table_load load;
	const char *field;

	if (!loaded || loaded->getCastKind() != CK_LValueToRValue ||
	    !parse_table_load(loaded->getSubExpr(), &load) || !load.variable)
		return;
	field = load.field ? load.field->getIdentifier()->getNameStart() :
			     nullptr;
	/* Which of its functions that reaches is the core's to decide. */
	describe_table(unit, load.variable);
	function_add_table_callee(
		unit.tu, model,
		object_of(unit, load.variable->getCanonicalDecl()), field);
}
