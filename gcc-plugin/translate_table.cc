// SPDX-License-Identifier: GPL-2.0
/*
 * Tables of functions: loads of function pointers out of a variable of the
 * unit (`_exits[i]`, `ops.exit`, `parts[i].exit`, `ops_ptr->exit`), the
 * functions the variable's initializer holds, and whether that initializer
 * is all it ever holds.  Which call that makes, and whether to believe it,
 * is the core's business (core/lowering/lower_table.c).
 */
#include "gcc-compat.h"

#include <set>

#include "translate.h"
#include "translate_internal.h"

/* A load out of a variable: base[index].field, each part optional. */
struct table_load {
	tree base; /* a VAR_DECL, or a MEM_REF of a pointer */
	tree index;
	tree field;
};

static bool function_pointer_type(tree type)
{
	return type && POINTER_TYPE_P(type) &&
	       TREE_CODE(TREE_TYPE(type)) == FUNCTION_TYPE;
}

/* An element, a member, or a member of an element, of one variable. */
static bool parse_load(tree reference, struct table_load *load)
{
	load->index = NULL_TREE;
	load->field = NULL_TREE;
	if (TREE_CODE(reference) == COMPONENT_REF) {
		load->field = TREE_OPERAND(reference, 1);
		if (!identifier(load->field))
			return false;
		reference = TREE_OPERAND(reference, 0);
	}
	if (TREE_CODE(reference) == ARRAY_REF) {
		load->index = TREE_OPERAND(reference, 1);
		reference = TREE_OPERAND(reference, 0);
	}
	if (!load->field && !load->index)
		return false;
	/* *(&variable + 0) is the variable. */
	if (TREE_CODE(reference) == MEM_REF &&
	    TREE_CODE(TREE_OPERAND(reference, 0)) == ADDR_EXPR &&
	    TREE_CODE(TREE_OPERAND(TREE_OPERAND(reference, 0), 0)) ==
		    VAR_DECL &&
	    integer_zerop(TREE_OPERAND(reference, 1)))
		reference = TREE_OPERAND(TREE_OPERAND(reference, 0), 0);
	load->base = reference;
	if (TREE_CODE(reference) == VAR_DECL)
		return TREE_STATIC(reference) || DECL_EXTERNAL(reference);
	/* Through a pointer: *(p + 0) only, no arithmetic on it. */
	return TREE_CODE(reference) == MEM_REF &&
	       TREE_CODE(TREE_OPERAND(reference, 0)) == SSA_NAME &&
	       integer_zerop(TREE_OPERAND(reference, 1));
}

/* The variable a pointer holds the address of, when its SSA says so. */
static tree pointed_variable(tree pointer)
{
	gimple *def;
	long element;
	tree root = root_of(pointer);

	if (TREE_CODE(root) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(root)) {
		def = SSA_NAME_DEF_STMT(root);
		if (!def || !gimple_assign_single_p(def))
			return NULL_TREE;
		root = gimple_assign_rhs1(def);
	}
	root = address_base(root, &element);
	return root && TREE_CODE(root) == VAR_DECL ? root : NULL_TREE;
}

/* The variable the load reads from, directly or through a pointer. */
static tree loaded_variable(const struct table_load *load)
{
	if (TREE_CODE(load->base) == VAR_DECL)
		return load->base;
	return pointed_variable(TREE_OPERAND(load->base, 0));
}

static const char *function_of(tree value)
{
	STRIP_NOPS(value);
	if (TREE_CODE(value) != ADDR_EXPR ||
	    TREE_CODE(TREE_OPERAND(value, 0)) != FUNCTION_DECL)
		return NULL;
	return identifier(TREE_OPERAND(value, 0));
}

/*
 * Calls 'visit' on every function the initializer holds: per array
 * element (ELEMENT_WHOLE for a struct), per member (NULL for an array of
 * function pointers).
 */
