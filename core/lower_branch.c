// SPDX-License-Identifier: GPL-2.0
/*
 * What a branch tests.  A front-end describes a branch as a condition on a
 * value; the lowering follows that value back through copies, likely() and
 * unlikely(), IS_ERR() and IS_ERR_OR_NULL(), logical nots and comparisons
 * with constants, to one test of one value the engine understands
 * (value == 0, IS_ERR(value), value < 0, value == c, value < c), and puts
 * the successor taken when the test holds first.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "check.h"
#include "lower.h"

/* A test, and whether it holds when the branch condition is non-zero. */
struct normal_test {
	enum value_test test;
	struct operand value;
	long long constant;
	bool is_unsigned;
	bool holds_when_nonzero;
};

static bool is_comparison(enum binary_operator op)
{
	return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE ||
	       op == OP_GT || op == OP_GE;
}

/* The side compared with a constant, and the comparison as "value OP c". */
static bool compared_with_constant(const struct instruction *binary,
				   struct operand *value, long long *constant,
				   enum binary_operator *op)
{
	static const enum binary_operator mirror[] = {
		[OP_EQ] = OP_EQ, [OP_NE] = OP_NE, [OP_LT] = OP_GT,
		[OP_LE] = OP_GE, [OP_GT] = OP_LT, [OP_GE] = OP_LE,
	};
	struct operand left = binary->binary.left;
	struct operand right = binary->binary.right;

	*op = binary->binary.op;
	if (right.kind == OPERAND_CONSTANT && left.kind == OPERAND_VALUE) {
		*value = left;
		*constant = right.constant;
		return true;
	}
	if (left.kind == OPERAND_CONSTANT && right.kind == OPERAND_VALUE) {
		*value = right;
		*constant = left.constant;
		*op = mirror[*op];
		return true;
	}
	return false;
}

/*
 * value OP constant as a test of the value; returns whether the test holds
 * when the comparison is false (v > c is !(v < c + 1)).
 */
static bool ordering_test(enum binary_operator op, bool is_unsigned,
			  long long constant, struct normal_test *test)
{
	bool inverted = op == OP_GT || op == OP_GE;

	test->constant = op == OP_LE || op == OP_GT ? constant + 1 : constant;
	test->is_unsigned = is_unsigned;
	/* v < 0 is how 0-or-errno results are tested. */
	test->test =
		!is_unsigned && test->constant == 0 ? TEST_NEGATIVE : TEST_LESS;
	return inverted;
}

/*
 * Follows a branch condition back through likely(), IS_ERR(), comparisons
 * with constants and logical nots to the value it tests.  Invariant: the
 * branch is taken (condition non-zero) exactly when 'condition' is non-zero
 * XOR 'flip'.
 */
static void normalize(const struct lowering *lowering, struct operand condition,
		      struct normal_test *test)
{
	bool flip = false;

	for (int depth = 0; depth < FOLLOW_DEPTH; depth++) {
		const struct instruction *definition =
			lowered_definition(lowering, condition);
		const struct api_entry *api = lowered_api(definition);
		enum binary_operator op;
		long long constant;
		struct operand value;

		if (!definition)
			break;
		if (definition->kind == INSN_ASSIGN) {
			condition = definition->source;
			continue;
		}
		if (api && api->role == API_PASS_THROUGH) {
			condition = lowered_argument(definition, 0);
			continue;
		}
		if (api && (api->role == API_IS_ERROR ||
			    api->role == API_IS_ERROR_OR_NULL)) {
			test->test = api->role == API_IS_ERROR ?
					     TEST_ERROR :
					     TEST_ERROR_OR_NULL;
			test->value = lowered_argument(definition, 0);
			test->holds_when_nonzero = !flip;
			return;
		}
		if (definition->kind != INSN_BINARY ||
		    !is_comparison(definition->binary.op) ||
		    !compared_with_constant(definition, &value, &constant, &op))
			break;
		if ((op == OP_EQ || op == OP_NE) && constant == 0) {
			/* (x != 0) == 0 tests x == 0, and so on. */
			condition = value;
			flip ^= op == OP_EQ;
			continue;
		}
		test->value = value;
		if (op == OP_EQ || op == OP_NE) {
			test->test = TEST_EQUAL;
			test->constant = constant;
			test->holds_when_nonzero = flip ^ (op == OP_EQ);
			return;
		}
		test->holds_when_nonzero =
			flip ^ !ordering_test(op,
					      definition->binary.is_unsigned,
					      constant, test);
		return;
	}
	/* A plain value: the zero test holds when the branch is not taken. */
	test->test = TEST_ZERO;
	test->value = condition;
	test->holds_when_nonzero = flip;
}

