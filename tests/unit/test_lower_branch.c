// SPDX-License-Identifier: GPL-2.0
/*
 * The lowering of branches: a condition, followed back through
 * comparisons, likely(), IS_ERR() and logical nots, becomes one test of one
 * value; a tested join of tests' outcomes, a test on each side of the
 * join.  Whether the branch tests module state: test_module_state.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lower_checks.h"

struct branch_case {
	const char *what;
	enum binary_operator op;
	long long constant;
	bool constant_on_left;
	bool is_unsigned;
	enum value_test test;
	long long test_constant;
	bool swapped; /* successor 0 is the "zero" side */
};

/* One comparison of value 0 with a constant, branched on. */
static void check_branch(const struct branch_case *c)
{
	struct translation_unit tu;
	struct function_model *fn;
	struct model_instruction *compare;

	tu_init(&tu, FILE_NAME);
	fn = function(&tu, "f", 3);
	fn->value_count = 2;
	call(&tu, fn, 0, "probe", 0, 0, NULL);
	compare =
		c->constant_on_left ?
			binary(&tu, fn, 0, c->op, operand_constant(c->constant),
			       operand_value(0), 1) :
			binary(&tu, fn, 0, c->op, operand_value(0),
			       operand_constant(c->constant), 1);
	compare->binary.is_unsigned = c->is_unsigned;
	branch(&tu, fn, operand_value(1));
	lower_and_verify(&tu);
	if (fn->blocks[0].exit != EXIT_TEST || fn->blocks[0].test != c->test ||
	    fn->blocks[0].tested_value != 0 ||
	    (c->test == TEST_EQUAL || c->test == TEST_LESS ?
		     fn->blocks[0].test_constant != c->test_constant :
		     false) ||
	    fn->blocks[0].successors[0] != (c->swapped ? 2 : 1))
		fail_msg("%s: test %d on v%d (%lld), successor 0 is b%d",
			 c->what, fn->blocks[0].test,
			 fn->blocks[0].tested_value,
			 fn->blocks[0].test_constant,
			 fn->blocks[0].successors[0]);
	tu_release(&tu);
}

