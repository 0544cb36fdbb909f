// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-storage on hand-built models: instances that cannot hold a live cache
 * (automatic, const, read-only or init sections) and copies by value, and
 * the writable look-alikes that must stay silent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define STORAGE(line, what)                                                    \
	MB_FILE ":" #line ":33: warning: static cache " what " [kmem-storage]" \
							     "\n"

static struct cache_instance *instance(struct translation_unit *tu,
				       const char *name, unsigned int line)
{
	int index = mb_instance(tu, name, line, false);

	return &tu->instances[index];
}

static void automatic_instance_warns(void **state)
{
	struct translation_unit *tu = *state;

	instance(tu, "foo_cache", 12)->automatic = true;
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:12:33: warning: static cache 'foo_cache' "
		  "has automatic storage duration [kmem-storage]\n");
}

static void const_instance_warns(void **state)
{
	struct translation_unit *tu = *state;

	instance(tu, "foo_cache", 5)->is_const = true;
	mb_expect(tu, NULL, STORAGE(5, "'foo_cache' is const"));
}

/* __ro_after_init, __initdata, __exitdata, __initconst. */
static void read_only_or_init_sections_warn(void **state)
{
	struct translation_unit *tu = *state;

	instance(tu, "foo_cache", 5)->section = ".data..ro_after_init";
	instance(tu, "bar_cache", 6)->section = ".init.data";
	instance(tu, "baz_cache", 7)->section = ".exit.data";
	instance(tu, "qux_cache", 8)->section = ".init.rodata";
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:5:33: warning: static cache 'foo_cache' "
		  "is in read-only or init memory (section "
		  "'.data..ro_after_init') [kmem-storage]\n" STORAGE(
			  6, "'bar_cache' is in read-only or init memory "
			     "(section '.init.data')")
			  STORAGE(7,
				  "'baz_cache' is in read-only or init memory "
				  "(section '.exit.data')")
				  STORAGE(8, "'qux_cache' is in read-only or "
					     "init memory "
					     "(section '.init.rodata')"));
}

/* The default section, __read_mostly, ____cacheline_aligned. */
static void writable_instances_silent(void **state)
{
	struct translation_unit *tu = *state;

	instance(tu, "foo_cache", 5);
	instance(tu, "bar_cache", 6)->section = ".data..read_mostly";
	instance(tu, "baz_cache", 7)->section = ".data..cacheline_aligned";
	mb_expect(tu, NULL, "");
}

/* Declared here, defined elsewhere: checked where it is defined. */
static void extern_instance_silent(void **state)
{
	struct translation_unit *tu = *state;
	struct cache_instance *foo = instance(tu, "foo_cache", 5);

	foo->is_extern = true;
	foo->is_const = true;
	foo->section = ".data..ro_after_init";
	mb_expect(tu, NULL, "");
}

/* struct kmem_cache_opaque copy = foo_cache;  and a pass by value. */
static void copy_by_value_warns(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "foo_init", 20, 1);
	struct event *event;

	instance(tu, "foo_cache", 5);
	event = mb_event(tu, f, 0, EVENT_COPY, mb_at(21, 35));
	event->storage_name = "foo_cache";
	event = mb_event(tu, f, 0, EVENT_COPY, mb_at(22, 2));
	event->storage_name = "foo_cache";
	/* Taking its address is no copy. */
	event = mb_event(tu, f, 0, EVENT_CACHE_CAST, mb_at(23, 9));
	event->storage_name = "foo_cache";
	event->storage_is_opaque = true;
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:21:35: warning: static cache 'foo_cache' "
		  "is copied by value [kmem-storage]\n"
		  "drivers/foo/foo.c:22:2: warning: static cache 'foo_cache' "
		  "is copied by value [kmem-storage]\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(automatic_instance_warns),
		MB_TEST(const_instance_warns),
		MB_TEST(read_only_or_init_sections_warn),
		MB_TEST(writable_instances_silent),
		MB_TEST(extern_instance_silent),
		MB_TEST(copy_by_value_warns),
	};

	return cmocka_run_group_tests_name("kmem-storage", tests, NULL, NULL);
}
