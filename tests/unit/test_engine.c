// SPDX-License-Identifier: GPL-2.0
/*
 * The path engine by concern: integer facts that decide paths (loop
 * counters, `i == 0` guards), liveness, summaries by name, and each limit
 * (steps, outcomes, phis, recursion, widening), which must leave the rules
 * silent rather than turn a guess into a finding.
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
#include "model_builder.h"
#include "paths.h"

#define RESETUP(line, column, name)                                    \
	MB_FILE ":" #line ":" #column ": warning: static cache '" name \
		"' may already be set up on this path [kmem-resetup]\n"

/*
 * The module init of the issue that asked for integer facts:
 *
 *	for (i = 0; i < 2; i++) {            b1: i = phi(0, i + 1); i < 2?
 *		ret = probe(i);              b2
 *		if (ret) return ret;
 *		if (i == 0) {                b3
 *			ret = setup(foo);    b4
 *			if (ret) return ret;
 *		}
 *	}                                    b5: i + 1
 *	return 0;                            b6
 *                                           b7: return ret (failure)
 *
 * 'guard' is the test in b3: i == 0 (or i >= 0, which holds every time).
 */
static int build_probe_loop(struct translation_unit *tu, enum value_test guard,
			    long long constant, bool guard_holds_on_equal)
{
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 8);
	int probe = mb_function(tu, "probe", 30, 0);
	int i = mb_value(tu, f), next = mb_value(tu, f);
	int probed = mb_value(tu, f), result = mb_value(tu, f);
	int failed = mb_value(tu, f);
	struct event *call;

	(void)probe;
	mb_fn(tu, f)->returns_value = true;
	tu->is_module = true;
	tu->module_init = f;
	mb_jump(tu, f, 0, 1);
	mb_jump(tu, f, 5, 1);
	mb_phi(tu, f, 1, i, 0, value_constant(0), mb_at(12, 9));
	mb_phi(tu, f, 1, i, 5, value_id(next), mb_at(12, 9));
	mb_test_constant(tu, f, 1, TEST_LESS, i, 2, 2, 6);
	/* probe() is a function of another file: a fresh value each time. */
	call = mb_event(tu, f, 2, EVENT_CALL, mb_at(13, 9));
	call->callee = "probe";
	call->function = -1;
	call->result = value_id(probed);
	mb_test(tu, f, 2, TEST_ZERO, probed, 3, 7);
	if (guard_holds_on_equal)
		mb_test_constant(tu, f, 3, guard, i, constant, 4, 5);
	else
		mb_test_constant(tu, f, 3, guard, i, constant, 5, 4);
	mb_setup(tu, f, 4, mb_whole(foo), mb_at(16, 10))->result =
		value_id(result);
	mb_test(tu, f, 4, TEST_ZERO, result, 5, 7);
	mb_value_event(tu, f, 5, EVENT_VALUE_ADD, next, value_id(i), 1);
	mb_return(tu, f, 6, value_constant(0), mb_at(21, 2));
	mb_phi(tu, f, 7, failed, 2, value_id(probed), mb_at(14, 11));
	mb_phi(tu, f, 7, failed, 4, value_id(result), mb_at(18, 11));
	mb_return(tu, f, 7, value_id(failed), mb_at(14, 11));
	return f;
}

static void guarded_setup_once_leaks_on_second_probe(void **state)
{
	struct translation_unit *tu = *state;

	build_probe_loop(tu, TEST_EQUAL, 0, true);
	mb_expect(tu, mb_with_notes(),
		  MB_FILE ":16:10: warning: static cache 'foo_cache' stays "
			  "set up when module init 'foo_init' fails "
			  "[kmem-module-leak]\n" MB_FILE
			  ":14:11: note: 'foo_init' returns failure here\n");
}

/* i >= 0 holds on both passes: the second one sets up again. */
static void guard_that_always_holds_warns(void **state)
{
	struct translation_unit *tu = *state;
	struct slabcheck_options options;

	build_probe_loop(tu, TEST_LESS, 0, false);
	options_init(&options);
	options.disabled_rules = 1u << rule_find("kmem-module-leak");
	options.path = PATH_NONE;
	mb_expect(tu, &options, RESETUP(16, 10, "foo_cache"));
}

