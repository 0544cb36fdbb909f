// SPDX-License-Identifier: GPL-2.0
/*
 * The canonical shape (core/lowering/canonical.c, core/lowering/canonical_values.c), on
 * models built as each compiler lays them out: GCC's merged return and
 * empty blocks, Clang's return per statement.  Each test checks the
 * shape the rules then see, through model_dump()'s text where the shape
 * is the point, and that the model still verifies.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "canonical.h"
#include "model_builder.h"

/* Canonicalizes every function, verifies, and returns the dump. */
static char *canonical_dump(struct translation_unit *tu)
{
	char error[256], *text = NULL;
	size_t size = 0;
	FILE *stream;

	for (size_t f = 0; f < tu->function_count; f++)
		function_canonicalize(tu, &tu->functions[f]);
	if (!model_verify(tu, error, sizeof(error)))
		fail_msg("%s", error);
	stream = open_memstream(&text, &size);
	assert_non_null(stream);
	model_dump(tu, stream);
	fclose(stream);
	return text;
}

static void expect_dump(struct translation_unit *tu, const char *expected)
{
	char *text = canonical_dump(tu);

	assert_string_equal(text, expected);
	free(text);
}

/*
 * GCC: every return jumps to one block that returns a phi, at no place of
 * its own; the phi's inputs carry each return statement's location.
 *
 *	if (probe()) return -ENOMEM;   b0 -> b1
 *	return 0;                      b2
 *	                               b3: return phi(b1: -12, b2: 0)
 */
static void test_merged_return_split(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "foo_init", 10, 4);
	int probed = mb_value(tu, f), returned = mb_value(tu, f);

	mb_fn(tu, f)->returns_value = true;
	mb_define(tu, f, 0, probed, mb_at(11, 6));
	mb_test(tu, f, 0, TEST_ZERO, probed, 2, 1);
	mb_jump(tu, f, 1, 3);
	mb_jump(tu, f, 2, 3);
	mb_phi(tu, f, 3, returned, 1, value_constant(-12), mb_at(12, 10));
	mb_phi(tu, f, 3, returned, 2, value_constant(0), mb_at(13, 9));
	mb_return(tu, f, 3, value_id(returned), mb_at(0, 0));
	expect_dump(tu, "unit " MB_FILE "\n"
			"function foo_init\n"
			"  b0:\n"
			"    v0 = define\n"
			"    test zero v0 ? b2 : b1\n"
			"  b1: <- b0\n"
			"    return -12 @12:10\n"
			"  b2: <- b0\n"
			"    return 0 @13:9\n");
}

/*
 * A test's edge straight into the merged return gets a return block of
 * its own, as Clang has one per return statement; the last edge left
 * keeps the block, its phi of one input replaced by that input.
 *
 *	err = setup(foo);            b0
 *	if (err) return err;         -> b2 directly
 *	if (probe()) return -EIO;    b1 -> b2 directly
 *	return 0;                    b1 -> b2 through nothing
 */
static void test_test_edges_split(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_init", 10, 4);
	int err = mb_value(tu, f), probed = mb_value(tu, f);
	int returned = mb_value(tu, f);

	mb_fn(tu, f)->returns_value = true;
	mb_setup(tu, f, 0, mb_whole(foo), mb_at(11, 8))->result = value_id(err);
	mb_test(tu, f, 0, TEST_ZERO, err, 1, 2);
	mb_define(tu, f, 1, probed, mb_at(13, 6));
	mb_test(tu, f, 1, TEST_ZERO, probed, 3, 2);
	mb_jump(tu, f, 3, 2);
	mb_phi(tu, f, 2, returned, 0, value_id(err), mb_at(12, 10));
	mb_phi(tu, f, 2, returned, 1, value_constant(-5), mb_at(14, 10));
	mb_phi(tu, f, 2, returned, 3, value_constant(0), mb_at(15, 9));
	mb_return(tu, f, 2, value_id(returned), mb_at(0, 0));
	expect_dump(tu, "unit " MB_FILE "\n"
			"instance foo_cache\n"
			"function foo_init\n"
			"  b0:\n"
			"    v0 = setup kmem_cache_setup foo_cache @11:8\n"
			"    test zero v0 ? b2 : b1\n"
			"  b1: <- b0\n"
			"    return v0 @12:10\n"
			"  b2: <- b0\n"
			"    v1 = define\n"
			"    test zero v1 ? b4 : b3\n"
			"  b3: <- b2\n"
			"    return -5 @14:10\n"
			"  b4: <- b2\n"
			"    return 0 @15:9\n");
	assert_int_equal(mb_fn(tu, f)->block_count, 5);
}

