// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-module-leak on hand-built models: a static cache of a module still set
 * up when module exit returns or module init fails, and the look-alikes that
 * must stay silent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define EXIT_LEAK(line, column, cache, exit, exit_line)                      \
	MB_FILE ":" #line ":" #column ": warning: static cache '" cache      \
		"' is not destroyed on every path out of module exit '" exit \
		"' [kmem-module-leak]\n" MB_FILE ":" #exit_line              \
		":1: note: module exit '" exit "' is defined here\n"

#define INIT_LEAK(line, column, cache, init, at_line, at_column)           \
	MB_FILE ":" #line ":" #column ": warning: static cache '" cache    \
		"' stays set up when module init '" init "' fails "        \
		"[kmem-module-leak]\n" MB_FILE ":" #at_line ":" #at_column \
		": note: '" init "' returns failure here\n"

/* The same, set up in a helper that init calls at call_line:call_column. */
#define INIT_LEAK_IN(line, column, cache, init, at_line, at_column, helper,    \
		     call_line, call_column)                                   \
	MB_FILE ":" #line ":" #column ": warning: static cache '" cache        \
		"' stays set up when module init '" init "' fails "            \
		"[kmem-module-leak]\n" MB_FILE ":" #call_line ":" #call_column \
		": note: '" helper "' sets up '" cache                         \
		"', called here\n" MB_FILE ":" #at_line ":" #at_column         \
		": note: '" init "' returns failure here\n"

/* static int __init foo_init(void) { setup(foo) at 22; return 0; } */
static int build_init(struct translation_unit *tu, int foo)
{
	int init = mb_function(tu, "foo_init", 20, 1);

	mb_fn(tu, init)->returns_value = true;
	mb_setup(tu, init, 0, mb_whole(foo), mb_at(22, 2));
	mb_return(tu, init, 0, value_constant(0), mb_at(23, 2));
	tu->module_init = init;
	return init;
}

/* static void __exit foo_exit(void) at 30, with 'blocks' blocks. */
static int build_exit(struct translation_unit *tu, size_t blocks)
{
	int exit = mb_function(tu, "foo_exit", 30, blocks);

	tu->module_exit = exit;
	return exit;
}

static void not_a_module_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit;

	tu->is_module = false;
	build_init(tu, foo);
	exit = build_exit(tu, 1);
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(), "");
}

static void exit_without_destroy_warns_at_setup(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit;

	tu->is_module = true;
	build_init(tu, foo);
	exit = build_exit(tu, 1);
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(),
		  "drivers/foo/foo.c:22:2: warning: static cache 'foo_cachep' "
		  "is not destroyed on every path out of module exit "
		  "'foo_exit' [kmem-module-leak]\n"
		  "drivers/foo/foo.c:30:1: note: module exit 'foo_exit' is "
		  "defined here\n");
}

static void exit_with_destroy_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit;

	tu->is_module = true;
	build_init(tu, foo);
	exit = build_exit(tu, 1);
	mb_destroy(tu, exit, 0, mb_whole(foo), mb_at(31, 2));
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(), "");
}

/*
 * A module whose exit branches on a flag read at 31: block 1 runs when it
 * is set and is left for the test to fill; both sides return at block 2.
 * 'module_state': the flag has static storage (init's record).
 */
static int build_exit_branch(struct translation_unit *tu, int foo,
			     bool module_state)
{
	int exit, flag;

	tu->is_module = true;
	build_init(tu, foo);
	exit = build_exit(tu, 3);
	flag = mb_value(tu, exit);
	mb_define(tu, exit, 0, flag, mb_at(31, 6));
	mb_test(tu, exit, 0, TEST_ZERO, flag, 2, 1);
	mb_fn(tu, exit)->blocks[0].tests_memory = module_state;
	mb_jump(tu, exit, 1, 2);
	mb_return_void(tu, exit, 2);
	return exit;
}

/* if (foo_in_use) kmem_cache_destroy(foo);  -- not on every path */
static void exit_destroys_on_one_branch_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit = build_exit_branch(tu, foo, false);

	mb_destroy(tu, exit, 1, mb_whole(foo), mb_at(32, 3));
	mb_expect(tu, mb_with_notes(),
		  EXIT_LEAK(22, 2, "foo_cachep", "foo_exit", 30));
}

