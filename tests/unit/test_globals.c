// SPDX-License-Identifier: GPL-2.0
/*
 * Globals decided over a run's units (core/convert/globals.c): the merge
 * of what each unit says, each reason a global stays a pointer next to the
 * run that converts it, the facts' lines read back, and the text of a file
 * the run did not read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "globals.h"

#define HEADER "/tree/include/linux/fdtable.h"

/* kernel/fork.c defines files_cachep; its header declares it. */
static struct global_fact definition(void)
{
	struct global_fact fact = {
		.name = "files_cachep",
		.defines = true,
		.refusal = CONVERSION_ACCEPTED,
		.unit = "/tree/kernel/fork.c",
		.header = HEADER,
		.header_line = 118,
		.header_declarations = 1,
	};

	return fact;
}

/* fs/file.c allocates from it, through the same header. */
static struct global_fact user(void)
{
	struct global_fact fact = definition();

	fact.defines = false;
	snprintf(fact.unit, sizeof(fact.unit), "/tree/fs/file.c");
	return fact;
}

static struct global_verdict decide(const struct global_fact *facts,
				    size_t count, const char *const *named,
				    size_t named_count)
{
	struct global_verdict *verdicts, verdict;

	assert_int_equal(convert_globals_decide(facts, count, named,
						named_count, &verdicts),
			 1);
	verdict = verdicts[0];
	free(verdicts);
	return verdict;
}

static void converts_when_every_file_passes(void **state)
{
	struct global_fact facts[] = { definition(), user() };
	const char *named[] = {
		"files_cachep\t/tree/kernel/fork.c",
		"files_cachep\t/tree/fs/file.c",
		"files_cachep\t" HEADER,
		"files_cachep\t/tree/samples/kmemleak/"
		"kmemleak-test.c\t" GLOBAL_ONLY_PASSED,
	};
	struct global_verdict verdict;

	(void)state;
	verdict = decide(facts, 2, named, 4);
	assert_int_equal(verdict.refusal, CONVERSION_ACCEPTED);
	assert_string_equal(verdict.instance, "files_cache");
	/* A name some unit uses is not taken: the next one is. */
	facts[1].taken_names = 1;
	verdict = decide(facts, 2, named, 4);
	assert_string_equal(verdict.instance, "__files_cachep");
}

static void refusals(void **state)
{
	struct global_fact facts[] = { definition(), user() };
	const char *unread[] = { "files_cachep\t/tree/arch/x/file.c" };
	struct global_verdict verdict;

	(void)state;
	/* A file that names it, not read, whose text does more. */
	verdict = decide(facts, 2, unread, 1);
	assert_int_equal(verdict.refusal, REFUSAL_EXTERNAL);
	assert_non_null(strstr(verdict.detail, "arch/x/file.c names it"));
	/* A user that tests it. */
	facts[1].refusal = REFUSAL_USED_ELSEWHERE;
	snprintf(facts[1].reason, sizeof(facts[1].reason),
		 "fs/file.c:9: it is tested for NULL in dup_fd");
	verdict = decide(facts, 2, NULL, 0);
	assert_int_equal(verdict.refusal, REFUSAL_USED_ELSEWHERE);
	assert_string_equal(verdict.detail,
			    "fs/file.c:9: it is tested for NULL in dup_fd");
	/* A user that declares it itself, or sees another header. */
	facts[1] = user();
	facts[1].declared_in_unit = true;
	assert_int_equal(decide(facts, 2, NULL, 0).refusal,
			 REFUSAL_EXTERN_SHAPE);
	facts[1] = user();
	snprintf(facts[1].header, sizeof(facts[1].header),
		 "/tree/include/linux/file.h");
	assert_int_equal(decide(facts, 2, NULL, 0).refusal,
			 REFUSAL_EXTERN_SHAPE);
	/* The defining unit's own refusal stands. */
	facts[1] = user();
	facts[0].refusal = REFUSAL_OUTSIDE_INIT;
	assert_int_equal(decide(facts, 2, NULL, 0).refusal,
			 REFUSAL_OUTSIDE_INIT);
	/* Every name taken. */
	facts[0] = definition();
	facts[1].taken_names = 7;
	assert_int_equal(decide(facts, 2, NULL, 0).refusal, REFUSAL_NAME_TAKEN);
}

static void facts_read_back(void **state)
{
	struct global_fact fact = user(), back;
	char line[4096];
	FILE *stream = fmemopen(line, sizeof(line), "w");

	(void)state;
	fact.refusal = REFUSAL_USED_ELSEWHERE;
	snprintf(fact.reason, sizeof(fact.reason), "a\treason");
	fact.taken_names = 5;
	fact.declared_in_unit = true;
	convert_global_fact_write(&fact, stream);
	fclose(stream);
	assert_true(convert_is_global_fact(line));
	assert_true(convert_global_fact_read(line, &back));
	assert_string_equal(back.name, "files_cachep");
	assert_false(back.defines);
	assert_int_equal(back.refusal, REFUSAL_USED_ELSEWHERE);
	assert_string_equal(back.reason, "a reason");
	assert_string_equal(back.unit, "/tree/fs/file.c");
	assert_string_equal(back.header, HEADER);
	assert_int_equal(back.header_line, 118);
	assert_int_equal(back.header_declarations, 1);
	assert_true(back.declared_in_unit);
	assert_int_equal(back.taken_names, 5);
	assert_false(convert_global_fact_read("fs/file.c:9: x", &back));
}

static bool passes(const char *text)
{
	return convert_text_only_passes(text, strlen(text), "files_cachep");
}

static void text_of_unread_files(void **state)
{
	(void)state;
	assert_true(
		passes("p = kmem_cache_alloc(files_cachep, GFP_KERNEL);\n"
		       "kmem_cache_free( files_cachep , p);\n"
		       "/* files_cachep = NULL; */\n"
		       "pr_info(\"files_cachep = %p\", p); // files_cachep\n"
		       "other_files_cachep = 0;\n"));
	assert_false(passes("if (!files_cachep)\n"));
	assert_false(passes("extern struct kmem_cache *files_cachep;\n"));
	assert_false(passes("kmem_cache_destroy(files_cachep);\n"));
	assert_false(passes("WARN_ON(files_cachep);\n"));
	assert_false(passes("kmem_cache_alloc(files_cachep + 1, 0);\n"));
}

static bool names(const char *text)
{
	return convert_text_names(text, strlen(text), "files_cachep");
}

static void words_of_a_text(void **state)
{
	(void)state;
	assert_true(names("files_cachep"));
	assert_true(names("x = files_cachep;"));
	assert_true(names("my_files_cachep files_cachep"));
	assert_false(names("my_files_cachep"));
	assert_false(names("files_cachep2 files_cache"));
	assert_false(names(""));
	/* Only the text's length is read. */
	assert_false(convert_text_names("files_cachep", 11, "files_cachep"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(converts_when_every_file_passes),
		cmocka_unit_test(refusals),
		cmocka_unit_test(facts_read_back),
		cmocka_unit_test(text_of_unread_files),
		cmocka_unit_test(words_of_a_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
