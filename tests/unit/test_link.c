// SPDX-License-Identifier: GPL-2.0
/*
 * Whole modules on hand-built models: facts files read back as what was
 * written, and the link step (instances merged by name, calls resolved to
 * other units, static names kept apart, calls out of the module).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "facts_file.h"
#include "model_builder.h"

#define OTHER_FILE "drivers/foo/foo_cache.c"

/* The model as model_dump() prints it. */
static char *dump(const struct translation_unit *tu)
{
	char *text = NULL;
	size_t size = 0;
	FILE *stream = open_memstream(&text, &size);

	assert_non_null(stream);
	model_dump(tu, stream);
	fclose(stream);
	return text;
}

/* Writes 'tu' as facts and reads them into 'copy' (tu_init()ed). */
static void round_trip(const struct translation_unit *tu,
		       struct translation_unit *copy)
{
	char error[256] = "";
	FILE *stream = tmpfile();

	assert_non_null(stream);
	assert_int_equal(facts_write(tu, "/build", stream), 0);
	rewind(stream);
	tu_init(copy, NULL);
	if (facts_read(copy, stream, error, sizeof(error)))
		fail_msg("facts_read: %s", error);
	fclose(stream);
}

static void mark_lowered(struct translation_unit *tu)
{
	tu->lowered = true;
	for (size_t f = 0; f < tu->function_count; f++)
		tu->functions[f].lowered = true;
}

/*
 * foo.c: int foo_instance (external); init sets it up and tests the
 * result; exit calls foo_cache_teardown(), defined in another file.
 */
static void build_main_unit(struct translation_unit *tu)
{
	int foo, init, exit, result;
	struct event *call;

	tu->is_module = true;
	tu->panic_bit = 8;
	foo = mb_instance(tu, "foo_instance", 5, false);
	tu->instances[foo].external = true;
	init = mb_function(tu, "foo_init", 20, 3);
	mb_fn(tu, init)->returns_value = true;
	result = mb_value(tu, init);
	mb_setup(tu, init, 0, mb_whole(foo), mb_at(22, 8))->result =
		value_id(result);
	mb_test(tu, init, 0, TEST_ZERO, result, 1, 2);
	mb_return(tu, init, 1, value_constant(0), mb_at(24, 9));
	mb_return(tu, init, 2, value_constant(-12), mb_at(25, 9));
	tu->module_init = init;
	exit = mb_function(tu, "foo_exit", 30, 1);
	call = mb_event(tu, exit, 0, EVENT_CALL, mb_at(32, 2));
	call->callee = "foo_cache_teardown";
	call = mb_event(tu, exit, 0, EVENT_CALL, mb_at(33, 2));
	call->callee = "pr_info";
	mb_return_void(tu, exit, 0);
	tu->module_exit = exit;
	mark_lowered(tu);
}

/* foo_cache.c: extern foo_instance; foo_cache_teardown() destroys it. */
static void build_cache_unit(struct translation_unit *tu, bool destroys)
{
	int foo = mb_instance(tu, "foo_instance", 3, false);
	int teardown = mb_function(tu, "foo_cache_teardown", 10, 1);

	tu->is_module = true;
	tu->instances[foo].external = true;
	tu->instances[foo].is_extern = true;
	mb_fn(tu, teardown)->external = true;
	if (destroys)
		mb_destroy(tu, teardown, 0, mb_whole(foo), mb_at(12, 2));
	mb_return_void(tu, teardown, 0);
	mark_lowered(tu);
}

static void facts_read_back_as_written(void **state)
{
	struct translation_unit *tu = *state, copy;
	char *before, *after;

	build_main_unit(tu);
	round_trip(tu, &copy);
	before = dump(tu);
	after = dump(&copy);
	assert_string_equal(before, after);
	assert_string_equal(copy.compile_directory, "/build");
	free(before);
	free(after);
	tu_release(&copy);
}

