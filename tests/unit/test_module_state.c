// SPDX-License-Identifier: GPL-2.0
/*
 * Module state (core/engine/module_state.c), as the lowering decides it: a
 * branch tests module state when it reads a variable with static storage, also
 * through a helper that only reads such variables, that no block before it
 * writes, unless an earlier test of it comes between; around a loop, the
 * branch itself is no earlier test; a flag per element of an array, picked
 * by a value, is always state.  What such a branch does in the walk is in
 * tests/lit, and at the end of this file: what a guarded setup stays
 * through the summaries of helpers that call it, at any depth.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "lower_checks.h"
#include "model_builder.h"
#include "paths.h"

#define RESETUP_IN(line, column, cache, helper)                          \
	MB_FILE ":" #line ":" #column ": warning: static cache '" cache  \
		"' may already be set up on this path (set up again in " \
		"'" helper "') [kmem-resetup]\n"

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

/*
 * The walk, through summaries: foo_setup() sets foo up only `if
 * (!foo_ready)` (with 'flag_is_state', a branch on module state; without,
 * on a value the walk does not know), and 'depth' helpers each call the
 * one below: foo_ensure(), foo_attach(), foo_open().  Returns the top
 * helper, which probe() calls twice, at lines 51 and 52.
 */
static const char *const chain_names[] = { "foo_setup", "foo_ensure",
					   "foo_attach", "foo_open" };

static int guarded_chain(struct translation_unit *tu, int foo, int depth,
			 bool flag_is_state)
{
	int setup = mb_function(tu, chain_names[0], 10, 3);
	int flag = mb_value(tu, setup);
	int below = setup;

	mb_define(tu, setup, 0, flag, mb_at(11, 7));
	mb_test(tu, setup, 0, TEST_ZERO, flag, 1, 2);
	mb_block(tu, setup, 0)->tests_memory = flag_is_state;
	mb_setup(tu, setup, 1, mb_whole(foo), mb_at(12, 3));
	mb_jump(tu, setup, 1, 2);
	mb_return_void(tu, setup, 2);
	for (int level = 1; level <= depth; level++) {
		int helper = mb_function(tu, chain_names[level],
					 10 + 10 * (unsigned int)level, 1);

		mb_call(tu, helper, 0, below,
			mb_at(11 + 10 * (unsigned int)level, 2), 0, NULL);
		mb_return_void(tu, helper, 0);
		below = helper;
	}
	return below;
}

static void probe_calls_twice(struct translation_unit *tu, int top)
{
	int probe = mb_function(tu, "probe", 50, 1);

	mb_call(tu, probe, 0, top, mb_at(51, 2), 0, NULL);
	mb_call(tu, probe, 0, top, mb_at(52, 2), 0, NULL);
	mb_return_void(tu, probe, 0);
}

/* probe() calls foo_setup() twice, directly and through 1 to 3 helpers. */
static void test_guard_kept_at_any_depth(void **state)
{
	for (int depth = 0; depth <= 3; depth++) {
		struct translation_unit *tu = *state;
		int foo = mb_instance(tu, "foo_cache", 5, false);

		probe_calls_twice(tu, guarded_chain(tu, foo, depth, true));
		mb_expect(tu, NULL, "");
		mb_close(state);
		mb_open(state);
	}
}

/* The twin: the flag is no module state, and the second call sets up. */
static void test_unguarded_chain_resets_up(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);

	probe_calls_twice(tu, guarded_chain(tu, foo, 2, false));
	mb_expect(tu, NULL, RESETUP_IN(52, 2, "foo_cache", "foo_attach"));
}

/* summary_dump() of the unit's function 'name', to be freed. */
static char *summary_text(struct translation_unit *tu, const char *name)
{
	struct analysis analysis = { .tu = tu };
	struct slabcheck_options options;
	char *text = NULL;
	size_t length = 0;
	FILE *stream;

	options_init(&options);
	analysis.options = &options;
	arena_init(&analysis.arena);
	stream = open_memstream(&text, &length);
	summary_dump(&analysis, summary_find(&analysis, name), stream);
	fclose(stream);
	arena_release(&analysis.arena);
	return text;
}

/* The summary of the top of the chain says its setup is guarded. */
static void test_summary_of_chain_is_guarded(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	char *text;

	guarded_chain(tu, foo, 3, true);
	text = summary_text(tu, "foo_open");
	/* The side that skips the setup cannot tell: foo is unknown. */
	assert_string_equal(text, "summary foo_open\n"
				  "  outcome 0: returns unknown\n"
				  "    foo_cache: first setup, then set "
				  "(guarded)\n"
				  "  outcome 1: returns unknown\n"
				  "    foo_cache: first -, then unknown\n");
	free(text);
}

/*
 * foo_start() { setup(foo); foo_attach(); } -- a setup under no flag,
 * then the guarded chain: a second foo_start() sets foo up again, at its
 * own setup, whatever the chain tests.  Its summary is not guarded.
 */
static void test_unguarded_setup_before_chain(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int top = guarded_chain(tu, foo, 2, true);
	int start = mb_function(tu, "foo_start", 40, 1);
	char *text;

	mb_setup(tu, start, 0, mb_whole(foo), mb_at(41, 2));
	mb_call(tu, start, 0, top, mb_at(42, 2), 0, NULL);
	mb_return_void(tu, start, 0);
	text = summary_text(tu, "foo_start");
	assert_string_equal(text, "summary foo_start\n"
				  "  outcome 0: returns unknown\n"
				  "    foo_cache: first setup, then set\n"
				  "  outcome 1: returns unknown\n"
				  "    foo_cache: first setup, then unknown\n");
	free(text);
	probe_calls_twice(tu, start);
	mb_expect(tu, NULL, RESETUP_IN(52, 2, "foo_cache", "foo_start"));
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
		MB_TEST(test_guard_kept_at_any_depth),
		MB_TEST(test_unguarded_chain_resets_up),
		MB_TEST(test_summary_of_chain_is_guarded),
		MB_TEST(test_unguarded_setup_before_chain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
