// SPDX-License-Identifier: GPL-2.0
/*
 * Module state (core/engine/module_state.c), as the lowering decides it: a
 * branch tests module state when it reads a variable with static storage, also
 * through a helper that only reads such variables, that no block before it
 * writes, unless an earlier test of it comes between; around a loop, the
 * branch itself is no earlier test; a flag per element of an array, picked
 * by a value, is always state.  What such a branch does in the walk is in
 * test_engine.c (guarded setups) and tests/lit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lower_checks.h"

/*
 * static bool enabled(void) { return foo_mode != 0; }
 * Its instructions, 'reads' deciding what the return reads: foo_mode (a
 * state reader), a parameter, or the result of probe().
 */
enum reader_input { READS_STATE, READS_PARAMETER, READS_CALL };

static void reader(struct translation_unit *tu, enum reader_input input)
{
	struct function_model *fn = function(tu, "enabled", 1);
	struct model_instruction *copy;

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
	binary(tu, fn, 0, BINARY_NE, operand_value(0), operand_constant(0), 1);
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
	struct model_instruction *copy =
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

static void jump(struct translation_unit *tu, struct function_model *fn,
		 int block, int target)
{
	fn->blocks[block].exit = EXIT_JUMP;
	block_add_edge(tu, fn, block, target);
}

/*
 * foo_use_cache = ...;  while (...) { if (foo_use_cache) ...; }
 * Around the loop the branch reaches itself, but it is no earlier test:
 * what it reads is still the function's own write.  With 'tested_first',
 * an `if (foo_use_cache)` before the loop makes the loop's a test of state.
 */
static void check_flag_tested_in_loop(struct translation_unit *tu,
				      bool tested_first)
{
	struct function_model *fn = function(tu, "foo_init", 5);

	fn->value_count = 2;
	block_add_instruction(tu, &fn->blocks[0], INSN_STORE)->store =
		"foo_use_cache";
	if (tested_first)
		branch_on_flag(tu, fn, 0, 0, 1, 4);
	else
		jump(tu, fn, 0, 1);
	jump(tu, fn, 1, 2);
	branch_on_flag(tu, fn, 2, 1, 3, 4);
	jump(tu, fn, 3, 2);
	fn->blocks[4].exit = EXIT_NONE;
	lower_and_verify(tu);
	assert_int_equal(fn->blocks[2].tests_memory, tested_first);
}

static void test_flag_tested_in_loop(void **state)
{
	check_flag_tested_in_loop(*state, false);
}

/* The twin: a test before the loop. */
static void test_flag_tested_before_loop(void **state)
{
	check_flag_tested_in_loop(*state, true);
}

/*
 * Two loops in a row, each testing the flag, after one write: the second
 * loop's test is reached from the first's, so it tests state; the first
 * does not.
 */
static void test_flag_tested_in_two_loops(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = function(tu, "foo_init", 6);

	fn->value_count = 2;
	block_add_instruction(tu, &fn->blocks[0], INSN_STORE)->store =
		"foo_use_cache";
	jump(tu, fn, 0, 1);
	branch_on_flag(tu, fn, 1, 0, 2, 3);
	jump(tu, fn, 2, 1);
	branch_on_flag(tu, fn, 3, 1, 4, 5);
	jump(tu, fn, 4, 3);
	fn->blocks[5].exit = EXIT_NONE;
	lower_and_verify(tu);
	assert_false(fn->blocks[1].tests_memory);
	assert_true(fn->blocks[3].tests_memory);
}

/* A flag nothing in the function writes, tested in a loop: state. */
static void test_unwritten_flag_in_loop(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = function(tu, "foo_exit", 4);

	fn->value_count = 1;
	jump(tu, fn, 0, 1);
	branch_on_flag(tu, fn, 1, 0, 2, 3);
	jump(tu, fn, 2, 1);
	fn->blocks[3].exit = EXIT_NONE;
	lower_and_verify(tu);
	assert_true(fn->blocks[1].tests_memory);
}

/*
 * for (...) { if (!done[i]) continue; ...; done[i] = false; }, as fs/btrfs
 * walks its table of init steps: a flag per element, the element picked
 * by the loop's value v0.  The function's own write is of an element too,
 * which the walk cannot tell from the one tested: the test is of state,
 * and says which value picks its element.  With 'constant_index', done[3]:
 * no value picks it, and the write in the loop makes it the function's own.
 */
static void check_flag_per_element(struct translation_unit *tu,
				   bool constant_index)
{
	struct function_model *fn = function(tu, "foo_exit", 4);
	struct model_instruction *copy;

	fn->value_count = 2;
	jump(tu, fn, 0, 1);
	copy = block_add_instruction(tu, &fn->blocks[1], INSN_ASSIGN);
	copy->source = operand_memory_element(
		"done",
		constant_index ? operand_constant(3) : operand_value(0));
	copy->result = 1;
	fn->blocks[1].exit = EXIT_BRANCH;
	fn->blocks[1].condition = operand_value(1);
	block_add_edge(tu, fn, 1, 2);
	block_add_edge(tu, fn, 1, 3);
	block_add_instruction(tu, &fn->blocks[2], INSN_STORE)->store = "done";
	jump(tu, fn, 2, 1);
	fn->blocks[3].exit = EXIT_NONE;
	lower_and_verify(tu);
	assert_int_equal(fn->blocks[1].tests_memory, !constant_index);
	assert_int_equal(fn->blocks[1].tests_element, !constant_index);
	assert_int_equal(block_element_value(&fn->blocks[1]),
			 constant_index ? -1 : 0);
}

static void test_flag_per_element(void **state)
{
	check_flag_per_element(*state, false);
}

/* The twin: an element no value picks is the variable's. */
static void test_flag_element_by_constant(void **state)
{
	check_flag_per_element(*state, true);
}

#define TEST(name) \
	cmocka_unit_test_setup_teardown(name, setup_unit, release_unit)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_branch_on_state_reader),
		TEST(test_branch_on_state_written_first),
		TEST(test_branch_on_parameter_reader),
		TEST(test_branch_on_calling_reader),
		TEST(test_flag_tested_again),
		TEST(test_flag_written_between_tests),
		TEST(test_flag_tested_in_loop),
		TEST(test_flag_tested_before_loop),
		TEST(test_flag_tested_in_two_loops),
		TEST(test_unwritten_flag_in_loop),
		TEST(test_flag_per_element),
		TEST(test_flag_element_by_constant),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
