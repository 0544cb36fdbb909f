// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-size-mismatch on hand-built models: objects larger than the cache's
 * (any other size with strict-size), to_kmem_cache() on storage that is not
 * a struct kmem_cache_opaque, and a layout that does not match.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model_builder.h"

#define MISFIT(line, column, type, size, cache, expected)                   \
	MB_FILE ":" #line ":" #column ": warning: '" type "' (" #size       \
		" bytes) does not fit static cache '" cache "' (" #expected \
		"-byte objects) [kmem-size-mismatch]\n"

/*
 * foo_init() sets foo_cachep up for 64-byte objects; returns the index of
 * foo_use(), an empty function the test adds objects to.
 */
static int build_cache(struct translation_unit *tu, int *foo)
{
	int init = mb_function(tu, "foo_init", 10, 1);
	int use = mb_function(tu, "foo_use", 20, 1);

	*foo = mb_instance(tu, "foo_cachep", 5, false);
	mb_setup(tu, init, 0, mb_whole(*foo), mb_at(11, 2))->size = 64;
	mb_return_void(tu, init, 0);
	mb_return_void(tu, use, 0);
	return use;
}

static void larger_object_warns(void **state)
{
	struct translation_unit *tu = *state;
	int foo;
	int use = build_cache(tu, &foo);

	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(foo), 128, "struct foo_big",
		  mb_at(21, 6));
	mb_object(tu, use, 0, EVENT_FREE, mb_whole(foo), 128, "struct foo_big",
		  mb_at(22, 2));
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:21:6: warning: 'struct foo_big' (128 "
		  "bytes) does not fit static cache 'foo_cachep' (64-byte "
		  "objects) [kmem-size-mismatch]\n" MISFIT(
			  22, 2, "struct foo_big", 128, "foo_cachep", 64));
}

static void smaller_object_silent_unless_strict(void **state)
{
	struct translation_unit *tu = *state;
	struct slabcheck_options strict;
	char error[128] = "";
	int foo;
	int use = build_cache(tu, &foo);

	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(foo), 32,
		  "struct foo_small", mb_at(21, 6));
	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(foo), 64, "struct foo",
		  mb_at(22, 6));
	mb_expect(tu, NULL, "");

	options_init(&strict);
	assert_int_equal(options_parse(&strict, "strict-size", NULL, error,
				       sizeof(error)),
			 0);
	strict.path = PATH_NONE;
	mb_expect(tu, &strict,
		  MISFIT(21, 6, "struct foo_small", 32, "foo_cachep", 64));
}

/*
 * No one size to compare with: set up with two sizes, never set up here,
 * set up with a size the compiler did not fold.  And objects of unknown
 * size or type.
 */
static void unknown_sizes_silent(void **state)
{
	struct translation_unit *tu = *state;
	int foo;
	int use = build_cache(tu, &foo);
	int bar = mb_instance(tu, "bar_cachep", 6, false);
	int baz = mb_instance(tu, "baz_cachep", 7, false);
	int qux = mb_instance(tu, "qux_cachep", 8, false);
	int other = mb_function(tu, "foo_init_other", 30, 1);

	mb_setup(tu, other, 0, mb_whole(foo), mb_at(31, 2))->size = 96;
	mb_setup(tu, other, 0, mb_whole(baz), mb_at(32, 2));
	mb_setup(tu, other, 0, mb_whole(qux), mb_at(33, 2))->size = 16;
	mb_return_void(tu, other, 0);
	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(foo), 128, "struct foo_big",
		  mb_at(21, 6));
	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(bar), 128, "struct foo_big",
		  mb_at(22, 6));
	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(baz), 128, "struct foo_big",
		  mb_at(23, 6));
	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(qux), 0, "struct foo_big",
		  mb_at(24, 6));
	mb_object(tu, use, 0, EVENT_ALLOC, mb_whole(qux), 128, NULL,
		  mb_at(25, 6));
	mb_expect(tu, NULL, "");
}

/* to_kmem_cache() on a char array, on the opaque struct, on a real cache. */
static void cache_cast_of_other_storage_warns(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "foo_cache", 20, 1);
	struct event *cast;

	cast = mb_event(tu, f, 0, EVENT_CACHE_CAST, mb_at(21, 9));
	cast->storage_name = "foo_buf";
	cast = mb_event(tu, f, 0, EVENT_CACHE_CAST, mb_at(22, 9));
	cast->storage_name = "foo_cache";
	cast->storage_is_opaque = true;
	cast = mb_event(tu, f, 0, EVENT_CACHE_CAST, mb_at(23, 9));
	cast->storage_name = "foo_real";
	cast->storage_is_cache = true;
	mb_return_void(tu, f, 0);
	mb_expect(tu, NULL,
		  "drivers/foo/foo.c:21:9: warning: 'foo_buf' is not a struct "
		  "kmem_cache_opaque [kmem-size-mismatch]\n");
}

static void set_layout(struct translation_unit *tu, unsigned long size,
		       unsigned long align, unsigned long opaque_size,
		       unsigned long opaque_align)
{
	tu->kmem_cache_complete = true;
	tu->kmem_cache_size = size;
	tu->kmem_cache_align = align;
	tu->kmem_cache_location =
		(struct source_location){ "mm/slab.h", 258, 8 };
	tu->opaque_complete = true;
	tu->opaque_size = opaque_size;
	tu->opaque_align = opaque_align;
}

static void layout_mismatch_warns(void **state)
{
	struct translation_unit *tu = *state;

	set_layout(tu, 256, 64, 248, 64);
	mb_expect(tu, NULL,
		  "mm/slab.h:258:8: warning: struct kmem_cache (256 bytes, "
		  "aligned to 64) does not match struct kmem_cache_opaque (248 "
		  "bytes, aligned to 64) [kmem-size-mismatch]\n");
	set_layout(tu, 256, 64, 256, 8);
	mb_expect(tu, NULL,
		  "mm/slab.h:258:8: warning: struct kmem_cache (256 bytes, "
		  "aligned to 64) does not match struct kmem_cache_opaque (256 "
		  "bytes, aligned to 8) [kmem-size-mismatch]\n");
}

/* The same layout, or one of the two structs incomplete here. */
static void layout_match_or_incomplete_silent(void **state)
{
	struct translation_unit *tu = *state;

	set_layout(tu, 256, 64, 256, 64);
	mb_expect(tu, NULL, "");
	set_layout(tu, 256, 64, 248, 64);
	tu->opaque_complete = false;
	mb_expect(tu, NULL, "");
	set_layout(tu, 256, 64, 248, 64);
	tu->kmem_cache_complete = false;
	mb_expect(tu, NULL, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(larger_object_warns),
		MB_TEST(smaller_object_silent_unless_strict),
		MB_TEST(unknown_sizes_silent),
		MB_TEST(cache_cast_of_other_storage_warns),
		MB_TEST(layout_mismatch_warns),
		MB_TEST(layout_match_or_incomplete_silent),
	};

	return cmocka_run_group_tests_name("kmem-size-mismatch", tests, NULL,
					   NULL);
}