/* The variables with static storage a condition reads. */
struct memory_reads {
	const char *names[4];
	int count;
	bool too_many;
};

static void add_read(struct memory_reads *reads, const char *name)
{
	for (int i = 0; i < reads->count; i++)
		if (!strcmp(reads->names[i], name))
			return;
	if (reads->count ==
	    (int)(sizeof(reads->names) / sizeof(reads->names[0])))
		reads->too_many = true;
	else
		reads->names[reads->count++] = name;
}

/*
 * Whether an operand of a state reader (below) is one: a constant, a
 * variable with static storage (added to 'reads'), or a value the
 * function computes from those.  Parameters and what the front-end does
 * not describe are not.
 */
static bool reads_state_only(const bool *computed, struct operand operand,
			     struct memory_reads *reads)
{
	switch (operand.kind) {
	case OPERAND_CONSTANT:
		return true;
	case OPERAND_MEMORY:
		if (!operand.name)
			return false;
		add_read(reads, operand.name);
		return true;
	case OPERAND_VALUE:
		return operand.value >= 0 && computed[operand.value];
	default:
		return false;
	}
}

static bool value_reads_state_only(const bool *computed, struct value value)
{
	return value.kind == VALUE_CONSTANT ||
	       (value.kind == VALUE_ID && value.id >= 0 && computed[value.id]);
}

static bool computes_state_only(const struct instruction *instruction,
				const bool *computed,
				struct memory_reads *reads)
{
	const struct api_entry *api = lowered_api(instruction);

	switch (instruction->kind) {
	case INSN_ASSIGN:
		return reads_state_only(computed, instruction->source, reads);
	case INSN_BINARY:
		return reads_state_only(computed, instruction->binary.left,
					reads) &&
		       reads_state_only(computed, instruction->binary.right,
					reads);
	case INSN_CALL:
		return api && api->role == API_PASS_THROUGH &&
		       reads_state_only(computed,
					lowered_argument(instruction, 0),
					reads);
	case INSN_USE:
		for (size_t i = 0; i < instruction->use.operand_count; i++)
			if (!reads_state_only(computed,
					      instruction->use.operands[i],
					      reads))
				return false;
		return true;
	default:
		return false;
	}
}

/*
 * A function of the unit that only reports module state: it computes its
 * result from variables with static storage and constants, and writes,
 * calls and takes nothing (`static bool foo_enabled(void) { return
 * foo_mode != FOO_OFF; }`).  A branch on its result is a branch on those
 * variables: adds them to 'reads'.  Anything else is not one.
 */
static bool state_reader_reads(const struct translation_unit *tu,
			       const struct instruction *call,
			       struct memory_reads *reads)
{
	int index =
		call->call.name ? tu_find_function(tu, call->call.name) : -1;
	const struct function_model *fn;
	struct memory_reads own = { 0 };
	bool *computed, only_state = true;