/*
 * if (foo_ready) kmem_cache_destroy(foo);  -- foo_ready is a variable with
 * static storage exit does not write: init's record of what it did.
 */
static void exit_destroy_under_module_state_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit = build_exit_branch(tu, foo, true);

	mb_destroy(tu, exit, 1, mb_whole(foo), mb_at(32, 3));
	mb_expect(tu, mb_with_notes(), "");
}

/*
 * if (verbose) pr_info(...);  -- a branch on module state that guards no
 * setup or destroy decides nothing: the missing destroy is still a leak.
 */
static void exit_print_under_module_state_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit = build_exit_branch(tu, foo, true);
	struct event *print = mb_event(tu, exit, 1, EVENT_CALL, mb_at(32, 3));

	print->function = -1;
	print->callee = "printk";
	print->reaches_only_arguments = true;
	mb_expect(tu, mb_with_notes(),
		  EXIT_LEAK(22, 2, "foo_cachep", "foo_exit", 30));
}

/*
 * static int __init foo_init(void)
 * {
 *	int ret = kmem_cache_setup(foo, ...);		-- 11, r
 *	if (ret)
 *		return ret;				-- 12
 *	ret = register_foo();				-- 13, reg
 *	if (ret)
 *		goto out;				-- 14 (or: goto undo)
 *	return 0;					-- 15
 * undo:
 *	kmem_cache_destroy(foo);			-- 17
 * out:
 *	return ret;					-- 19
 * }
 *
 * Blocks: 0 setup, 1 register, 2 success, 3 the merged return with
 * phi ret = [0: r at 12, 1 or 4: reg at 14, 2: 0 at 15], 4 undo (left
 * empty and unreachable without it).
 */
static void build_failing_init(struct translation_unit *tu, bool undo)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int init = mb_function(tu, "foo_init", 10, 5);
	int r = mb_value(tu, init);
	int reg = mb_value(tu, init);
	int ret = mb_value(tu, init);
	int failed = undo ? 4 : 3;
	struct event *setup;

	tu->is_module = true;
	tu->module_init = init;
	mb_fn(tu, init)->returns_value = true;
	setup = mb_setup(tu, init, 0, mb_whole(foo), mb_at(11, 12));
	setup->result = value_id(r);
	mb_test(tu, init, 0, TEST_ZERO, r, 1, 3);
	mb_define(tu, init, 1, reg, mb_at(13, 8));
	mb_test(tu, init, 1, TEST_ZERO, reg, 2, failed);
	mb_jump(tu, init, 2, 3);
	if (undo) {
		mb_destroy(tu, init, 4, mb_whole(foo), mb_at(17, 2));
		mb_jump(tu, init, 4, 3);
	}
	mb_phi(tu, init, 3, ret, 0, value_id(r), mb_at(12, 10));
	mb_phi(tu, init, 3, ret, undo ? 4 : 1, value_id(reg), mb_at(14, 3));
	mb_phi(tu, init, 3, ret, 2, value_constant(0), mb_at(15, 9));
	mb_return(tu, init, 3, value_id(ret), mb_at(19, 9));
}

static void init_failing_after_setup_warns(void **state)
{
	build_failing_init(*state, false);
	mb_expect(*state, mb_with_notes(),
		  INIT_LEAK(11, 12, "foo_cachep", "foo_init", 14, 3));
}

static void init_failure_path_destroys_silent(void **state)
{
	build_failing_init(*state, true);
	mb_expect(*state, mb_with_notes(), "");
}

/* No module_exit: the module cannot be unloaded, only its init counts. */
static void no_module_exit_checks_only_init(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int other = mb_function(tu, "foo_exit", 30, 1);

	tu->is_module = true;
	build_init(tu, foo);
	/* Not named by module_exit(): just another function. */
	mb_return_void(tu, other, 0);
	mb_expect(tu, mb_with_notes(), "");
}

/*
 * foo is destroyed by foo_cleanup(), bar by foo_destroy_one(&bar): both
 * from the exit, both silent.
 */