static void facts_of_another_version_refused(void **state)
{
	struct translation_unit copy;
	char error[256] = "", expected[32];
	FILE *stream = tmpfile();

	(void)state;
	fputs("{\"format\": \"slabcheck-facts\", \"version\": 99, \"unit\": {},"
	      " \"files\": [], \"instances\": [], \"functions\": []}",
	      stream);
	rewind(stream);
	tu_init(&copy, NULL);
	assert_int_equal(facts_read(&copy, stream, error, sizeof(error)), -1);
	/* The message names the version this slabcheck reads. */
	snprintf(expected, sizeof(expected), "version %d", FACTS_VERSION);
	assert_non_null(strstr(error, expected));
	fclose(stream);
	tu_release(&copy);
}

/* Links the main unit with the cache unit; returns what the rules print. */
static char *link_module(bool destroys, struct translation_unit *module)
{
	struct translation_unit units[2], read[2];
	char *text;

	mb_unit(&units[0], NULL);
	mb_unit(&units[1], OTHER_FILE);
	build_main_unit(&units[0]);
	build_cache_unit(&units[1], destroys);
	round_trip(&units[0], &read[0]);
	round_trip(&units[1], &read[1]);
	tu_init(module, read[0].main_file);
	link_units(module, read, 2);
	text = mb_analyze(module, mb_with_notes());
	tu_release(module);
	for (int u = 0; u < 2; u++) {
		tu_release(&units[u]);
		tu_release(&read[u]);
	}
	return text;
}

static void destroy_in_other_file_silent(void **state)
{
	struct translation_unit module;
	char *text = link_module(true, &module);

	(void)state;
	assert_string_equal(text, "");
	free(text);
}

static void other_file_forgets_destroy(void **state)
{
	struct translation_unit module;
	char *text = link_module(false, &module);

	(void)state;
	assert_string_equal(
		text, MB_FILE
		":22:8: warning: static cache 'foo_instance' is not "
		"destroyed on every path out of module exit 'foo_exit' "
		"[kmem-module-leak]\n" MB_FILE
		":30:1: note: module exit 'foo_exit' is defined here\n");
	free(text);
}

/* Without the link, the call out of the unit may destroy it: silent. */
static void one_file_alone_silent(void **state)
{
	struct translation_unit *tu = *state;

	build_main_unit(tu);
	mb_expect(tu, mb_with_notes(), "");
}

static void calls_resolved_and_merged(void **state)
{
	struct translation_unit units[2], module;
	const struct function_model *exit;

	(void)state;
	mb_unit(&units[0], NULL);
	mb_unit(&units[1], OTHER_FILE);
	build_main_unit(&units[0]);
	build_cache_unit(&units[1], true);
	/* A static function of the same name in each unit stays two. */
	mb_return_void(&units[0], mb_function(&units[0], "cleanup", 40, 1), 0);
	mb_return_void(&units[1], mb_function(&units[1], "cleanup", 40, 1), 0);
	mark_lowered(&units[0]);
	mark_lowered(&units[1]);
	tu_init(&module, units[0].main_file);
	link_units(&module, units, 2);
	assert_int_equal(module.instance_count, 1);
	assert_false(module.instances[0].is_extern);
	assert_int_equal(module.function_count, 5);
	exit = &module.functions[module.module_exit];
	assert_string_equal(exit->name, "foo_exit");
	/* foo_cache_teardown() is the other unit's; pr_info() no unit's. */
	assert_int_equal(exit->blocks[0].events[0].function, 3);
	assert_false(exit->blocks[0].events[0].reaches_only_arguments);
	assert_int_equal(exit->blocks[0].events[1].function, -1);
	assert_true(exit->blocks[0].events[1].reaches_only_arguments);
	assert_string_equal(module.functions[3].unit_file, OTHER_FILE);
	tu_release(&module);
	tu_release(&units[0]);
	tu_release(&units[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(facts_read_back_as_written),
		MB_TEST(facts_of_another_version_refused),
		MB_TEST(destroy_in_other_file_silent),
		MB_TEST(other_file_forgets_destroy),
		MB_TEST(one_file_alone_silent),
		MB_TEST(calls_resolved_and_merged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
