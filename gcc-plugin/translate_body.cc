// SPDX-License-Identifier: GPL-2.0
/*
 * One function's GIMPLE, described to the core: blocks of instructions
 * (calls by name with their operands, copies, comparisons, field writes,
 * and the values other statements read), phis, branches and returns, in
 * SSA as GCC has it.  Copies and conversions are not described: operands
 * name the value they copy.
 */
#include "gcc-compat.h"

#include <vector>

#include "translate.h"
#include "translate_internal.h"

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
	struct model_instruction *call;
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
		struct model_instruction *copy;

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
	struct model_instruction *write;
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
		return BINARY_EQ;
	case NE_EXPR:
		return BINARY_NE;
	case LT_EXPR:
		return BINARY_LT;
	case LE_EXPR:
		return BINARY_LE;
	case GT_EXPR:
		return BINARY_GT;
	case GE_EXPR:
		return BINARY_GE;
	case PLUS_EXPR:
	case POINTER_PLUS_EXPR:
		return BINARY_ADD;
	case MINUS_EXPR:
		return BINARY_SUB;
	case BIT_IOR_EXPR:
		return BINARY_BIT_OR;
	case BIT_AND_EXPR:
		return BINARY_BIT_AND;
	default:
		return BINARY_OTHER;
	}
}

/* The variable with static storage a reference reads or writes, or NULL. */
static const char *static_variable(function_translation *ft, tree reference)
{
	tree base = reference ? get_base_address(reference) : NULL_TREE;

	if (!base || TREE_CODE(base) != VAR_DECL ||
	    !(TREE_STATIC(base) || DECL_EXTERNAL(base)) || !identifier(base))
		return NULL;
	return tu_string(ft->tu, identifier(base));
}

/*
 * A read of a variable with static storage: `done[i]`, an element of an
 * array picked by a value, says which value.
 */
static struct operand memory_read(function_translation *ft, tree reference)
{
	const char *variable = static_variable(ft, reference);

	if (TREE_CODE(reference) == ARRAY_REF &&
	    TREE_CODE(TREE_OPERAND(reference, 0)) == VAR_DECL)
		return operand_memory_element(
			variable, operand_of(ft, TREE_OPERAND(reference, 1)));
	return operand_memory(variable);
}

/* READ_ONCE(), atomic_read(), a volatile variable: what it means is the
 * core's to decide. */
static bool volatile_reference(tree reference)
{
	return TREE_THIS_VOLATILE(reference) ||
	       TYPE_VOLATILE(TREE_TYPE(reference));
}

/*
 * GIMPLE writes i - 1 on an unsigned int as i + 4294967295: the same value
 * modulo 2^32, which the other compilers write as the subtraction it is.
 */
static void describe_unsigned_decrement(struct model_instruction *instruction,
					tree type)
{
	struct operand *right = &instruction->binary.right;
	unsigned int precision = TYPE_PRECISION(type);

	if (instruction->binary.op != BINARY_ADD ||
	    TREE_CODE(type) != INTEGER_TYPE || !TYPE_UNSIGNED(type) ||
	    precision >= 64 || right->kind != OPERAND_CONSTANT ||
	    right->constant < (1LL << (precision - 1)) ||
	    right->constant >= (1LL << precision))
		return;
	instruction->binary.op = BINARY_SUB;
	right->constant = (1LL << precision) - right->constant;
}

static void describe_value(function_translation *ft, gimple *stmt, tree lhs)
{
	enum tree_code code = gimple_assign_rhs_code(stmt);
	enum binary_operator op = binary_operator_of(code);
	struct model_instruction *instruction;
	tree rhs1 = gimple_assign_rhs1(stmt);

	/* Copies and conversions: operands name their root instead. */
	if (root_of(lhs) != lhs)
		return;
	/*
	 * GIMPLE spells !flag on a bool as flag ^ 1 (or ~flag): the same
	 * test as the other front-ends' flag == 0.
	 */
	if (TREE_CODE(TREE_TYPE(rhs1)) == BOOLEAN_TYPE &&
	    ((code == BIT_XOR_EXPR && integer_onep(gimple_assign_rhs2(stmt))) ||
	     code == BIT_NOT_EXPR || code == TRUTH_NOT_EXPR)) {
		instruction = add_instruction(ft, stmt, INSN_BINARY);
		instruction->binary.op = BINARY_EQ;
		instruction->binary.is_unsigned = true;
		instruction->binary.left = operand_of(ft, rhs1);
		instruction->binary.right = operand_constant(0);
	} else if (op != BINARY_OTHER && gimple_num_ops(stmt) == 3) {
		instruction = add_instruction(ft, stmt, INSN_BINARY);
		instruction->binary.op = op;
		instruction->binary.is_unsigned =
			TYPE_UNSIGNED(TREE_TYPE(rhs1)) ||
			POINTER_TYPE_P(TREE_TYPE(rhs1));
		instruction->binary.left = operand_of(ft, rhs1);
		instruction->binary.right =
			operand_of(ft, gimple_assign_rhs2(stmt));
		describe_unsigned_decrement(instruction, TREE_TYPE(rhs1));
	} else if (code == ADDR_EXPR || TREE_CODE(rhs1) == VAR_DECL) {
		instruction = add_instruction(ft, stmt, INSN_ASSIGN);
		instruction->source = operand_of(ft, rhs1);
		if (instruction->source.kind == OPERAND_UNKNOWN &&
		    static_variable(ft, rhs1)) {
			instruction->source =
				operand_memory(static_variable(ft, rhs1));
			instruction->volatile_access = volatile_reference(rhs1);
		}
	} else {
		instruction = describe_table_load(ft, stmt);
		if (!instruction && gimple_assign_load_p(stmt) &&
		    static_variable(ft, rhs1)) {
			instruction = add_instruction(ft, stmt, INSN_ASSIGN);
			instruction->source = memory_read(ft, rhs1);
			instruction->volatile_access = volatile_reference(rhs1);
		} else if (!instruction) {
			instruction = add_instruction(ft, stmt, INSN_DEFINE);
		}
	}
	set_result(ft, instruction, lhs);
}

