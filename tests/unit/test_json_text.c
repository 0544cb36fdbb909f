// SPDX-License-Identifier: GPL-2.0
/*
 * json_compact_text() writes what json_dumps(value, JSON_COMPACT) writes:
 * facts files must not change with the writer, whatever their strings and
 * numbers hold.
 */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json_text.h"

static void assert_same_text(json_t *value)
{
	char *expected = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
	char *written = json_compact_text(value);

	assert_non_null(expected);
	assert_non_null(written);
	assert_string_equal(written, expected);
	free(expected);
	free(written);
	json_decref(value);
}

static void test_scalars(void **state)
{
	(void)state;
	assert_same_text(json_integer(0));
	assert_same_text(json_integer(7));
	assert_same_text(json_integer(-42));
	assert_same_text(json_integer(LLONG_MAX));
	assert_same_text(json_integer(LLONG_MIN));
	assert_same_text(json_true());
	assert_same_text(json_false());
	assert_same_text(json_null());
	assert_same_text(json_real(0.5));
}

static void test_strings(void **state)
{
	static const char controls[] = "a\x01\x1f\b\f\n\r\t\"\\/z";

	(void)state;
	assert_same_text(json_string(""));
	assert_same_text(json_string("kernel/fork.c"));
	assert_same_text(json_string(controls));
	assert_same_text(
		json_string("caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80"));
	assert_same_text(json_stringn("nul\0inside", 10));
}

static void test_containers(void **state)
{
	json_t *nested = json_pack(
		"{s:i, s:[i, n, b, s, [], {}], s:{s:[[i]], s:s}, s:s}",
		"version", 3, "blocks", -1, 1, "x\ty", "unit", "codes", 9,
		"empty", "", "last", "\"quoted\"");

	(void)state;
	assert_non_null(nested);
	assert_same_text(nested);
	assert_same_text(json_array());
	assert_same_text(json_object());
}

/* A document as big as a unit's facts: the buffer grows many times. */
static void test_large(void **state)
{
	json_t *array = json_array();

	(void)state;
	for (int i = 0; i < 20000; i++)
		json_array_append_new(array,
				      json_pack("[i, s, n]", i * 7919 - 5000,
						"./include/linux/sched/mm.h"));
	assert_same_text(array);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scalars),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_containers),
		cmocka_unit_test(test_large),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