/* i != 1 holds on the first pass only (a different constant). */
static void guard_on_other_constant(void **state)
{
	struct translation_unit *tu = *state;
	struct slabcheck_options options;

	build_probe_loop(tu, TEST_EQUAL, 1, false);
	options_init(&options);
	options.disabled_rules = 1u << rule_find("kmem-module-leak");
	mb_expect(tu, &options, "");
}

/*
 * for (i = 0; i < bound; i++) ; if (i == bound - 1) setup twice: with a
 * small bound the engine knows the exit value; with a large one it forgets
 * the counter (widening) and stays silent about what it would guess.
 */
static void build_counted_loop(struct translation_unit *tu, long long bound)
{
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 6);
	int i = mb_value(tu, f), next = mb_value(tu, f);

	mb_jump(tu, f, 0, 1);
	mb_jump(tu, f, 2, 1);
	mb_phi(tu, f, 1, i, 0, value_constant(0), mb_at(11, 1));
	mb_phi(tu, f, 1, i, 2, value_id(next), mb_at(11, 1));
	mb_test_constant(tu, f, 1, TEST_LESS, i, bound, 2, 3);
	mb_value_event(tu, f, 2, EVENT_VALUE_ADD, next, value_id(i), 1);
	/* After the loop: i == bound, always. */
	mb_test_constant(tu, f, 3, TEST_EQUAL, i, bound, 5, 4);
	mb_setup(tu, f, 4, mb_whole(foo), mb_at(14, 2));
	mb_setup(tu, f, 4, mb_whole(foo), mb_at(15, 2));
	mb_jump(tu, f, 4, 5);
	mb_return_void(tu, f, 5);
}

static void small_loop_is_exact(void **state)
{
	struct translation_unit *tu = *state;

	build_counted_loop(tu, 4);
	/* i == 4 after the loop: the double setup never runs. */
	mb_expect(tu, NULL, "");
}

static void large_loop_widens_and_stays_silent(void **state)
{
	struct translation_unit *tu = *state;

	build_counted_loop(tu, 100000);
	/* Unrolled it would give up; widened it guesses: either way silent. */
	mb_expect(tu, NULL, "");
}

/* The same two setups with no loop in front: the control fires. */
static void double_setup_without_loop_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(14, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(15, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL, RESETUP(15, 2, "foo_cache"));
}

struct observed_events {
	int events;
	const char *rule_seen;
};

static void count_event(struct walk *walk, const struct event *event,
			const struct path_state *state)
{
	struct observed_events *seen = walk_data(walk);

	(void)event;
	(void)state;
	seen->events++;
	seen->rule_seen = walk_analysis(walk)->rule;
}

/*
 * One walk serves several observers: each sees every event, with its own
 * data, under its own rule id.
 */
static void one_walk_serves_every_observer(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);
	struct observed_events first = { 0 }, second = { 0 };
	const struct walk_observer observers[] = {
		{ .before_event = count_event, .data = &first, .rule = "one" },
		{ .before_event = count_event, .data = &second, .rule = "two" },
	};
	const struct walk_observer *const list[] = { &observers[0],
						     &observers[1] };
	struct analysis analysis = { .tu = tu };
	struct slabcheck_options options;

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(14, 2));
	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(15, 2));
	mb_return_void(tu, f, 0);
	options_init(&options);
	analysis.options = &options;
	arena_init(&analysis.arena);
	assert_true(walk_function_observed(&analysis, f, list, 2));
	arena_release(&analysis.arena);
	assert_int_equal(first.events, 2);
	assert_int_equal(second.events, 2);
	assert_string_equal(first.rule_seen, "one");
	assert_string_equal(second.rule_seen, "two");
}

/*
 * Through the whole pipeline: two rules report from the shared walk of one
 * function, each under its own id.
 */
static void shared_walk_reports_under_each_rule(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(14, 2));
	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(15, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(16, 2));
	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(17, 2));
	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(18, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL,
		  RESETUP(16, 2, "foo_cache") MB_FILE
		  ":18:2: warning: static cache 'foo_cache' is passed to "
		  "'kmem_cache_destroy' after it was destroyed on this path "
		  "[kmem-use-after-destroy]\n");
}

/*
 * Twenty independent tests of values live to the end make 2^20 states:
 * the walk gives up.  Then one event ('kind': a setup or a destroy of
 * foo) on every path; the summary of the function is unknown.
 */