	if (index < 0)
		return false;
	fn = &tu->functions[index];
	if (!fn->described || !fn->returns_value || !fn->block_count)
		return false;
	computed = calloc((size_t)fn->value_count + 1, sizeof(bool));
	CHECK(computed != NULL);
	/* Values are defined before they are used, phis aside: two passes
	 * let a loop's phi see what the loop computes. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t b = 0; b < fn->block_count; b++) {
			const struct block *block = &fn->blocks[b];

			for (size_t i = 0; i < block->phi_count; i++) {
				const struct phi *phi = &block->phis[i];
				bool known = true;

				for (size_t p = 0; p < phi->incoming_count; p++)
					known &= value_reads_state_only(
						computed, phi->incoming[p]);
				if (phi->result >= 0)
					computed[phi->result] |= known;
			}
			for (size_t i = 0; i < block->instruction_count; i++) {
				const struct instruction *instruction =
					&block->instructions[i];
				struct memory_reads ignored = { 0 };

				if (instruction->result >= 0 &&
				    computes_state_only(instruction, computed,
							&ignored))
					computed[instruction->result] = true;
			}
		}
	}
	for (size_t b = 0; only_state && b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t i = 0; only_state && i < block->phi_count; i++)
			only_state = block->phis[i].result >= 0 &&
				     computed[block->phis[i].result];
		for (size_t i = 0; only_state && i < block->instruction_count;
		     i++)
			only_state = computes_state_only(
				&block->instructions[i], computed, &own);
		/* EXIT_TEST: the reader was lowered first. */
		if (block->exit == EXIT_BRANCH || block->exit == EXIT_TEST)
			only_state &= reads_state_only(computed,
						       block->condition, &own);
		if (block->exit == EXIT_RETURN)
			only_state &= value_reads_state_only(
				computed, block->return_value);
	}
	free(computed);
	if (!only_state || own.too_many)
		return false;
	for (int i = 0; i < own.count; i++)
		add_read(reads, own.names[i]);
	return true;
}

/*
 * Follows a condition back through copies, comparisons, arithmetic,
 * likely(), IS_ERR() and the unit's state readers to the variables with
 * static storage it reads.
 */
static void memory_read(const struct lowering *lowering,
			struct operand condition, int depth,
			struct memory_reads *reads)
{
	const struct instruction *definition;
	const struct api_entry *api;

	for (; depth < FOLLOW_DEPTH; depth++) {
		if (condition.kind == OPERAND_MEMORY && condition.name) {
			add_read(reads, condition.name);
			return;
		}
		definition = lowered_definition(lowering, condition);
		if (!definition)
			return;
		api = lowered_api(definition);
		if (definition->kind == INSN_ASSIGN) {
			condition = definition->source;
		} else if (definition->kind == INSN_BINARY) {
			memory_read(lowering, definition->binary.left,
				    depth + 1, reads);
			condition = definition->binary.right;
		} else if (api && (api->role == API_PASS_THROUGH ||
				   api->role == API_IS_ERROR ||
				   api->role == API_IS_ERROR_OR_NULL)) {
			condition = lowered_argument(definition, 0);
		} else if (definition->kind == INSN_CALL && !api) {
			state_reader_reads(lowering->tu, definition, reads);
			return;
		} else {
			return;
		}
	}
}

static bool stores_to(const struct block *block, const char *name)
{
	for (size_t i = 0; i < block->instruction_count; i++)
		if (block->instructions[i].kind == INSN_STORE &&
		    !strcmp(block->instructions[i].store, name))
			return true;
	return false;
}

/* Whether 'block' ends in a branch on one of the variables in 'reads'. */
static bool tests_one_of(const struct lowering *lowering,
			 const struct block *block,
			 const struct memory_reads *reads)
{
	struct memory_reads tested = { 0 };

	if (block->exit != EXIT_BRANCH && block->exit != EXIT_TEST)
		return false;
	memory_read(lowering, block->condition, 0, &tested);
	for (int i = 0; i < tested.count; i++)
		for (int j = 0; j < reads->count; j++)
			if (!strcmp(tested.names[i], reads->names[j]))
				return true;
	return false;
}

