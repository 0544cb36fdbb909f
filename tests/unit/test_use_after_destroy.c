// SPDX-License-Identifier: GPL-2.0
/* kmem-use-after-destroy on hand-built models. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define USED(line, column, name, callee)                                      \
	MB_FILE ":" #line ":" #column ": warning: static cache '" name        \
		"' is passed to '" callee "' after it was destroyed on this " \
		"path [kmem-use-after-destroy]\n"
#define DESTROYED(line, column)                                           \
	MB_FILE ":" #line ":" #column ": note: 'foo_cache' is destroyed " \
		"here\n"

/* destroy(foo); free(foo, p); */
static void free_after_destroy_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_exit", 10, 1);

	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_object(tu, f, 0, EVENT_FREE, mb_whole(foo), 0, NULL, mb_at(12, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, mb_with_notes(),
		  USED(12, 2, "foo_cache", "kmem_cache_free") DESTROYED(11, 2));
}

/*
 * destroy(foo); setup(foo); alloc(foo): the alloc uses the new cache, no
 * use after destroy.  (Setting it up again is kmem-resetup's.)
 */
static void setup_again_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_reset", 10, 1);

	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(12, 2));
	mb_object(tu, f, 0, EVENT_ALLOC, mb_whole(foo), 0, NULL, mb_at(13, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL,
		  MB_FILE
		  ":12:2: warning: static cache 'foo_cache' may already "
		  "be set up on this path [kmem-resetup]\n");
}

/* if (x) destroy(foo); else alloc(foo); -- different paths. */
static void other_branch_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_trim", 10, 4);
	int x = mb_value(tu, f);

	mb_define(tu, f, 0, x, mb_at(11, 6));
	mb_test(tu, f, 0, TEST_ZERO, x, 1, 2);
	mb_destroy(tu, f, 1, mb_whole(foo), mb_at(12, 3));
	mb_jump(tu, f, 1, 3);
	mb_object(tu, f, 2, EVENT_ALLOC, mb_whole(foo), 0, NULL, mb_at(14, 3));
	mb_jump(tu, f, 2, 3);
	mb_return_void(tu, f, 3);
	mb_expect(tu, mb_with_notes(), "");
}

/* A helper destroys it; the size query after the call is a use. */
static void destroy_in_helper_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int helper = mb_function(tu, "foo_cache_exit", 20, 1);
	int f = mb_function(tu, "foo_exit", 10, 1);

	mb_destroy(tu, helper, 0, mb_whole(foo), mb_at(21, 2));
	mb_return_void(tu, helper, 0);
	mb_call(tu, f, 0, helper, mb_at(11, 2), 0, NULL);
	mb_event(tu, f, 0, EVENT_USE, mb_at(12, 9))->cache = mb_whole(foo);
	mb_block(tu, f, 0)->events[1].callee = "kmem_cache_size";
	mb_return_void(tu, f, 0);
	mb_expect(tu, mb_with_notes(),
		  USED(12, 9, "foo_cache", "kmem_cache_size") MB_FILE
		  ":11:2: note: 'foo_cache_exit' destroys 'foo_cache', called "
		  "here\n" DESTROYED(21, 2));
}

/* An unseen function between the destroy and the use: it may set up. */
static void unseen_call_with_cache_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_exit", 10, 1);
	struct event *call;

	mb_destroy(tu, f, 0, mb_whole(foo), mb_at(11, 2));
	call = mb_event(tu, f, 0, EVENT_CALL, mb_at(12, 2));
	call->callee = "foo_setup_elsewhere";
	call->argument_count = 1;
	call->arguments = arena_alloc(&tu->arena, sizeof(struct cache_ref));
	call->arguments[0] = mb_whole(foo);
	mb_object(tu, f, 0, EVENT_ALLOC, mb_whole(foo), 0, NULL, mb_at(13, 2));
	mb_return_void(tu, f, 0);
	mb_expect(tu, mb_with_notes(), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(free_after_destroy_warns),
		MB_TEST(setup_again_silent),
		MB_TEST(other_branch_silent),
		MB_TEST(destroy_in_helper_warns),
		MB_TEST(unseen_call_with_cache_silent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