template <typename Visit> static void for_each_entry(tree decl, Visit visit)
{
	tree initial = DECL_INITIAL(decl);
	unsigned HOST_WIDE_INT i;
	tree purpose, value;
	long position = 0;

	if (!initial || TREE_CODE(initial) != CONSTRUCTOR)
		return;
	if (RECORD_OR_UNION_TYPE_P(TREE_TYPE(decl))) {
		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(initial), i, purpose,
					 value)
			if (purpose && TREE_CODE(purpose) == FIELD_DECL &&
			    function_of(value))
				visit(ELEMENT_WHOLE, identifier(purpose),
				      function_of(value));
		return;
	}
	if (TREE_CODE(TREE_TYPE(decl)) != ARRAY_TYPE)
		return;
	FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(initial), i, purpose, value) {
		unsigned HOST_WIDE_INT j;
		tree member, function;

		/* [a ... b] = f ranges are rare in tables: stop there. */
		if (purpose && (TREE_CODE(purpose) != INTEGER_CST ||
				!tree_fits_shwi_p(purpose)))
			return;
		if (purpose)
			position = (long)tree_to_shwi(purpose);
		if (function_of(value))
			visit(position, (const char *)NULL, function_of(value));
		else if (TREE_CODE(value) == CONSTRUCTOR)
			FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(value), j,
						 member, function)
				if (member && TREE_CODE(member) == FIELD_DECL &&
				    function_of(function))
					visit(position, identifier(member),
					      function_of(function));
		position++;
	}
}

/*
 * Whether the unit stores into the variable or takes its address.  GCC's
 * call graph lists every reference to a variable from functions and from
 * other variables' initializers (loads, stores, addresses taken, aliases),
 * so one walk over this variable's list answers it, with no scan of the
 * unit's statements.  A variable with no node is taken as written.
 */
static bool written_in_unit(tree decl)
{
	varpool_node *node = varpool_node::get(decl);
	ipa_ref *reference = NULL;

	if (!node)
		return true;
	for (unsigned int i = 0; node->iterate_referring(i, reference); i++)
		if (reference->use != IPA_REF_LOAD)
			return true;
	return false;
}

/*
 * The functions a variable's initializer holds, and whether the unit
 * writes it.  This runs only for the variables a wanted function loads a
 * function pointer out of, once each: a handful per unit.  (A compiler
 * runs the plugin on one unit, so the set lives as long as the unit.)
 */
static void describe_table(struct translation_unit *tu, tree decl)
{
	static std::set<tree> described;
	int object;

	if (!described.insert(decl).second)
		return;
	object = object_of(decl);
	for_each_entry(decl, [&](long element, const char *field,
				 const char *function) {
		if (function)
			tu_describe_function_entry(tu, object, element, field,
						   function);
	});
	tu->objects[object].written_in_unit = written_in_unit(decl);
}

struct model_instruction *describe_table_load(function_translation *ft,
					      gimple *stmt)
{
	struct model_instruction *instruction;
	struct table_load load;
	tree rhs = gimple_assign_rhs1(stmt), variable;

	if (!gimple_assign_single_p(stmt) ||
	    !function_pointer_type(TREE_TYPE(gimple_assign_lhs(stmt))) ||
	    !parse_load(rhs, &load))
		return NULL;
	variable = loaded_variable(&load);
	if (variable)
		describe_table(ft->tu, variable);
	instruction = add_instruction(ft, stmt, INSN_LOAD);
	if (TREE_CODE(load.base) == VAR_DECL)
		instruction->load.object =
			operand_address(object_of(load.base), ELEMENT_WHOLE);
	else
		instruction->load.object =
			operand_of(ft, TREE_OPERAND(load.base, 0));
	instruction->load.indexed = load.index != NULL_TREE;
	if (load.index)
		instruction->load.index = operand_of(ft, load.index);
	if (load.field)
		instruction->load.field =
			tu_string(ft->tu, identifier(load.field));
	return instruction;
}

void describe_table_callees(struct translation_unit *tu,
			    struct function_model *model, gcall *stmt)
{
	tree pointer = root_of(gimple_call_fn(stmt)), variable;
	const char *field;
	struct table_load load;
	gimple *def;

	if (!pointer || TREE_CODE(pointer) != SSA_NAME ||
	    SSA_NAME_IS_DEFAULT_DEF(pointer))
		return;
	def = SSA_NAME_DEF_STMT(pointer);
	if (!def || !gimple_assign_single_p(def))
		return;
	/* GCC folds a load out of a const table into the function. */
	if (function_of(gimple_assign_rhs1(def))) {
		function_add_callee(tu, model,
				    function_of(gimple_assign_rhs1(def)));
		return;
	}
	if (!parse_load(gimple_assign_rhs1(def), &load))
		return;
	variable = loaded_variable(&load);
	if (!variable)
		return;
	field = load.field ? identifier(load.field) : NULL;
	/* Which of its functions that reaches is the core's to decide. */
	describe_table(tu, variable);
	function_add_table_callee(tu, model, object_of(variable), field);
}