/*
 * Whether the branch tests state that other functions set: a variable
 * with static storage that no block before the branch in this function
 * writes.  `foo_class = class_create(...); if (IS_ERR(foo_class))` tests
 * what this function just did, as GCC's SSA already says by not loading
 * it again; `if (cache_ready)` in module exit tests what init did.
 *
 * A variable the function wrote and then tested counts as state again at
 * a later test that an earlier one reaches with no write between:
 * `foo_use_cache = ...; if (foo_use_cache) setup; ...  out: if (foo_use_cache)
 * destroy;`. The walk does not know that the two tests agree; taking the later
 * one as a test of state keeps it from reporting the paths where they would
 * not.  Some path from a write may reach it untested (`a && b` tests b
 * only when a holds): the earlier test is enough.
 */
static bool tests_outside_state(const struct lowering *lowering,
				const struct block *branch)
{
	const struct function_model *fn = lowering->function;
	struct memory_reads reads = { 0 };
	bool *seen, written = false, tested_before = false;
	int *stack;
	size_t depth = 0;

	memory_read(lowering, branch->condition, 0, &reads);
	if (!reads.count || reads.too_many)
		return false;
	seen = calloc(fn->block_count, sizeof(bool));
	stack = calloc(fn->block_count, sizeof(int));
	CHECK(seen && stack);
	stack[depth++] = (int)(branch - fn->blocks);
	seen[stack[0]] = true;
	while (depth) {
		const struct block *block = &fn->blocks[stack[--depth]];
		bool stores = false;

		/* What was written before an earlier test, that test saw. */
		if (block != branch && tests_one_of(lowering, block, &reads)) {
			tested_before = true;
			continue;
		}
		for (int i = 0; i < reads.count && !stores; i++)
			stores = stores_to(block, reads.names[i]);
		if (stores) {
			written = true;
			continue;
		}
		for (size_t p = 0; p < block->predecessor_count; p++) {
			int previous = block->predecessors[p];

			if (!seen[previous]) {
				seen[previous] = true;
				stack[depth++] = previous;
			}
		}
	}
	free(seen);
	free(stack);
	return !written || tested_before;
}

static void swap_successors(struct block *block)
{
	int first = block->successors[0];

	block->successors[0] = block->successors[1];
	block->successors[1] = first;
}

void lower_branch(struct lowering *lowering, struct block *block)
{
	struct normal_test test = { 0 };
	struct event *event;

	if (block->successor_count != 2 ||
	    block->successors[0] == block->successors[1]) {
		block->exit = EXIT_JUMP;
		return;
	}
	normalize(lowering, block->condition, &test);
	if (test.test == TEST_ZERO) {
		long count;
		int index;

		/* The pointer is non-NULL exactly when index < count. */
		if (lower_table_entry_test(lowering, test.value, &index,
					   &count)) {
			test.test = TEST_LESS;
			test.value = operand_value(index);
			test.constant = count;
			test.is_unsigned = true;
			test.holds_when_nonzero = !test.holds_when_nonzero;
		}
	}
	block->exit = EXIT_TEST;
	block->tests_memory = tests_outside_state(lowering, block);
	if (test.value.kind == OPERAND_CONSTANT) {
		/* A constant decides the branch: give it a value to test. */
		int value = lowering->function->value_count++;

		event = block_add_event(lowering->tu, block, EVENT_VALUE_COPY);
		event->result = value_id(value);
		event->source = value_constant((long)test.value.constant);
		test.value = operand_value(value);
	}
	if (test.value.kind != OPERAND_VALUE) {
		block->test = TEST_UNKNOWN;
		block->tested_value = -1;
		return;
	}
	block->test = test.test;
	block->tested_value = test.value.value;
	block->test_constant = test.constant;
	block->test_unsigned = test.is_unsigned;
	/* Successor 0 is taken when the condition is non-zero. */
	if (!test.holds_when_nonzero)
		swap_successors(block);
}