static void exit_destroys_through_helpers_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int init = build_init(tu, foo);
	int cleanup = mb_function(tu, "foo_cleanup", 40, 1);
	int destroy_one = mb_function(tu, "foo_destroy_one", 45, 1);
	int exit = build_exit(tu, 1);
	struct cache_ref arguments[] = { mb_whole(bar) };

	tu->is_module = true;
	mb_setup(tu, init, 0, mb_whole(bar), mb_at(22, 30));
	mb_destroy(tu, cleanup, 0, mb_whole(foo), mb_at(41, 2));
	mb_return_void(tu, cleanup, 0);
	mb_fn(tu, destroy_one)->parameter_count = 1;
	mb_destroy(tu, destroy_one, 0, cache_ref_parameter(0), mb_at(46, 2));
	mb_return_void(tu, destroy_one, 0);
	mb_call(tu, exit, 0, cleanup, mb_at(31, 2), 0, NULL);
	mb_call(tu, exit, 0, destroy_one, mb_at(32, 2), 1, arguments);
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(), "");
}

/* The exit's helper destroys bar only: foo leaks. */
static void exit_helper_destroys_other_cache_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int init = build_init(tu, foo);
	int cleanup = mb_function(tu, "foo_cleanup", 40, 1);
	int exit = build_exit(tu, 1);

	tu->is_module = true;
	mb_setup(tu, init, 0, mb_whole(bar), mb_at(22, 30));
	mb_destroy(tu, cleanup, 0, mb_whole(bar), mb_at(41, 2));
	mb_return_void(tu, cleanup, 0);
	mb_call(tu, exit, 0, cleanup, mb_at(31, 2), 0, NULL);
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(),
		  EXIT_LEAK(22, 2, "foo_cachep", "foo_exit", 30));
}

/*
 * Setups in helpers: one that sets foo up by name is reported inside, at its
 * setup; one that sets up its parameter is reported at the call passing bar.
 */
static void setup_in_helpers_reported_where_fixed(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int create = mb_function(tu, "foo_create", 11, 1);
	int setup_one = mb_function(tu, "foo_setup_one", 15, 1);
	int init = mb_function(tu, "foo_init", 20, 1);
	int exit = build_exit(tu, 1);
	struct cache_ref arguments[] = { mb_whole(bar) };

	tu->is_module = true;
	tu->module_init = init;
	mb_setup(tu, create, 0, mb_whole(foo), mb_at(12, 2));
	mb_return_void(tu, create, 0);
	mb_fn(tu, setup_one)->parameter_count = 1;
	mb_setup(tu, setup_one, 0, cache_ref_parameter(0), mb_at(16, 2));
	mb_return_void(tu, setup_one, 0);
	mb_fn(tu, init)->returns_value = true;
	mb_call(tu, init, 0, create, mb_at(21, 2), 0, NULL);
	mb_call(tu, init, 0, setup_one, mb_at(22, 2), 1, arguments);
	mb_return(tu, init, 0, value_constant(0), mb_at(23, 2));
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(),
		  EXIT_LEAK(12, 2, "foo_cachep", "foo_exit", 30)
			  EXIT_LEAK(22, 2, "bar_cachep", "foo_exit", 30));
}

/*
 * static void __exit foo_exit(void)
 * {
 *	while (foo_busy())		-- 31, busy
 *		cpu_relax();
 * }					-- foo is never destroyed
 */
static void exit_with_polling_loop_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit, busy;

	tu->is_module = true;
	build_init(tu, foo);
	exit = build_exit(tu, 3);
	busy = mb_value(tu, exit);
	mb_jump(tu, exit, 0, 1);
	mb_define(tu, exit, 1, busy, mb_at(31, 9));
	mb_test(tu, exit, 1, TEST_ZERO, busy, 2, 1);
	mb_return_void(tu, exit, 2);
	mb_expect(tu, mb_with_notes(),
		  EXIT_LEAK(22, 2, "foo_cachep", "foo_exit", 30));
}