static int build_exploding(struct translation_unit *tu, const char *name,
			   int foo, enum event_kind kind)
{
	enum { TESTS = 20 };
	int f = mb_function(tu, name, 40, 2 * TESTS + 2);
	int values[TESTS];

	for (int t = 0; t < TESTS; t++) {
		int test = 2 * t, taken = 2 * t + 1;

		values[t] = mb_value(tu, f);
		mb_define(tu, f, test, values[t], mb_at(41, 2));
		mb_test(tu, f, test, TEST_ZERO, values[t], taken, test + 2);
		mb_jump(tu, f, taken, test + 2);
	}
	mb_event(tu, f, 2 * TESTS, kind, mb_at(60, 2))->cache = mb_whole(foo);
	mb_jump(tu, f, 2 * TESTS, 2 * TESTS + 1);
	/* Every value is read at the end, so none is forgotten. */
	for (int t = 0; t < TESTS; t++)
		mb_value_event(tu, f, 2 * TESTS + 1, EVENT_VALUE_COPY,
			       mb_value(tu, f), value_id(values[t]), 0);
	mb_return_void(tu, f, 2 * TESTS + 1);
	return f;
}

static void step_limit_makes_summary_unknown(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = build_exploding(tu, "explode", foo, EVENT_SETUP);
	int caller = mb_function(tu, "caller", 70, 1);
	struct analysis analysis = { .tu = tu };
	struct slabcheck_options options;

	(void)f;
	/* The caller sets up after the call: were the summary known, a
	 * second setup would be reported. */
	mb_call(tu, caller, 0, f, mb_at(71, 2), 0, NULL);
	mb_setup(tu, caller, 0, mb_whole(foo), mb_at(72, 2));
	mb_return_void(tu, caller, 0);
	options_init(&options);
	analysis.options = &options;
	arena_init(&analysis.arena);
	assert_false(walk_function(&analysis, f, &(struct walk_observer){ 0 },
				   NULL));
	arena_release(&analysis.arena);
	mb_expect(tu, NULL, "");
}

/*
 * f() { setup(foo); f(); }: inside its own summary the recursive call is
 * unknown, so the whole summary is unknown: callers stay silent.
 */
static void recursion_is_unknown(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "recurse", 10, 1);
	struct analysis analysis = { .tu = tu };
	struct slabcheck_options options;
	char *text = NULL;
	size_t length = 0;
	FILE *stream;

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_call(tu, f, 0, f, mb_at(12, 2), 0, NULL);
	mb_return_void(tu, f, 0);
	options_init(&options);
	analysis.options = &options;
	arena_init(&analysis.arena);
	stream = open_memstream(&text, &length);
	summary_dump(&analysis, summary_find(&analysis, "recurse"), stream);
	fclose(stream);
	assert_string_equal(text, "summary recurse unknown\n");
	free(text);
	arena_release(&analysis.arena);
}

/*
 * A helper with 40 distinct outcomes (one return value each, one of them
 * after a setup): more than the outcome cap, so callers know nothing.
 */
static void outcome_cap_is_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int helper = mb_function(tu, "pick", 10, 82);
	int caller = mb_function(tu, "caller", 20, 1);
	int selector = mb_value(tu, helper);

	mb_define(tu, helper, 0, selector, mb_at(11, 2));
	mb_jump(tu, helper, 0, 1);
	for (int o = 0; o < 40; o++) {
		int test = 1 + 2 * o, out = 2 + 2 * o;
		char name[32];
		int cache = foo;

		/* Each outcome sets up a cache of its own: 40 kinds. */
		if (o) {
			snprintf(name, sizeof(name), "cache_%d", o);
			cache = mb_instance(tu, strdup(name), 6, false);
		}
		mb_test_constant(tu, helper, test, TEST_EQUAL, selector, o, out,
				 test + 2);
		mb_setup(tu, helper, out, mb_whole(cache), mb_at(12, 2));
		mb_return(tu, helper, out, value_constant(o), mb_at(14, 2));
	}
	mb_return(tu, helper, 81, value_constant(-1), mb_at(15, 2));
	mb_fn(tu, helper)->returns_value = true;
	mb_call(tu, caller, 0, helper, mb_at(21, 2), 0, NULL);
	mb_setup(tu, caller, 0, mb_whole(foo), mb_at(22, 2));
	mb_return_void(tu, caller, 0);
	mb_expect(tu, NULL, "");
}

