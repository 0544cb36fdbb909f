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
	return op == BINARY_EQ || op == BINARY_NE || op == BINARY_LT ||
	       op == BINARY_LE || op == BINARY_GT || op == BINARY_GE;
}

/* The side compared with a constant, and the comparison as "value OP c". */
static bool compared_with_constant(const struct model_instruction *binary,
				   struct operand *value, long long *constant,
				   enum binary_operator *op)
{
	static const enum binary_operator mirror[] = {
		[BINARY_EQ] = BINARY_EQ, [BINARY_NE] = BINARY_NE,
		[BINARY_LT] = BINARY_GT, [BINARY_LE] = BINARY_GE,
		[BINARY_GT] = BINARY_LT, [BINARY_GE] = BINARY_LE,
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
	bool inverted = op == BINARY_GT || op == BINARY_GE;

	test->constant =
		op == BINARY_LE || op == BINARY_GT ? constant + 1 : constant;
	test->is_unsigned = is_unsigned;
	/* v < 0 is how 0-or-errno results are tested. */
	test->test =
		!is_unsigned && test->constant == 0 ? TEST_NEGATIVE : TEST_LESS;
	return inverted;
}

/*
 * The step a copy or likely() makes: the operand it passes on, or false
 * when 'definition' is neither.
 */
static bool passed_on(const struct model_instruction *definition,
		      struct operand *operand)
{
	const struct api_entry *api = lowered_api(definition);

	if (definition && definition->kind == INSN_ASSIGN) {
		*operand = definition->source;
		return true;
	}
	if (api && api->role == API_PASS_THROUGH) {
		*operand = lowered_argument(definition, 0);
		return true;
	}
	return false;
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
		const struct model_instruction *definition =
			lowered_definition(lowering, condition);
		const struct api_entry *api = lowered_api(definition);
		enum binary_operator op;
		long long constant;
		struct operand value;

		if (!definition)
			break;
		if (passed_on(definition, &condition))
			continue;
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
		if ((op == BINARY_EQ || op == BINARY_NE) && constant == 0) {
			/* (x != 0) == 0 tests x == 0, and so on. */
			condition = value;
			flip ^= op == BINARY_EQ;
			continue;
		}
		test->value = value;
		if (op == BINARY_EQ || op == BINARY_NE) {
			test->test = TEST_EQUAL;
			test->constant = constant;
			test->holds_when_nonzero = flip ^ (op == BINARY_EQ);
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
		unsigned long long elements;
		int index;

		/* The pointer is non-NULL exactly when the index is one of
		 * 'elements': index < M when they are 0..M-1. */
		if (lower_table_entry_test(lowering, test.value, &index,
					   &elements)) {
			bool first = !(elements & (elements + 1));

			test.test = first ? TEST_LESS : TEST_IN_SET;
			test.value = operand_value(index);
			test.constant = first ? __builtin_popcountll(elements) :
						(long long)elements;
			test.is_unsigned = first;
			test.holds_when_nonzero = !test.holds_when_nonzero;
		}
	}
	block->exit = EXIT_TEST;
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

/*
 * Whether a value is a test's outcome, 0 or 1: a comparison, a logical
 * not or IS_ERR(), under copies and likely().
 */
static bool is_test_outcome(const struct lowering *lowering,
			    struct operand value)
{
	for (int depth = 0; depth < FOLLOW_DEPTH; depth++) {
		const struct model_instruction *definition =
			lowered_definition(lowering, value);
		const struct api_entry *api = lowered_api(definition);

		if (!definition)
			return false;
		if (passed_on(definition, &value))
			continue;
		return (api && (api->role == API_IS_ERROR ||
				api->role == API_IS_ERROR_OR_NULL)) ||
		       (definition->kind == INSN_BINARY &&
			is_comparison(definition->binary.op));
	}
	return false;
}

/*
 * The input of phi 'phi' of block 'join' from its predecessor number
 * 'edge', when that predecessor only jumps there and the input is a
 * test's outcome: the predecessor makes the test itself, and each side
 * brings the phi the constant the outcome has there.
 */
static void split_outcome_edge(struct lowering *lowering, int join, size_t phi,
			       size_t edge)
{
	struct function_model *function = lowering->function;
	struct block *target = &function->blocks[join];
	int from = target->predecessors[edge];
	struct value input = target->phis[phi].incoming[edge];
	struct normal_test test = { 0 };
	struct block *source = &function->blocks[from];
	int other;

	if (input.kind != VALUE_ID || from == join ||
	    source->exit != EXIT_JUMP || source->successor_count != 1 ||
	    !is_test_outcome(lowering, operand_value(input.id)))
		return;
	normalize(lowering, operand_value(input.id), &test);
	if (test.value.kind != OPERAND_VALUE || test.value.value == input.id)
		return;
	other = function_add_block(lowering->tu, function);
	/* The test holds: to the join, the outcome 1 if the test holding
	 * means a non-zero outcome; it fails: through 'other'. */
	block_add_edge(lowering->tu, function, from, other);
	block_add_joining_edge(lowering->tu, function, other, join, edge);
	source = &function->blocks[from];
	target = &function->blocks[join];
	source->exit = EXIT_TEST;
	/* What the branch reads, for module_state_mark_tests(). */
	source->condition = operand_value(input.id);
	source->test = test.test;
	source->tested_value = test.value.value;
	source->test_constant = test.constant;
	source->test_unsigned = test.is_unsigned;
	function->blocks[other].exit = EXIT_JUMP;
	target->phis[phi].incoming[edge] =
		value_constant(test.holds_when_nonzero);
	target->phis[phi].incoming[target->predecessor_count - 1] =
		value_constant(!test.holds_when_nonzero);
}

void lower_outcome_phis(struct lowering *lowering)
{
	struct function_model *function = lowering->function;
	size_t block_count = function->block_count;
	unsigned char *tested = calloc((size_t)function->value_count + 1, 1);

	CHECK(tested);
	for (size_t b = 0; b < block_count; b++)
		if (function->blocks[b].exit == EXIT_TEST &&
		    function->blocks[b].tested_value >= 0)
			tested[function->blocks[b].tested_value] = 1;
	for (size_t b = 0; b < block_count; b++) {
		for (size_t i = 0; i < function->blocks[b].phi_count; i++) {
			size_t edges = function->blocks[b].predecessor_count;
			int result = function->blocks[b].phis[i].result;

			if (result < 0 || result >= function->value_count ||
			    !tested[result])
				continue;
			for (size_t edge = 0; edge < edges; edge++)
				split_outcome_edge(lowering, (int)b, i, edge);
		}
	}
	free(tested);
}