/*
 * Regression test for a bug the engine once had (fixed in the path engine,
 *core/engine/).
 *
 * static int __init foo_init(void)
 * {
 *	while (kmem_cache_setup(foo_cachep, ...))	-- b1, 12: retry
 *		;
 *	return register_foo();			-- b2, 14: may fail
 * }
 *
 * run_item() records the state a block starts with in the seen table, but
 * first_visit() keeps a pointer to the live state, not a copy, and the
 * block's own events go on changing it.  Here the loop enters b1 with foo
 * UNSET (the failed setup, settled by forget_dead_values()), the setup makes
 * that same state PENDING on r, and the record of b1 no longer holds the
 * bytes its hash was computed from.  When the retry brings the same UNSET
 * state back, it is not recognised, b1 is walked again and its new record
 * spoiled the same way: the walk goes round the retry, deeper each time,
 * never pops the pending visit of b2, and stops at WALK_STEP_LIMIT.
 * No return is ever seen, so the leak is not reported; a helper with such a
 * loop gets an unknown summary, which silences its callers too.
 * (finish_block() also hands the live state to the last successor of an
 * EXIT_JUMP, whose phis and forgetting spoil the record the same way.)
 * Storing a copy of the state in first_visit() would fix both.
 */
static void regression_init_with_retry_loop_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int init = mb_function(tu, "foo_init", 10, 3);
	int r = mb_value(tu, init);
	int ret = mb_value(tu, init);
	struct event *setup;

	tu->is_module = true;
	tu->module_init = init;
	mb_fn(tu, init)->returns_value = true;
	mb_jump(tu, init, 0, 1);
	setup = mb_setup(tu, init, 1, mb_whole(foo), mb_at(12, 9));
	setup->result = value_id(r);
	mb_test(tu, init, 1, TEST_ZERO, r, 2, 1);
	mb_define(tu, init, 2, ret, mb_at(14, 9));
	mb_return(tu, init, 2, value_id(ret), mb_at(14, 2));
	mb_expect(tu, mb_with_notes(),
		  INIT_LEAK(12, 9, "foo_cachep", "foo_init", 14, 2));
}

/*
 * Regression test for a bug the engine once had (fixed in the path engine,
 *core/engine/).
 *
 * static int __init foo_init(void)
 * {
 *	int ret = 0, next = -ENOMEM;			-- 11
 *
 *	kmem_cache_setup(foo_cachep, ...);		-- b0, 12
 *	while (foo_more()) {				-- b1, 14
 *		int t = ret; ret = next; next = t;	-- b2, 15: a swap
 *	}
 *	return ret;					-- b3, 17
 * }
 *
 * In SSA the swap is two phis of b1 that read each other on the back edge:
 * next = [b0: -ENOMEM, b2: ret], ret = [b0: 0, b2: next].  Phis of a
 * block take their incoming values all at once, but enter_phis() assigns
 * them one after the other, so ret reads the 'next' just assigned (0, from
 * the old ret) instead of the old one (-ENOMEM).  After one turn init
 * returns -ENOMEM with foo set up; the walk believes it returns 0 on every
 * path and reports nothing.  Reading every incoming fact before writing
 * any result fixes it.
 */
static void regression_init_returns_swapped_phi_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int init = mb_function(tu, "foo_init", 10, 4);
	int ret = mb_value(tu, init);
	int next = mb_value(tu, init);
	int more = mb_value(tu, init);

	tu->is_module = true;
	tu->module_init = init;
	mb_fn(tu, init)->returns_value = true;
	mb_setup(tu, init, 0, mb_whole(foo), mb_at(12, 2));
	mb_jump(tu, init, 0, 1);
	mb_define(tu, init, 1, more, mb_at(14, 9));
	mb_test(tu, init, 1, TEST_ZERO, more, 3, 2);
	mb_jump(tu, init, 2, 1);
	mb_phi(tu, init, 1, next, 0, value_constant(-12), mb_at(11, 15));
	mb_phi(tu, init, 1, next, 2, value_id(ret), mb_at(15, 37));
	mb_phi(tu, init, 1, ret, 0, value_constant(0), mb_at(11, 6));
	mb_phi(tu, init, 1, ret, 2, value_id(next), mb_at(15, 25));
	mb_return(tu, init, 3, value_id(ret), mb_at(17, 2));
	mb_expect(tu, mb_with_notes(),
		  INIT_LEAK(12, 2, "foo_cachep", "foo_init", 17, 2));
}

/*
 * One helper sets up two caches and init fails after calling it: each
 * cache is a finding of its own, at its own setup.
 */