/* The same helper with 3 outcomes: the caller's second setup is seen. */
static void few_outcomes_warn(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int helper = mb_function(tu, "pick", 10, 3);
	int caller = mb_function(tu, "caller", 20, 1);
	int selector = mb_value(tu, helper);

	mb_define(tu, helper, 0, selector, mb_at(11, 2));
	mb_setup(tu, helper, 0, mb_whole(foo), mb_at(12, 2));
	mb_test(tu, helper, 0, TEST_ZERO, selector, 1, 2);
	mb_return(tu, helper, 1, value_constant(0), mb_at(13, 2));
	mb_return(tu, helper, 2, value_constant(1), mb_at(14, 2));
	mb_call(tu, caller, 0, helper, mb_at(21, 2), 0, NULL);
	mb_setup(tu, caller, 0, mb_whole(foo), mb_at(22, 2));
	mb_return_void(tu, caller, 0);
	mb_expect(tu, NULL, RESETUP(22, 2, "foo_cache"));
}

/*
 * err = setup(); then a block with 70 phis, the last carrying err on; a
 * test of it; setup again on both sides.  Only the side where the first
 * setup worked is a second setup: however many phis a block has, the
 * pending setup follows its result through them.
 */
static void many_phis_follow_the_result(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "many_phis", 10, 5);
	int result = mb_value(tu, f);
	int last = -1;

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 2))->result =
		value_id(result);
	mb_jump(tu, f, 0, 1);
	for (int p = 0; p < 70; p++) {
		last = mb_value(tu, f);
		mb_phi(tu, f, 1, last, 0,
		       p == 69 ? value_id(result) : value_constant(p),
		       mb_at(12, 2));
	}
	mb_test(tu, f, 1, TEST_ZERO, last, 2, 3);
	mb_setup(tu, f, 2, mb_whole(foo), mb_at(13, 2));
	mb_jump(tu, f, 2, 4);
	mb_setup(tu, f, 3, mb_whole(foo), mb_at(14, 2));
	mb_jump(tu, f, 3, 4);
	mb_return_void(tu, f, 4);
	mb_expect(tu, NULL, RESETUP(13, 2, "foo_cache"));
}

/* Summaries are found by name and print what each outcome does. */
static void summary_by_name(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int helper = mb_function(tu, "foo_setup", 10, 3);
	int result = mb_value(tu, helper);
	struct analysis analysis = { .tu = tu };
	struct slabcheck_options options;
	char *text = NULL;
	size_t length = 0;
	FILE *stream;

	mb_setup(tu, helper, 0, mb_whole(foo), mb_at(11, 2))->result =
		value_id(result);
	mb_test(tu, helper, 0, TEST_ZERO, result, 1, 2);
	mb_return(tu, helper, 1, value_constant(0), mb_at(12, 2));
	mb_destroy(tu, helper, 2, mb_whole(foo), mb_at(13, 2));
	mb_return(tu, helper, 2, value_constant(-12), mb_at(14, 2));
	options_init(&options);
	analysis.options = &options;
	arena_init(&analysis.arena);
	assert_null(summary_find(&analysis, "no_such_function"));
	stream = open_memstream(&text, &length);
	summary_dump(&analysis, summary_find(&analysis, "foo_setup"), stream);
	fclose(stream);
	assert_string_equal(text, "summary foo_setup\n"
				  "  outcome 0: returns non-zero error "
				  "error-or-null\n"
				  "    foo_cache: first setup, then destroyed\n"
				  "  outcome 1: returns zero not-error "
				  "not-negative\n"
				  "    foo_cache: first setup, then set\n");
	free(text);
	arena_release(&analysis.arena);
}

/*
 * Liveness: err = setup(); if (err) goto out; ... out: return; -- once
 * err is dead, the pending setup is settled by what was known: on the
 * failing side it never happened, so the retry there is fine.
 */
static void dead_result_settles_pending_setup(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "retry", 10, 4);
	int err = mb_value(tu, f);

	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 8))->result = value_id(err);
	mb_test(tu, f, 0, TEST_ZERO, err, 1, 2);
	mb_jump(tu, f, 1, 3);
	/* Failed: err is dead from here on; set up again. */
	mb_setup(tu, f, 2, mb_whole(foo), mb_at(13, 2));
	mb_jump(tu, f, 2, 3);
	mb_return_void(tu, f, 3);
	mb_expect(tu, NULL, "");
}