/*
 * GCC's empty entry block, an empty block on a test's edge, and a block
 * that only one jump reaches: the same paths in fewer blocks.  A function
 * that returns nothing returns at no place.
 */
static void test_empty_blocks(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_exit", 20, 5);
	int busy = mb_value(tu, f);

	mb_jump(tu, f, 0, 1);
	mb_define(tu, f, 1, busy, mb_at(21, 6));
	mb_test(tu, f, 1, TEST_ZERO, busy, 2, 3);
	mb_jump(tu, f, 2, 4);
	mb_destroy(tu, f, 3, mb_whole(foo), mb_at(22, 3));
	mb_jump(tu, f, 3, 4);
	mb_return_void(tu, f, 4);
	mb_block(tu, f, 4)->return_location = mb_at(24, 1);
	expect_dump(tu, "unit " MB_FILE "\n"
			"instance foo_cache\n"
			"function foo_exit\n"
			"  b0:\n"
			"    v0 = define\n"
			"    test zero v0 ? b2 : b1\n"
			"  b1: <- b0\n"
			"    destroy kmem_cache_destroy foo_cache @22:3\n"
			"    return ?\n"
			"  b2: <- b0\n"
			"    return ?\n");
}

/*
 * Values nothing reads go, with what only they read; a value read by a
 * test stays.  A return of an ignored value returns unknown.
 */
static void test_unread_values(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "foo_probe", 30, 3);
	int loaded = mb_value(tu, f), copied = mb_value(tu, f);
	int tested = mb_value(tu, f), returned = mb_value(tu, f);

	mb_fn(tu, f)->returns_value = true;
	mb_define(tu, f, 0, loaded, mb_at(31, 2));
	mb_value_event(tu, f, 0, EVENT_VALUE_ADD, copied, value_id(loaded), 8);
	mb_define(tu, f, 0, tested, mb_at(32, 6));
	mb_test(tu, f, 0, TEST_ZERO, tested, 1, 2);
	mb_define(tu, f, 1, returned, mb_at(33, 10));
	mb_return(tu, f, 1, value_id(returned), mb_at(33, 3));
	mb_return(tu, f, 2, value_constant(0), mb_at(34, 3));
	expect_dump(tu, "unit " MB_FILE "\n"
			"function foo_probe\n"
			"  b0:\n"
			"    v0 = define\n"
			"    test zero v0 ? b2 : b1\n"
			"  b1: <- b0\n"
			"    return 0 @34:3\n"
			"  b2: <- b0\n"
			"    return ? @33:3\n");
}

/* A switch the model does not follow lists its cases in source order. */
static void test_switch_in_source_order(void **state)
{
	struct translation_unit *tu = *state;
	int foo = mb_instance(tu, "foo_cache", 5, false);
	int f = mb_function(tu, "foo_pick", 40, 4);

	mb_jump(tu, f, 0, 1);
	mb_jump(tu, f, 0, 2);
	mb_jump(tu, f, 0, 3);
	mb_destroy(tu, f, 1, mb_whole(foo), mb_at(47, 3));
	mb_return_void(tu, f, 1);
	mb_destroy(tu, f, 2, mb_whole(foo), mb_at(43, 3));
	mb_return_void(tu, f, 2);
	mb_destroy(tu, f, 3, mb_whole(foo), mb_at(45, 3));
	mb_return_void(tu, f, 3);
	expect_dump(tu, "unit " MB_FILE "\n"
			"instance foo_cache\n"
			"function foo_pick\n"
			"  b0:\n"
			"    jump b3 b2 b1\n"
			"  b1: <- b0\n"
			"    destroy kmem_cache_destroy foo_cache @47:3\n"
			"    return ?\n"
			"  b2: <- b0\n"
			"    destroy kmem_cache_destroy foo_cache @45:3\n"
			"    return ?\n"
			"  b3: <- b0\n"
			"    destroy kmem_cache_destroy foo_cache @43:3\n"
			"    return ?\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(test_merged_return_split),
		MB_TEST(test_test_edges_split),
		MB_TEST(test_empty_blocks),
		MB_TEST(test_unread_values),
		MB_TEST(test_switch_in_source_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