static void test_branch_comparisons(void **state)
{
	static const struct branch_case cases[] = {
		{ "x != 0", BINARY_NE, 0, false, false, TEST_ZERO, 0, true },
		{ "x == 0", BINARY_EQ, 0, false, false, TEST_ZERO, 0, false },
		{ "0 == x", BINARY_EQ, 0, true, false, TEST_ZERO, 0, false },
		{ "x < 0", BINARY_LT, 0, false, false, TEST_NEGATIVE, 0,
		  false },
		{ "x >= 0", BINARY_GE, 0, false, false, TEST_NEGATIVE, 0,
		  true },
		{ "x <= -1", BINARY_LE, -1, false, false, TEST_NEGATIVE, 0,
		  false },
		{ "0 > x", BINARY_GT, 0, true, false, TEST_NEGATIVE, 0, false },
		{ "x == 3", BINARY_EQ, 3, false, false, TEST_EQUAL, 3, false },
		{ "x != 3", BINARY_NE, 3, false, false, TEST_EQUAL, 3, true },
		{ "x < 4", BINARY_LT, 4, false, false, TEST_LESS, 4, false },
		{ "x <= 4", BINARY_LE, 4, false, false, TEST_LESS, 5, false },
		{ "x > 4", BINARY_GT, 4, false, false, TEST_LESS, 5, true },
		{ "4 < x", BINARY_LT, 4, true, false, TEST_LESS, 5, true },
		{ "x < 0u", BINARY_LT, 0, false, true, TEST_LESS, 0, false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_branch(&cases[i]);
}

/* unlikely(IS_ERR(p)), and (x != 0) == 0 through two comparisons. */
static void test_branch_through_calls(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = function(tu, "g", 3);
	struct operand argument;

	fn->value_count = 4;
	call(tu, fn, 0, "make_thing", 0, 0, NULL);
	argument = operand_value(0);
	call(tu, fn, 0, "IS_ERR", 1, 1, &argument);
	binary(tu, fn, 0, BINARY_NE, operand_value(1), operand_constant(0), 2);
	argument = operand_value(2);
	call(tu, fn, 0, "__builtin_expect", 3, 1, &argument);
	branch(tu, fn, operand_value(3));
	lower_and_verify(tu);
	assert_int_equal(fn->blocks[0].test, TEST_ERROR);
	assert_int_equal(fn->blocks[0].tested_value, 0);
	assert_int_equal(fn->blocks[0].successors[0], 1);

	fn = function(tu, "h", 3);
	fn->value_count = 3;
	call(tu, fn, 0, "probe", 0, 0, NULL);
	binary(tu, fn, 0, BINARY_NE, operand_value(0), operand_constant(0), 1);
	binary(tu, fn, 0, BINARY_EQ, operand_value(1), operand_constant(0), 2);
	branch(tu, fn, operand_value(2));
	tu->lowered = false;
	lower_and_verify(tu);
	/* (x != 0) == 0 holds when x is zero: successor 0 when it holds. */
	assert_int_equal(fn->blocks[0].test, TEST_ZERO);
	assert_int_equal(fn->blocks[0].tested_value, 0);
	assert_int_equal(fn->blocks[0].successors[0], 1);
}

/* A constant condition gets a value the engine can decide on. */
static void test_constant_branch(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = function(tu, "k", 3);
	const struct event *copy;

	branch(tu, fn, operand_constant(1));
	lower_and_verify(tu);
	assert_int_equal(fn->blocks[0].test, TEST_ZERO);
	copy = only_event(fn, 0, EVENT_VALUE_COPY);
	assert_int_equal(copy->source.kind, VALUE_CONSTANT);
	assert_int_equal(copy->source.constant, 1);
	assert_int_equal(fn->blocks[0].tested_value, copy->result.id);
}

/*
 * if (!a() || !b()): b0 calls a and branches to b1 (which calls b) or
 * straight to the join b2, whose phi is 1 from b0 and the outcome from b1.
 * 'outcome' says whether b1 hands the join !b (a test's outcome) or b
 * itself (a plain value).
 */
static struct function_model *joined_outcomes(struct translation_unit *tu,
					      const char *name, bool outcome)
{
	struct function_model *fn = function(tu, name, 5);
	struct phi *phi;

	fn->value_count = 4;
	call(tu, fn, 0, "probe_a", 0, 0, NULL);
	fn->blocks[0].exit = EXIT_BRANCH;
	fn->blocks[0].condition = operand_value(0);
	block_add_edge(tu, fn, 0, 1);
	block_add_edge(tu, fn, 0, 2);
	call(tu, fn, 1, "probe_b", 1, 0, NULL);
	if (outcome)
		binary(tu, fn, 1, BINARY_EQ, operand_value(1),
		       operand_constant(0), 2);
	fn->blocks[1].exit = EXIT_JUMP;
	block_add_edge(tu, fn, 1, 2);
	phi = block_add_phi(tu, &fn->blocks[2], 3);
	phi->incoming[0] = value_constant(1);
	phi->incoming[1] = outcome ? value_id(2) : value_id(1);
	fn->blocks[2].exit = EXIT_BRANCH;
	fn->blocks[2].condition = operand_value(3);
	block_add_edge(tu, fn, 2, 3);
	block_add_edge(tu, fn, 2, 4);
	fn->blocks[3].exit = EXIT_NONE;
	fn->blocks[4].exit = EXIT_NONE;
	return fn;
}

/* The join's input on the edge that leaves 'from' by 'successor'. */
static struct value join_input(const struct function_model *fn, int from,
			       int successor)
{
	const struct block *join = &fn->blocks[2];
	int edge_from = successor == 2 ? from : successor;

	for (size_t p = 0; p < join->predecessor_count; p++)
		if (join->predecessors[p] == edge_from)
			return join->phis[0].incoming[p];
	fail_msg("b%d does not reach the join", edge_from);
	return value_constant(-1);
}

/*
 * The join of two outcomes, as sparse and Clang give if (!a() || !b()):
 * b1 tests b's result itself, and each side brings the join a constant,
 * so that the join's test is decided on each path.
 */
static void test_outcome_phi(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = joined_outcomes(tu, "outcome", true);
	struct value holds, fails;

	lower_and_verify(tu);
	assert_int_equal(fn->blocks[1].exit, EXIT_TEST);
	assert_int_equal(fn->blocks[1].test, TEST_ZERO);
	assert_int_equal(fn->blocks[1].tested_value, 1);
	/* What it reads: the outcome, as a branch on it would. */
	assert_int_equal(fn->blocks[1].condition.kind, OPERAND_VALUE);
	assert_int_equal(fn->blocks[1].condition.value, 2);
	/* b() returned zero: !b() is 1; else 0. */
	holds = join_input(fn, 1, fn->blocks[1].successors[0]);
	fails = join_input(fn, 1, fn->blocks[1].successors[1]);
	assert_int_equal(holds.kind, VALUE_CONSTANT);
	assert_int_equal(holds.constant, 1);
	assert_int_equal(fails.kind, VALUE_CONSTANT);
	assert_int_equal(fails.constant, 0);

	/* A plain value is no outcome: b1 still only jumps. */
	fn = joined_outcomes(tu, "plain", false);
	tu->lowered = false;
	lower_and_verify(tu);
	assert_int_equal(fn->blocks[1].exit, EXIT_JUMP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_branch_comparisons),
		cmocka_unit_test_setup_teardown(test_branch_through_calls,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_constant_branch,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_outcome_phi, setup_unit,
						release_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