/*
 * From the review of the engine: a summary built on a callee whose
 * summary is unknown must be unknown too, or its callers take the caches
 * only that callee touches as untouched.
 */
static void build(struct translation_unit *tu, bool through_middle)
{
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int init = mb_function(tu, "foo_init", 20, 1);
	int teardown = build_exploding(tu, "teardown", foo, EVENT_DESTROY);
	int middle = mb_function(tu, "middle", 30, 1);
	int exit = mb_function(tu, "foo_exit", 80, 1);

	tu->is_module = true;
	mb_fn(tu, init)->returns_value = true;
	mb_setup(tu, init, 0, mb_whole(foo), mb_at(22, 2));
	mb_return(tu, init, 0, value_constant(0), mb_at(23, 2));
	tu->module_init = init;
	mb_call(tu, middle, 0, teardown, mb_at(31, 2), 0, NULL);
	mb_return_void(tu, middle, 0);
	mb_call(tu, exit, 0, through_middle ? middle : teardown, mb_at(81, 2),
		0, NULL);
	mb_return_void(tu, exit, 0);
	tu->module_exit = exit;
}

/* exit -> teardown() directly: unknown summary, foo unknown: silent. */
static void exit_calls_unknown_directly(void **state)
{
	build(*state, false);
	mb_expect(*state, NULL, "");
}

/* exit -> middle() -> teardown(): must be just as silent. */
static void exit_calls_unknown_through_middle(void **state)
{
	build(*state, true);
	mb_expect(*state, NULL, "");
}

/*
 * a() { b(); }   b() { if (x) a(); else destroy(foo); }   exit() { b(); }
 * Every run of b() that returns has destroyed foo.
 */
static void mutual_recursion_exit(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cachep", 5, false);
	int init = mb_function(tu, "foo_init", 20, 1);
	int a = mb_function(tu, "a", 30, 1);
	int b = mb_function(tu, "b", 40, 4);
	int exit = mb_function(tu, "foo_exit", 80, 1);
	int x = mb_value(tu, b);

	tu->is_module = true;
	mb_fn(tu, init)->returns_value = true;
	mb_setup(tu, init, 0, mb_whole(foo), mb_at(22, 2));
	mb_return(tu, init, 0, value_constant(0), mb_at(23, 2));
	tu->module_init = init;
	mb_call(tu, a, 0, b, mb_at(31, 2), 0, NULL);
	mb_return_void(tu, a, 0);
	mb_define(tu, b, 0, x, mb_at(41, 6));
	mb_test(tu, b, 0, TEST_ZERO, x, 2, 1);
	mb_call(tu, b, 1, a, mb_at(42, 3), 0, NULL);
	mb_jump(tu, b, 1, 3);
	mb_destroy(tu, b, 2, mb_whole(foo), mb_at(44, 3));
	mb_jump(tu, b, 2, 3);
	mb_return_void(tu, b, 3);
	mb_call(tu, exit, 0, b, mb_at(81, 2), 0, NULL);
	mb_return_void(tu, exit, 0);
	tu->module_exit = exit;
	mb_expect(tu, NULL, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(exit_calls_unknown_directly),
		MB_TEST(exit_calls_unknown_through_middle),
		MB_TEST(mutual_recursion_exit),
		MB_TEST(guarded_setup_once_leaks_on_second_probe),
		MB_TEST(guard_that_always_holds_warns),
		MB_TEST(guard_on_other_constant),
		MB_TEST(small_loop_is_exact),
		MB_TEST(large_loop_widens_and_stays_silent),
		MB_TEST(double_setup_without_loop_warns),
		MB_TEST(one_walk_serves_every_observer),
		MB_TEST(shared_walk_reports_under_each_rule),
		MB_TEST(step_limit_makes_summary_unknown),
		MB_TEST(recursion_is_unknown),
		MB_TEST(outcome_cap_is_silent),
		MB_TEST(few_outcomes_warn),
		MB_TEST(many_phis_follow_the_result),
		MB_TEST(summary_by_name),
		MB_TEST(dead_result_settles_pending_setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
