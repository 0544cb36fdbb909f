// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-resetup on hand-built models: a static cache set up while it may
 * already be set up, and the look-alikes that must stay silent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define RESETUP(line, column, cache)                                    \
	MB_FILE ":" #line ":" #column ": warning: static cache '" cache \
		"' may already be set up on this path [kmem-resetup]\n"

#define RESETUP_IN(line, column, cache, helper)                          \
	MB_FILE ":" #line ":" #column ": warning: static cache '" cache  \
		"' may already be set up on this path (set up again in " \
		"'" helper "') [kmem-resetup]\n"

static void setup_twice_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(12, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:12:2: warning: static cache 'foo_cachep' "
		  "may already be set up on this path [kmem-resetup]\n");
}

static void two_caches_set_up_once_each_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_setup(tu, f, 0, mb_whole(bar), mb_at(12, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, "");
}

static void setup_destroy_setup_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_reset", 10, 1);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(12, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(13, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, RESETUP(13, 2, "foo_cachep"));
}

/*
 * destroy(foo); setup(foo): the destroy shows that foo was set up before
 * the function, whoever did it, so the setup is a second one.
 */
static void destroy_then_setup_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_reset", 10, 1);

	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(12, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, RESETUP(12, 2, "foo_cachep"));
}

/*
 * r = setup(foo) at 11; if (<test> r) goes to block 1, else to block 2; the
 * block 'again' sets foo up a second time at 20.
 */
static void build_retry(struct translation_unit *tu, bool pointer,
			enum value_test test, int again)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_init", 10, 3);
	int r = mb_value(tu, f);
	struct event *setup = mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 6));

	setup->result = value_id(r);
	setup->result_is_pointer = pointer;
	mb_test(tu, f, 0, test, r, 1, 2);
	mb_setup(tu, f, again, mb_whole(foo), mb_at(20, 3));
	mb_return_void(tu, f, 1);
	mb_return_void(tu, f, 2);
}

/* if (kmem_cache_setup(foo)) kmem_cache_setup(foo);  -- a retry */
static void int_retry_after_failure_silent(void **state)
{
	build_retry(*state, false, TEST_ZERO, 2);
	mb_expect(*state, NULL, "");
}

/* if (!kmem_cache_setup(foo)) kmem_cache_setup(foo);  -- it worked */
static void int_setup_again_after_success_warns(void **state)
{
	build_retry(*state, false, TEST_ZERO, 1);
	mb_expect(*state, NULL, RESETUP(20, 3, "foo_cachep"));
}

/* if (!KMEM_CACHE_SETUP(foo)) KMEM_CACHE_SETUP(foo);  -- NULL: it failed */
static void pointer_retry_after_null_silent(void **state)
{
	build_retry(*state, true, TEST_ZERO, 1);
	mb_expect(*state, NULL, "");
}

/* if (KMEM_CACHE_SETUP(foo)) KMEM_CACHE_SETUP(foo);  -- non-NULL: it worked */
static void pointer_setup_again_when_not_null_warns(void **state)
{
	build_retry(*state, true, TEST_ZERO, 2);
	mb_expect(*state, NULL, RESETUP(20, 3, "foo_cachep"));
}

/* if (IS_ERR(KMEM_CACHE_SETUP(foo))) KMEM_CACHE_SETUP(foo); */
static void pointer_retry_after_error_silent(void **state)
{
	build_retry(*state, true, TEST_ERROR, 1);
	mb_expect(*state, NULL, "");
}

/*
 * if (x) setup(foo) at 12; ...; if (<other> == 0) setup(foo) at 15.
 * 'second' is the value the second test looks at.
 */
static void build_two_branches(struct translation_unit *tu, bool same_value)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_init", 10, 5);
	int x = mb_value(tu, f);
	int y = mb_value(tu, f);

	/* x and y are the function's parameters. */
	function_set_parameters(tu, mb_fn(tu, f), 2);
	mb_fn(tu, f)->parameter_values[0] = x;
	mb_fn(tu, f)->parameter_values[1] = y;
	mb_test(tu, f, 0, TEST_ZERO, x, 2, 1);
	mb_setup(tu, f, 1, mb_whole(foo), mb_at(12, 3));
	mb_jump(tu, f, 1, 2);
	mb_test(tu, f, 2, TEST_ZERO, same_value ? x : y, 3, 4);
	mb_setup(tu, f, 3, mb_whole(foo), mb_at(15, 3));
	mb_jump(tu, f, 3, 4);
	mb_return_void(tu, f, 4);
}

static void mutually_exclusive_branches_silent(void **state)
{
	build_two_branches(*state, true);
	mb_expect(*state, NULL, "");
}

