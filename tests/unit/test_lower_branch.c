// SPDX-License-Identifier: GPL-2.0
/*
 * The lowering of branches: a condition, followed back through
 * comparisons, likely(), IS_ERR() and logical nots, becomes one test of one
 * value; and a branch on module state (a variable with static storage the
 * function has not written, also through a helper that only reads such
 * variables) is marked as one.
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
	struct instruction *compare;

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
		{ "x != 0", OP_NE, 0, false, false, TEST_ZERO, 0, true },
		{ "x == 0", OP_EQ, 0, false, false, TEST_ZERO, 0, false },
		{ "0 == x", OP_EQ, 0, true, false, TEST_ZERO, 0, false },
		{ "x < 0", OP_LT, 0, false, false, TEST_NEGATIVE, 0, false },
		{ "x >= 0", OP_GE, 0, false, false, TEST_NEGATIVE, 0, true },
		{ "x <= -1", OP_LE, -1, false, false, TEST_NEGATIVE, 0, false },
		{ "0 > x", OP_GT, 0, true, false, TEST_NEGATIVE, 0, false },
		{ "x == 3", OP_EQ, 3, false, false, TEST_EQUAL, 3, false },
		{ "x != 3", OP_NE, 3, false, false, TEST_EQUAL, 3, true },
		{ "x < 4", OP_LT, 4, false, false, TEST_LESS, 4, false },
		{ "x <= 4", OP_LE, 4, false, false, TEST_LESS, 5, false },
		{ "x > 4", OP_GT, 4, false, false, TEST_LESS, 5, true },
		{ "4 < x", OP_LT, 4, true, false, TEST_LESS, 5, true },
		{ "x < 0u", OP_LT, 0, false, true, TEST_LESS, 0, false },
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
	binary(tu, fn, 0, OP_NE, operand_value(1), operand_constant(0), 2);
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
	binary(tu, fn, 0, OP_NE, operand_value(0), operand_constant(0), 1);
	binary(tu, fn, 0, OP_EQ, operand_value(1), operand_constant(0), 2);
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
 * static bool enabled(void) { return foo_mode != 0; }
 * Its instructions, 'reads' deciding what the return reads: foo_mode (a
 * state reader), a parameter, or the result of probe().
 */
enum reader_input { READS_STATE, READS_PARAMETER, READS_CALL };

static void reader(struct translation_unit *tu, enum reader_input input)
{
	struct function_model *fn = function(tu, "enabled", 1);
	struct instruction *copy;

	fn->returns_value = true;
	fn->value_count = 2;
	switch (input) {
	case READS_STATE:
		copy = block_add_instruction(tu, &fn->blocks[0], INSN_ASSIGN);
		copy->source = operand_memory("foo_mode");
		copy->result = 0;
		break;
	case READS_PARAMETER:
		function_set_parameters(tu, fn, 1);
		fn->parameter_values[0] = 0;
		break;
	case READS_CALL:
		call(tu, fn, 0, "probe", 0, 0, NULL);
		break;
	}
	binary(tu, fn, 0, OP_NE, operand_value(0), operand_constant(0), 1);
	fn->blocks[0].exit = EXIT_RETURN;
	fn->blocks[0].return_value = value_id(1);
}

/*
 * if (enabled()) ...  in a function that, with 'writes', first stores to
 * foo_mode itself.  Returns whether the branch tests module state.
 */
static bool branch_on_reader(struct translation_unit *tu, bool writes)
{
	struct function_model *fn = function(tu, "foo_exit", 3);

	fn->value_count = 1;
	if (writes)
		block_add_instruction(tu, &fn->blocks[0], INSN_STORE)->store =
			"foo_mode";
	call(tu, fn, 0, "enabled", 0, 0, NULL);
	branch(tu, fn, operand_value(0));
	lower_and_verify(tu);
	assert_int_equal(fn->blocks[0].test, TEST_ZERO);
	return fn->blocks[0].tests_memory;
}

/* A branch on what a helper computes from module state alone tests it. */
static void test_branch_on_state_reader(void **state)
{
	reader(*state, READS_STATE);
	assert_true(branch_on_reader(*state, false));
}

/* ... unless the function wrote that state before: its own result. */
static void test_branch_on_state_written_first(void **state)
{
	reader(*state, READS_STATE);
	assert_false(branch_on_reader(*state, true));
}

/* A helper that computes from its parameter is no state reader. */
static void test_branch_on_parameter_reader(void **state)
{
	reader(*state, READS_PARAMETER);
	assert_false(branch_on_reader(*state, false));
}

/* Nor is one that calls out: probe() may do anything. */
static void test_branch_on_calling_reader(void **state)
{
	reader(*state, READS_CALL);
	assert_false(branch_on_reader(*state, false));
}

/* Reads foo_use_cache into 'value' in 'block', and branches on it. */
static void branch_on_flag(struct translation_unit *tu,
			   struct function_model *fn, int block, int value,
			   int then, int otherwise)
{
	struct instruction *copy =
		block_add_instruction(tu, &fn->blocks[block], INSN_ASSIGN);

	copy->source = operand_memory("foo_use_cache");
	copy->result = value;
	fn->blocks[block].exit = EXIT_BRANCH;
	fn->blocks[block].condition = operand_value(value);
	block_add_edge(tu, fn, block, then);
	block_add_edge(tu, fn, block, otherwise);
}

/*
 * foo_use_cache = ...;  if (foo_use_cache) ...;  if (foo_use_cache) ...
 * The first test is of what the function wrote; the second, with no write
 * since the first, is taken as a test of state.  With 'write_between', the
 * function writes the flag again just before the second test: both are
 * its own results.
 */
static void check_flag_tested_twice(struct translation_unit *tu,
				    bool write_between)
{
	struct function_model *fn = function(tu, "foo_init", 5);

	fn->value_count = 2;
	block_add_instruction(tu, &fn->blocks[0], INSN_STORE)->store =
		"foo_use_cache";
	branch_on_flag(tu, fn, 0, 0, 1, 2);
	fn->blocks[1].exit = EXIT_JUMP;
	block_add_edge(tu, fn, 1, 2);
	if (write_between)
		block_add_instruction(tu, &fn->blocks[2], INSN_STORE)->store =
			"foo_use_cache";
	branch_on_flag(tu, fn, 2, 1, 3, 4);
	fn->blocks[3].exit = EXIT_NONE;
	fn->blocks[4].exit = EXIT_NONE;
	lower_and_verify(tu);
	assert_false(fn->blocks[0].tests_memory);
	assert_int_equal(fn->blocks[2].tests_memory, !write_between);
}

static void test_flag_tested_again(void **state)
{
	check_flag_tested_twice(*state, false);
}

static void test_flag_written_between_tests(void **state)
{
	check_flag_tested_twice(*state, true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_branch_comparisons),
		cmocka_unit_test_setup_teardown(test_branch_through_calls,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_constant_branch,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_branch_on_state_reader,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(
			test_branch_on_state_written_first, setup_unit,
			release_unit),
		cmocka_unit_test_setup_teardown(test_branch_on_parameter_reader,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_branch_on_calling_reader,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_flag_tested_again,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_flag_written_between_tests,
						setup_unit, release_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
