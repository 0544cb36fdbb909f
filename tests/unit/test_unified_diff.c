// SPDX-License-Identifier: GPL-2.0
/*
 * The unified diff `slabcheck convert` prints (core/convert/unified_diff.c):
 * an edit within a line, an insertion before a line, whole lines deleted,
 * edits whose context meets sharing a hunk and far ones not, and the
 * counts of a later hunk shifted by the lines an earlier one added.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "unified_diff.h"

/* "line 1\n" ... "line COUNT\n" */
static char *numbered_lines(int count)
{
	size_t size = 0;
	char *text = NULL;
	FILE *stream = open_memstream(&text, &size);

	for (int i = 1; i <= count; i++)
		fprintf(stream, "line %d\n", i);
	fclose(stream);
	return text;
}

/* The offset where line 'number' (from 1) starts. */
static size_t start_of(const char *text, int number)
{
	const char *at = text;

	while (--number > 0)
		at = strchr(at, '\n') + 1;
	return (size_t)(at - text);
}

static char *diff_of(const char *text, struct text_edits *edits)
{
	size_t size = 0;
	char *output = NULL;
	FILE *stream = open_memstream(&output, &size);

	unified_diff_write(text, strlen(text), edits, "f.c", stream);
	fclose(stream);
	return output;
}

static void edit_within_a_line(void **state)
{
	char *text = numbered_lines(10);
	struct text_edits edits = { 0 };
	size_t at = start_of(text, 5);
	char *diff;

	(void)state;
	text_edits_add(&edits, at + 5, at + 6, "five");
	diff = diff_of(text, &edits);
	assert_string_equal(diff, "--- a/f.c\n+++ b/f.c\n"
				  "@@ -2,7 +2,7 @@\n"
				  " line 2\n line 3\n line 4\n"
				  "-line 5\n+line five\n"
				  " line 6\n line 7\n line 8\n");
	free(diff);
	text_edits_release(&edits);
	free(text);
}

static void insertion_and_deletion(void **state)
{
	char *text = numbered_lines(30);
	struct text_edits edits = { 0 };
	char *diff;

	(void)state;
	/* Far apart: two hunks, the second shifted by the line added. */
	text_edits_add(&edits, start_of(text, 2), start_of(text, 2), "new\n");
	text_edits_add(&edits, start_of(text, 20), start_of(text, 22), "");
	diff = diff_of(text, &edits);
	assert_string_equal(diff, "--- a/f.c\n+++ b/f.c\n"
				  "@@ -1,4 +1,5 @@\n"
				  " line 1\n+new\n line 2\n line 3\n line 4\n"
				  "@@ -17,8 +18,6 @@\n"
				  " line 17\n line 18\n line 19\n"
				  "-line 20\n-line 21\n"
				  " line 22\n line 23\n line 24\n");
	free(diff);
	text_edits_release(&edits);
	free(text);
}

static void near_edits_share_a_hunk(void **state)
{
	char *text = numbered_lines(20);
	struct text_edits edits = { 0 };
	char *diff;

	(void)state;
	/* Added out of order: the diff sorts them. */
	text_edits_add(&edits, start_of(text, 10), start_of(text, 10) + 4,
		       "LINE");
	text_edits_add(&edits, start_of(text, 4), start_of(text, 4) + 4,
		       "LINE");
	diff = diff_of(text, &edits);
	assert_string_equal(diff,
			    "--- a/f.c\n+++ b/f.c\n"
			    "@@ -1,13 +1,13 @@\n"
			    " line 1\n line 2\n line 3\n"
			    "-line 4\n+LINE 4\n"
			    " line 5\n line 6\n line 7\n line 8\n line 9\n"
			    "-line 10\n+LINE 10\n"
			    " line 11\n line 12\n line 13\n");
	free(diff);
	text_edits_release(&edits);
	free(text);
}

/* An edit that joins two lines takes the second into its block. */
static void joined_lines(void **state)
{
	const char *text = "a(x,\n  y);\nz;\n";
	struct text_edits edits = { 0 };
	char *diff;

	(void)state;
	text_edits_add(&edits, 4, 7, " ");
	diff = diff_of(text, &edits);
	assert_string_equal(diff, "--- a/f.c\n+++ b/f.c\n"
				  "@@ -1,3 +1,2 @@\n"
				  "-a(x,\n-  y);\n+a(x, y);\n z;\n");
	free(diff);
	text_edits_release(&edits);
}

static void overlaps(void **state)
{
	struct text_edits edits = { 0 };

	(void)state;
	text_edits_add(&edits, 10, 20, "x");
	assert_true(text_edits_overlap(&edits, 15, 25));
	assert_true(text_edits_overlap(&edits, 5, 11));
	assert_false(text_edits_overlap(&edits, 20, 25));
	assert_false(text_edits_overlap(&edits, 0, 10));
	text_edits_truncate(&edits, 0);
	assert_false(text_edits_overlap(&edits, 15, 25));
	text_edits_release(&edits);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(edit_within_a_line),
		cmocka_unit_test(insertion_and_deletion),
		cmocka_unit_test(near_edits_share_a_hunk),
		cmocka_unit_test(joined_lines),
		cmocka_unit_test(overlaps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