static void independent_branches_warn(void **state)
{
	build_two_branches(*state, false);
	mb_expect(*state, NULL, RESETUP(15, 3, "foo_cachep"));
}

/* for (...) { setup(foo); busy = foo_poll(); } while (busy); */
static void setup_inside_loop_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_init", 10, 3);
	int busy = mb_value(tu, f);

	mb_jump(tu, f, 0, 1);
	mb_setup(tu, f, 1, mb_whole(foo), mb_at(12, 3));
	mb_define(tu, f, 1, busy, mb_at(13, 10));
	mb_test(tu, f, 1, TEST_ZERO, busy, 2, 1);
	mb_return_void(tu, f, 2);
	mb_expect(tu, NULL, RESETUP(12, 3, "foo_cachep"));
}

/* setup(foo); do { busy = foo_poll(); } while (busy); */
static void setup_before_loop_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int f = mb_function(tu, "foo_init", 10, 3);
	int busy = mb_value(tu, f);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_jump(tu, f, 0, 1);
	mb_define(tu, f, 1, busy, mb_at(13, 10));
	mb_test(tu, f, 1, TEST_ZERO, busy, 2, 1);
	mb_return_void(tu, f, 2);
	mb_expect(tu, NULL, "");
}

/* static void foo_setup_one(struct kmem_cache_opaque *c) { setup(c); } */
static int build_parameter_helper(struct translation_unit *tu)
{
	int helper = mb_function(tu, "foo_setup_one", 20, 1);

	mb_fn(tu, helper)->parameter_count = 1;
	mb_setup(tu, helper, 0, cache_ref_parameter(0), mb_at(21, 2));
	mb_return_void(tu, helper, 0);
	return helper;
}

static void helper_called_twice_for_one_cache_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int helper = build_parameter_helper(tu);
	int f = mb_function(tu, "foo_init", 30, 1);
	struct cache_ref arguments[] = { mb_whole(foo) };

	mb_call(tu, f, 0, helper, mb_at(31, 2), 1, arguments);
	mb_call(tu, f, 0, helper, mb_at(32, 2), 1, arguments);
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, RESETUP_IN(32, 2, "foo_cachep", "foo_setup_one"));
}

static void helper_called_for_two_caches_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int helper = build_parameter_helper(tu);
	int f = mb_function(tu, "foo_init", 30, 1);
	struct cache_ref first[] = { mb_whole(foo) };
	struct cache_ref second[] = { mb_whole(bar) };

	mb_call(tu, f, 0, helper, mb_at(31, 2), 1, first);
	mb_call(tu, f, 0, helper, mb_at(32, 2), 1, second);
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, "");
}

/* A helper that sets foo up by name, then a direct setup after the call. */
static void direct_setup_after_helper_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int helper = mb_function(tu, "foo_create", 20, 1);
	int f = mb_function(tu, "foo_init", 30, 1);

	mb_setup(tu, helper, 0, mb_whole(foo), mb_at(21, 2));
	mb_return_void(tu, helper, 0);
	mb_call(tu, f, 0, helper, mb_at(31, 2), 0, NULL);
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(32, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, RESETUP(32, 2, "foo_cachep"));
}

/* setup(caches[i]) twice, directly and through the helper: not followed. */
static void array_element_unknown_silent(void **state)
{
	struct translation_unit *tu = *state;
	int caches = mb_instance(tu, "foo_caches", 5, true);
	int helper = build_parameter_helper(tu);
	int f = mb_function(tu, "foo_init", 30, 1);
	struct cache_ref element = cache_ref_instance(caches, ELEMENT_UNKNOWN);

	mb_setup(tu, f, 0, element, mb_at(31, 2));
	mb_setup(tu, f, 0, element, mb_at(32, 2));
	mb_call(tu, f, 0, helper, mb_at(33, 2), 1, &element);
	mb_call(tu, f, 0, helper, mb_at(34, 2), 1, &element);
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, "");
}