static void translate_assign(function_translation *ft, gimple *stmt)
{
	tree lhs = gimple_assign_lhs(stmt);
	tree rhs = gimple_assign_rhs1(stmt);
	const char *tag, *stored = static_variable(ft, lhs);

	if (stored) {
		struct model_instruction *store =
			add_instruction(ft, stmt, INSN_STORE);

		store->store = stored;
		store->volatile_access = volatile_reference(lhs);
	}
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
		struct model_instruction *copy =
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
	struct model_instruction *compare;
	edge true_edge, false_edge;

	if (translate_merged_cond(ft, bb, stmt))
		return;
	compare = add_instruction(ft, stmt, INSN_BINARY);
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
	block_add_edge(ft->tu, ft->model, ft->segment, true_edge->dest->index);
	block_add_edge(ft->tu, ft->model, ft->segment, false_edge->dest->index);
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

/*
 * Every value a statement reads is an operand somewhere, so that the core
 * can tell a value nothing reads: what the statement's own instructions
 * (from 'first' on) or its block's return do not name, such as a store
 * to memory, an asm, a switch, an operator the model has no name for or
 * an internal call, is read by one INSN_USE.  A copy or a conversion is
 * no statement of the model (its readers read its root), a condition is
 * described with its block's end, and debug statements read nothing when
 * the code runs.
 */
static void describe_other_uses(function_translation *ft, gimple *stmt,
				size_t first)
{
	std::vector<struct operand> unnamed;
	struct model_instruction *instruction;
	ssa_op_iter iterator;
	tree use;

	if (is_gimple_debug(stmt) || gimple_code(stmt) == GIMPLE_COND)
		return;
	if (is_gimple_assign(stmt) &&
	    TREE_CODE(gimple_assign_lhs(stmt)) == SSA_NAME &&
	    root_of(gimple_assign_lhs(stmt)) != gimple_assign_lhs(stmt))
		return;
	FOR_EACH_SSA_TREE_OPERAND(use, stmt, iterator, SSA_OP_USE)
	{
		struct operand operand = operand_of(ft, use);
		bool seen = false;

		if (operand.kind != OPERAND_VALUE ||
		    block_reads_value(ft->block, first, operand.value))
			continue;
		if (gimple_code(stmt) == GIMPLE_RETURN &&
		    ft->block->return_value.kind == VALUE_ID &&
		    ft->block->return_value.id == operand.value)
			continue;
		for (const struct operand &other : unnamed)
			seen |= other.value == operand.value;
		if (!seen)
			unnamed.push_back(operand);
	}
	if (unnamed.empty())
		return;
	instruction = add_instruction(ft, stmt, INSN_USE);
	instruction->use.operand_count = unnamed.size();
	instruction->use.operands = tu_operands(ft->tu, unnamed.size());
	for (size_t i = 0; i < unnamed.size(); i++)
		instruction->use.operands[i] = unnamed[i];
}

static void translate_block(function_translation *ft, basic_block bb)
{
	struct block *block;
	gimple *last = NULL;
	edge e;
	edge_iterator ei;

	ft->segment = bb->index;
	ft->block = &ft->model->blocks[bb->index];
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
	     gsi_next(&gsi)) {
		gimple *stmt = gsi_stmt(gsi);
		size_t first = ft->block->instruction_count;

		last = stmt;
		if (translate_min_max(ft, stmt))
			continue;
		if (is_gimple_call(stmt)) {
			translate_call(ft, as_a<gcall *>(stmt));
		} else if (is_gimple_assign(stmt)) {
			translate_assign(ft, stmt);
		} else if (gimple_code(stmt) == GIMPLE_RETURN) {
			tree retval =
				gimple_return_retval(as_a<greturn *>(stmt));

			ft->block->exit = EXIT_RETURN;
			ft->block->return_value =
				retval ? value_of(ft, retval) : value_unknown();
			ft->block->return_location =
				unit_location(ft->tu, gimple_location(stmt));
		} else {
			describe_other_definitions(ft, stmt);
		}
		describe_other_uses(ft, stmt, first);
	}
	if (last && gimple_code(last) == GIMPLE_COND) {
		translate_cond(ft, bb, as_a<gcond *>(last));
		return;
	}
	block = ft->block;
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
		block_add_edge(ft->tu, ft->model, ft->segment, e->dest->index);
	}
}

/*
 * Where the value a phi input brings was returned, GCC having merged the
 * returns into one block: the return statement the edge keeps, or else
 * where GCC put the value (the return of a constant, the assignment of a
 * variable).
 */
static location_t phi_input_location(gphi *phi, unsigned int i)
{
	edge e = gimple_phi_arg_edge(phi, i);

	if (e->goto_locus != UNKNOWN_LOCATION)
		return e->goto_locus;
	return gimple_phi_arg_location(phi, i);
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

			/* A merged test's blocks bring what its block does. */
			for (size_t p = 0; p < block->predecessor_count; p++) {
				if (block_owner(ft, block->predecessors[p]) !=
				    source)
					continue;
				model_phi->incoming[p] = value_of(
					ft, gimple_phi_arg_def(phi, i));
				model_phi->incoming_location[p] = unit_location(
					ft->tu, phi_input_location(phi, i));
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

void translate_body(struct translation_unit *tu, int index,
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