static void init_helper_with_two_caches_warns_twice(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int helper = mb_function(tu, "foo_setup_caches", 40, 1);
	int init = mb_function(tu, "foo_init", 20, 3);
	int ret = mb_value(tu, init);

	tu->is_module = true;
	tu->module_init = init;
	mb_setup(tu, helper, 0, mb_whole(foo), mb_at(41, 2));
	mb_setup(tu, helper, 0, mb_whole(bar), mb_at(42, 2));
	mb_return_void(tu, helper, 0);
	mb_fn(tu, init)->returns_value = true;
	mb_call(tu, init, 0, helper, mb_at(21, 2), 0, NULL);
	mb_define(tu, init, 0, ret, mb_at(22, 8));
	mb_test(tu, init, 0, TEST_ZERO, ret, 2, 1);
	mb_return(tu, init, 1, value_id(ret), mb_at(24, 10));
	mb_return(tu, init, 2, value_constant(0), mb_at(25, 2));
	mb_expect(tu, mb_with_notes(),
		  INIT_LEAK_IN(41, 2, "foo_cachep", "foo_init", 24, 10,
			       "foo_setup_caches", 21, 2)
			  INIT_LEAK_IN(42, 2, "bar_cachep", "foo_init", 24, 10,
				       "foo_setup_caches", 21, 2));
}

/* static void foo_destroy_caches(void) { destroy(foo) at 41; }  -- 40 */
static int build_destroy_helper(struct translation_unit *tu, int foo)
{
	int helper = mb_function(tu, "foo_destroy_caches", 40, 1);

	mb_destroy(tu, helper, 0, mb_whole(foo), mb_at(41, 2));
	mb_return_void(tu, helper, 0);
	return helper;
}

/* static void foo_flush(void) { }  -- 45: destroys nothing */
static int build_flush_helper(struct translation_unit *tu)
{
	int helper = mb_function(tu, "foo_flush", 45, 1);

	mb_return_void(tu, helper, 0);
	return helper;
}

/*
 * static void (*foo_exits[])(void) = { first, unseen_fn };
 * static void __exit foo_exit(void)		-- 30
 * {
 *	int i = 2;				-- 31
 *	while (i--)				-- 32
 *		foo_exits[i]();			-- 33
 * }
 */
static void build_table_exit(struct translation_unit *tu, int first)
{
	const long elements[] = { 0, 1 };
	const int callees[] = { first, -1 };
	int exit = build_exit(tu, 4);
	int i = mb_value(tu, exit), next = mb_value(tu, exit);

	mb_jump(tu, exit, 0, 1);
	mb_jump(tu, exit, 2, 1);
	mb_phi(tu, exit, 1, i, 0, value_constant(2), mb_at(31, 10));
	mb_phi(tu, exit, 1, i, 2, value_id(next), mb_at(32, 10));
	mb_value_event(tu, exit, 1, EVENT_VALUE_ADD, next, value_id(i), -1);
	mb_test(tu, exit, 1, TEST_ZERO, i, 3, 2);
	mb_table_call(tu, exit, 2, next, 2, elements, callees, mb_at(33, 3));
	mb_return_void(tu, exit, 3);
}

/* The loop counter picks each element in turn: element 0 destroys. */
static void table_exit_loop_destroys_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);

	tu->is_module = true;
	build_init(tu, foo);
	build_table_exit(tu, build_destroy_helper(tu, foo));
	mb_expect(tu, mb_with_notes(), "");
}

/* The same loop, but the element that should destroy does not. */
static void table_exit_element_forgets_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);

	tu->is_module = true;
	build_init(tu, foo);
	build_table_exit(tu, build_flush_helper(tu));
	mb_expect(tu, mb_with_notes(),
		  EXIT_LEAK(22, 2, "foo_cachep", "foo_exit", 30));
}

/* foo_exits[which()](): no path knows the element, nothing is told. */
static void table_exit_index_unknown_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int flush, exit, which;
	const long elements[] = { 0 };

	tu->is_module = true;
	build_init(tu, foo);
	flush = build_flush_helper(tu);
	exit = build_exit(tu, 1);
	which = mb_value(tu, exit);
	mb_define(tu, exit, 0, which, mb_at(31, 12));
	mb_table_call(tu, exit, 0, which, 1, elements, &flush, mb_at(31, 2));
	mb_return_void(tu, exit, 0);
	mb_expect(tu, mb_with_notes(), "");
}

