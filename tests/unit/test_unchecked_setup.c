// SPDX-License-Identifier: GPL-2.0
/* kmem-unchecked-setup on hand-built models. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define PANIC_BIT 8

static struct event *setup(struct translation_unit *tu, int f, int block,
			   int cache, unsigned long long flags,
			   unsigned int line)
{
	struct event *event =
		mb_setup(tu, f, block, mb_whole(cache), mb_at(line, 2));

	event->flags_known = true;
	event->flags = flags;
	return event;
}

static void ignored_result_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	tu->panic_bit = PANIC_BIT;
	setup(tu, f, 0, foo, 0, 11);
	mb_return_void(tu, f, 0);
	mb_expect(tu, mb_with_notes(),
		  MB_FILE ":11:2: warning: the result of 'kmem_cache_setup' "
			  "is ignored: if it fails, static cache 'foo_cache' "
			  "stays zeroed and its first use crashes "
			  "[kmem-unchecked-setup]\n");
}

static void panic_or_unknown_flags_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 1);

	tu->panic_bit = PANIC_BIT;
	setup(tu, f, 0, foo, 1ull << PANIC_BIT, 11);
	setup(tu, f, 0, foo, 0, 12)->flags_known = false;
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL,
		  MB_FILE ":12:2: warning: static cache 'foo_cache' may "
			  "already be set up on this path [kmem-resetup]\n");
}

/* err = setup(foo); if (err) log(); alloc(foo); */
static void use_after_failure_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_first", 10, 3);
	int err = mb_value(tu, f);

	tu->panic_bit = PANIC_BIT;
	setup(tu, f, 0, foo, 0, 11)->result = value_id(err);
	mb_test(tu, f, 0, TEST_ZERO, err, 2, 1);
	mb_jump(tu, f, 1, 2);
	mb_object(tu, f, 2, EVENT_ALLOC, mb_whole(foo), 0, NULL, mb_at(14, 9));
	mb_return_void(tu, f, 2);
	mb_expect(tu, mb_with_notes(),
		  MB_FILE ":14:9: warning: static cache 'foo_cache' is passed "
			  "to 'kmem_cache_alloc_noprof' on a path where its "
			  "setup failed [kmem-unchecked-setup]\n" MB_FILE
			  ":11:2: note: the setup that failed\n");
}

/* err = setup(foo); if (err) return; alloc(foo); */
static void failure_returns_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_first", 10, 3);
	int err = mb_value(tu, f);

	tu->panic_bit = PANIC_BIT;
	setup(tu, f, 0, foo, 0, 11)->result = value_id(err);
	mb_test(tu, f, 0, TEST_ZERO, err, 2, 1);
	mb_return(tu, f, 1, value_id(err), mb_at(13, 3));
	mb_object(tu, f, 2, EVENT_ALLOC, mb_whole(foo), 0, NULL, mb_at(14, 9));
	mb_return(tu, f, 2, value_constant(0), mb_at(15, 2));
	mb_expect(tu, mb_with_notes(), "");
}

/* err = setup(foo); err = register_foo(); -- the first err never read */
static void unread_result_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int bar = mb_instance(tu, "bar_cache", 6, false);
	int f = mb_function(tu, "foo_init", 10, 1);
	struct event *event;

	tu->panic_bit = PANIC_BIT;
	event = setup(tu, f, 0, foo, 0, 11);
	event->result = value_id(mb_value(tu, f));
	event->result_unread = true;
	/* Cannot fail: whether anything reads its result does not matter. */
	event = setup(tu, f, 0, bar, 1ull << PANIC_BIT, 12);
	event->result = value_id(mb_value(tu, f));
	event->result_unread = true;
	mb_return_void(tu, f, 0);
	mb_expect(tu, mb_with_notes(),
		  MB_FILE ":11:2: warning: the result of 'kmem_cache_setup' "
			  "is assigned but never read: if it fails, static "
			  "cache 'foo_cache' stays zeroed and its first use "
			  "crashes [kmem-unchecked-setup]\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(ignored_result_warns),
		MB_TEST(panic_or_unknown_flags_silent),
		MB_TEST(unread_result_warns),
		MB_TEST(use_after_failure_warns),
		MB_TEST(failure_returns_silent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