/* Constant indexes are followed, each element on its own. */
static void array_constant_element_warns(void **state)
{
	struct translation_unit *tu = *state;
	int caches = mb_instance(tu, "foo_caches", 5, true);
	int f = mb_function(tu, "foo_init", 30, 1);

	mb_setup(tu, f, 0, cache_ref_instance(caches, 0), mb_at(31, 2));
	mb_setup(tu, f, 0, cache_ref_instance(caches, 1), mb_at(32, 2));
	mb_setup(tu, f, 0, cache_ref_instance(caches, 1), mb_at(33, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, RESETUP(33, 2, "foo_caches[1]"));
}

/*
 * static int foo_create(void)			-- 20
 * {
 *	if (foo_disabled)			-- b0, 21
 *		return 0;			-- b1, 22
 *	return kmem_cache_setup(foo, ...);	-- b2, 23: r
 * }						-- b3: return ret
 *
 * With 'early_return', the returns merge in b3 through the phi
 * ret = [b1: 0, b2: r]; without, b2 returns r itself.
 */
static int build_create(struct translation_unit *tu, bool early_return)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int create = mb_function(tu, "foo_create", 20, 4);
	int disabled = mb_value(tu, create);
	int r = mb_value(tu, create);
	int ret = mb_value(tu, create);
	struct event *setup;

	mb_fn(tu, create)->returns_value = true;
	mb_define(tu, create, 0, disabled, mb_at(21, 6));
	mb_test(tu, create, 0, TEST_ZERO, disabled, 2, 1);
	setup = mb_setup(tu, create, 2, mb_whole(foo), mb_at(23, 9));
	setup->result = value_id(r);
	if (!early_return) {
		mb_return(tu, create, 1, value_constant(0), mb_at(22, 3));
		mb_return(tu, create, 2, value_id(r), mb_at(23, 2));
		return create;
	}
	mb_jump(tu, create, 1, 3);
	mb_jump(tu, create, 2, 3);
	mb_phi(tu, create, 3, ret, 1, value_constant(0), mb_at(22, 10));
	mb_phi(tu, create, 3, ret, 2, value_id(r), mb_at(23, 9));
	mb_return(tu, create, 3, value_id(ret), mb_at(24, 1));
	return create;
}

/* if (foo_create()) foo_create();  -- a retry after a failed helper */
static void build_helper_retry(struct translation_unit *tu, int create)
{
	int f = mb_function(tu, "foo_init", 30, 3);
	int failed = mb_value(tu, f);

	mb_call(tu, f, 0, create, mb_at(31, 6), 0, NULL)->result =
		value_id(failed);
	mb_test(tu, f, 0, TEST_ZERO, failed, 2, 1);
	mb_call(tu, f, 1, create, mb_at(32, 3), 0, NULL);
	mb_jump(tu, f, 1, 2);
	mb_return_void(tu, f, 2);
}

static void helper_retry_after_failure_silent(void **state)
{
	build_helper_retry(*state, build_create(*state, false));
	mb_expect(*state, NULL, "");
}

/*
 * Regression test for a bug the engine once had (fixed in the path engine, core/engine/).
 *
 * The same retry, but foo_create() has an early return, so its returns
 * merge through a phi: the usual shape of a function with two returns.
 * The setup in b2 is pending on r, and r is dead in b3, where only the phi
 * read it: forget_dead_values() settles the slot as SET as soon as b3 is
 * entered ("what is known now": nothing, so success).  The summary's
 * outcome becomes FINAL_SET instead of FINAL_PENDING_ON_RETURN (final_of()
 * would not have matched either: it compares the pending value, r, with
 * the returned one, the phi's result), so the caller's test of the result
 * no longer tells a failed setup from a good one, and the retry after a
 * failure is reported as a second setup.  A pending value that flows into
 * a phi should move with it (or the phi's result be checked in final_of()).
 */
static void regression_helper_retry_through_merged_return_silent(void **state)
{
	build_helper_retry(*state, build_create(*state, true));
	mb_expect(*state, NULL, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(setup_twice_warns),
		MB_TEST(two_caches_set_up_once_each_silent),
		MB_TEST(setup_destroy_setup_warns),
		MB_TEST(destroy_then_setup_warns),
		MB_TEST(int_retry_after_failure_silent),
		MB_TEST(int_setup_again_after_success_warns),
		MB_TEST(pointer_retry_after_null_silent),
		MB_TEST(pointer_setup_again_when_not_null_warns),
		MB_TEST(pointer_retry_after_error_silent),
		MB_TEST(mutually_exclusive_branches_silent),
		MB_TEST(independent_branches_warn),
		MB_TEST(setup_inside_loop_warns),
		MB_TEST(setup_before_loop_silent),
		MB_TEST(helper_called_twice_for_one_cache_warns),
		MB_TEST(helper_called_for_two_caches_silent),
		MB_TEST(direct_setup_after_helper_warns),
		MB_TEST(array_element_unknown_silent),
		MB_TEST(array_constant_element_warns),
		MB_TEST(helper_retry_after_failure_silent),
		MB_TEST(regression_helper_retry_through_merged_return_silent),
	};

	return cmocka_run_group_tests_name("kmem-resetup", tests, NULL, NULL);
}