/*
 * static int __init foo_init(void)		-- 20
 * {
 *	int i = 0, ret;
 *	foo_inits[i]();				-- 21: sets foo up, at 42
 *	ret = register_foo();			-- 23
 *	if (ret)
 *		return ret;			-- 25: foo stays set up
 *	return 0;				-- 26
 * }
 * The finding is at the setup inside the element's function.
 */
static void table_init_element_sets_up_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int helper = mb_function(tu, "foo_setup_caches", 40, 1);
	int init = mb_function(tu, "foo_init", 20, 3);
	int i = mb_value(tu, init), ret = mb_value(tu, init);
	const long elements[] = { 0 };

	tu->is_module = true;
	tu->module_init = init;
	mb_setup(tu, helper, 0, mb_whole(foo), mb_at(42, 2));
	mb_return_void(tu, helper, 0);
	mb_fn(tu, init)->returns_value = true;
	mb_value_event(tu, init, 0, EVENT_VALUE_COPY, i, value_constant(0), 0);
	mb_table_call(tu, init, 0, i, 1, elements, &helper, mb_at(21, 2));
	mb_define(tu, init, 0, ret, mb_at(23, 8));
	mb_test(tu, init, 0, TEST_ZERO, ret, 2, 1);
	mb_return(tu, init, 1, value_id(ret), mb_at(25, 10));
	mb_return(tu, init, 2, value_constant(0), mb_at(26, 2));
	mb_expect(tu, mb_with_notes(),
		  INIT_LEAK_IN(42, 2, "foo_cachep", "foo_init", 25, 10,
			       "foo_setup_caches", 21, 2));
}

/*
 * static void (*foo_exits[])(void) = { foo_destroy_caches };
 * static void __exit foo_exit(void)		-- 30
 * {
 *	if (foo_ready)				-- 31
 *		foo_exits[i]();			-- 32: i is 0
 * }
 * The branch guards the destroy the table's element does, as it would a
 * direct call: on module state, init's record, nothing is told.
 */
static void build_table_exit_under_flag(struct translation_unit *tu,
					bool module_state)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int exit = build_exit_branch(tu, foo, module_state);
	int destroy = build_destroy_helper(tu, foo);
	int i = mb_value(tu, exit);
	const long elements[] = { 0 };

	mb_value_event(tu, exit, 1, EVENT_VALUE_COPY, i, value_constant(0), 0);
	mb_table_call(tu, exit, 1, i, 1, elements, &destroy, mb_at(32, 3));
}

static void table_exit_under_module_state_silent(void **state)
{
	build_table_exit_under_flag(*state, true);
	mb_expect(*state, mb_with_notes(), "");
}

/* The same branch on a local's value: the path that skips it leaks. */
static void table_exit_under_local_test_warns(void **state)
{
	build_table_exit_under_flag(*state, false);
	mb_expect(*state, mb_with_notes(),
		  EXIT_LEAK(22, 2, "foo_cachep", "foo_exit", 30));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(not_a_module_silent),
		MB_TEST(exit_without_destroy_warns_at_setup),
		MB_TEST(exit_with_destroy_silent),
		MB_TEST(exit_destroys_on_one_branch_warns),
		MB_TEST(exit_destroy_under_module_state_silent),
		MB_TEST(exit_print_under_module_state_warns),
		MB_TEST(init_failing_after_setup_warns),
		MB_TEST(init_failure_path_destroys_silent),
		MB_TEST(no_module_exit_checks_only_init),
		MB_TEST(exit_destroys_through_helpers_silent),
		MB_TEST(exit_helper_destroys_other_cache_warns),
		MB_TEST(setup_in_helpers_reported_where_fixed),
		MB_TEST(exit_with_polling_loop_warns),
		MB_TEST(regression_init_with_retry_loop_warns),
		MB_TEST(regression_init_returns_swapped_phi_warns),
		MB_TEST(init_helper_with_two_caches_warns_twice),
		MB_TEST(table_exit_loop_destroys_silent),
		MB_TEST(table_exit_element_forgets_warns),
		MB_TEST(table_exit_index_unknown_silent),
		MB_TEST(table_init_element_sets_up_warns),
		MB_TEST(table_exit_under_module_state_silent),
		MB_TEST(table_exit_under_local_test_warns),
	};

	return cmocka_run_group_tests_name("kmem-module-leak", tests, NULL,
					   NULL);
}
