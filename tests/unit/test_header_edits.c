// SPDX-License-Identifier: GPL-2.0
/*
 * The headers' edits gathered over a run (core/convert/header_edits.c):
 * a unit's edits written as lines and read back whole (newlines, tabs and
 * backslashes in the replacement, the header's path made plain), the same
 * edit from two units kept once, an overlapping one refused, and two
 * units' edits of one header written as one diff.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "header_edits.h"

/* The lines a unit writes for one header with the given edits. */
static char *lines_of(const char *path, const struct text_edits *edits,
		      const char *directory)
{
	struct convert_header_patch header = { 0 };
	struct convert_patch patch = { 0 };
	size_t size = 0;
	char *lines = NULL;
	FILE *stream = open_memstream(&lines, &size);

	header.path = (char *)path;
	header.edits = *edits;
	patch.headers = &header;
	patch.header_count = 1;
	convert_write_header_edits(&patch, directory, stream);
	fclose(stream);
	return lines;
}

/* Adds each line of 'lines'; returns how many were refused. */
static int add_lines(struct convert_header_edits *set, const char *lines)
{
	int refused = 0;

	for (const char *line = lines; *line;) {
		const char *end = strchr(line, '\n');
		size_t length = end ? (size_t)(end - line + 1) : strlen(line);
		char *copy = strndup(line, length);

		if (!convert_header_edits_add(set, copy))
			refused++;
		free(copy);
		line += length;
	}
	return refused;
}

static void lines_read_back(void **state)
{
	struct text_edits edits = { 0 };
	struct convert_header_edits set = { 0 };
	char *lines;

	(void)state;
	text_edits_add(&edits, 10, 20, "a\tb\\c\nd\n");
	text_edits_add(&edits, 30, 30, "");
	lines = lines_of("/tree/include/two.h", &edits, "/tree");
	assert_string_equal(
		lines, CONVERT_HEADER_EDIT_MARK
		"/tree/include/"
		"two.h\t10\t20\ta\\tb\\\\c\\nd\\n\n" CONVERT_HEADER_EDIT_MARK
		"/tree/include/two.h\t30\t30\t\n");
	assert_int_equal(add_lines(&set, lines), 0);
	assert_int_equal(set.count, 1);
	assert_string_equal(set.headers[0].path, "/tree/include/two.h");
	assert_int_equal(set.headers[0].edits.count, 2);
	assert_int_equal(set.headers[0].edits.edits[0].begin, 10);
	assert_int_equal(set.headers[0].edits.edits[0].end, 20);
	assert_string_equal(set.headers[0].edits.edits[0].replacement,
			    "a\tb\\c\nd\n");
	assert_string_equal(set.headers[0].edits.edits[1].replacement, "");
	/* An absolute path stays; what is not an edit line is refused. */
	free(lines);
	lines = lines_of("/usr/include/x.h", &edits, "/tree");
	assert_non_null(strstr(lines, "\t/usr/include/x.h\t10\t20\t"));
	assert_false(convert_header_edits_add(&set, "--- a/two.h\n"));
	assert_false(convert_header_edits_add(&set, CONVERT_HEADER_EDIT_MARK
					      "/t.h\t9\t8\tx\n"));
	assert_false(convert_header_edits_add(&set, CONVERT_HEADER_EDIT_MARK
					      "/t.h\t1\t2\tbad\\q\n"));
	free(lines);
	convert_header_edits_release(&set);
	text_edits_release(&edits);
}

static void same_edit_once_overlap_refused(void **state)
{
	struct convert_header_edits set = { 0 };

	(void)state;
	assert_true(convert_header_edits_add(&set, CONVERT_HEADER_EDIT_MARK
					     "/t/two.h\t5\t9\tX\n"));
	assert_true(convert_header_edits_add(&set, CONVERT_HEADER_EDIT_MARK
					     "/t/two.h\t5\t9\tX\n"));
	assert_int_equal(set.headers[0].edits.count, 1);
	assert_false(convert_header_edits_add(&set, CONVERT_HEADER_EDIT_MARK
					      "/t/two.h\t7\t12\tY\n"));
	assert_int_equal(set.conflicts, 1);
	assert_true(convert_header_edits_add(&set, CONVERT_HEADER_EDIT_MARK
					     "/t/two.h\t12\t14\tZ\n"));
	assert_int_equal(set.headers[0].edits.count, 2);
	convert_header_edits_release(&set);
}

static void two_units_one_diff(void **state)
{
	char directory[] = "/tmp/slabcheck-header-edits-XXXXXX";
	char *path, *link, *line, *output = NULL;
	struct text_edits edits = { 0 };
	struct convert_header_edits set = { 0 };
	size_t size = 0;
	FILE *stream, *header;

	(void)state;
	assert_non_null(mkdtemp(directory));
	assert_int_equal(asprintf(&path, "%s/two.h", directory) > 0, 1);
	header = fopen(path, "w");
	assert_non_null(header);
	fputs("a\nb\nc\nd\n", header);
	fclose(header);
	/*
	 * Line c from one unit, which reached the header through a link to
	 * its directory; line b from another, which spelled it "./two.h".
	 */
	assert_int_equal(asprintf(&link, "%s.link", directory) > 0, 1);
	assert_int_equal(symlink(directory, link), 0);
	text_edits_add(&edits, 4, 5, "C");
	line = lines_of("two.h", &edits, link);
	assert_int_equal(add_lines(&set, line), 0);
	free(line);
	text_edits_release(&edits);
	text_edits_add(&edits, 2, 3, "B");
	line = lines_of("./two.h", &edits, directory);
	assert_int_equal(add_lines(&set, line), 0);
	free(line);
	text_edits_release(&edits);
	assert_int_equal(set.count, 1);
	/* Run from the link: the diff still names the header from here. */
	assert_int_equal(chdir(link), 0);
	stream = open_memstream(&output, &size);
	assert_true(convert_header_edits_write(&set, stream, "test", stderr));
	fclose(stream);
	assert_string_equal(output, "--- a/two.h\n+++ b/two.h\n"
				    "@@ -1,4 +1,4 @@\n"
				    " a\n-b\n-c\n+B\n+C\n d\n");
	free(output);
	unlink(path);
	/* A header gone since: said, not written. */
	output = NULL;
	stream = open_memstream(&output, &size);
	assert_false(convert_header_edits_write(&set, stream, "test", stream));
	fclose(stream);
	assert_non_null(strstr(output, "test: error: "));
	free(output);
	unlink(link);
	rmdir(directory);
	free(link);
	free(path);
	convert_header_edits_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_read_back),
		cmocka_unit_test(same_edit_once_overlap_refused),
		cmocka_unit_test(two_units_one_diff),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
