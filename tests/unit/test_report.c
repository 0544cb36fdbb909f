// SPDX-License-Identifier: GPL-2.0
/*
 * report_print(): findings sorted by file, line and column, each printed
 * once, in the one format every front-end shares, notes under their finding;
 * and the path below a directory that names a finding's file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model_builder.h"
#include "report.h"

static struct source_location at(const char *file, unsigned int line,
				 unsigned int column)
{
	return (struct source_location){ file, line, column };
}

static int open_report(void **state)
{
	struct report *report = calloc(1, sizeof(*report));

	if (!report)
		return -1;
	report_init(report);
	*state = report;
	return 0;
}

static int close_report(void **state)
{
	report_release(*state);
	free(*state);
	return 0;
}

#define REPORT_TEST(test) \
	cmocka_unit_test_setup_teardown(test, open_report, close_report)

static void expect_print(struct report *report, bool as_errors, size_t count,
			 const char *expected)
{
	size_t printed;
	char *text = mb_print(report, as_errors, &printed);

	assert_string_equal(text, expected);
	assert_int_equal(printed, count);
	free(text);
}

/* Lines compare as numbers: 2 before 10. */
static void sorted_by_file_line_column(void **state)
{
	struct report *report = *state;

	report_finding(report, "kmem-storage", at("b.c", 1, 1), "fourth");
	report_finding(report, "kmem-storage", at("a.c", 10, 2), "third");
	report_finding(report, "kmem-storage", at("a.c", 2, 5), "second");
	report_finding(report, "kmem-storage", at("a.c", 2, 1), "first");
	expect_print(report, false, 4,
		     "a.c:2:1: warning: first [kmem-storage]\n"
		     "a.c:2:5: warning: second [kmem-storage]\n"
		     "a.c:10:2: warning: third [kmem-storage]\n"
		     "b.c:1:1: warning: fourth [kmem-storage]\n");
}

/* Two paths to one mistake print once; another rule or message does not. */
static void identical_findings_printed_once(void **state)
{
	struct report *report = *state;

	report_finding(report, "kmem-resetup", at("a.c", 3, 2), "twice %d", 1);
	report_finding(report, "kmem-storage", at("a.c", 3, 2), "twice 1");
	report_finding(report, "kmem-resetup", at("a.c", 3, 2), "twice 1");
	report_finding(report, "kmem-resetup", at("a.c", 3, 2), "twice 2");
	report_finding(report, "kmem-resetup", at("a.c", 3, 2), "twice 1");
	expect_print(report, false, 3,
		     "a.c:3:2: warning: twice 1 [kmem-resetup]\n"
		     "a.c:3:2: warning: twice 2 [kmem-resetup]\n"
		     "a.c:3:2: warning: twice 1 [kmem-storage]\n");
}

static void notes_follow_their_finding(void **state)
{
	struct report *report = *state;
	struct finding *finding;

	finding = report_finding(report, "kmem-module-leak", at("a.c", 9, 2),
				 "leaks '%s'", "foo");
	report_note(finding, at("a.c", 20, 1), "exit '%s' is here", "foo_exit");
	report_note(finding, at("b.h", 1, 1), "second note");
	report_finding(report, "kmem-storage", at("a.c", 1, 1), "earlier");
	expect_print(report, false, 2,
		     "a.c:1:1: warning: earlier [kmem-storage]\n"
		     "a.c:9:2: warning: leaks 'foo' [kmem-module-leak]\n"
		     "a.c:20:1: note: exit 'foo_exit' is here\n"
		     "b.h:1:1: note: second note\n");
}

/* Which notes path=short prints: key events, then steps while there is room. */
static void short_prints_key_events_then_steps(void **state)
{
	struct report *report = *state;
	struct finding *few, *many;
	const struct note *note;
	char few_text[16] = "", many_text[16] = "";

	few = report_finding(report, "kmem-resetup", at("a.c", 9, 2), "few");
	report_step(few, at("a.c", 1, 1), "A");
	report_step(few, at("a.c", 2, 1), "B");
	report_note(few, at("a.c", 3, 1), "C");
	report_step(few, at("a.c", 4, 1), "D");
	report_note(few, at("a.c", 5, 1), "E");
	many = report_finding(report, "kmem-resetup", at("a.c", 19, 2), "many");
	report_step(many, at("a.c", 11, 1), "a");
	for (int i = 0; i < 4; i++)
		report_note(many, at("a.c", 12 + i, 1), "%c", 'b' + i);
	for (note = few->notes; note; note = note->next)
		if (report_note_shown(few, note, PATH_SHORT))
			strcat(few_text, note->message);
	for (note = many->notes; note; note = note->next)
		if (report_note_shown(many, note, PATH_SHORT))
			strcat(many_text, note->message);
	/* Two key events and the first step; three of four key events. */
	assert_string_equal(few_text, "ACE");
	assert_string_equal(many_text, "bcd");
	for (note = few->notes; note; note = note->next) {
		assert_true(report_note_shown(few, note, PATH_FULL));
		assert_false(report_note_shown(few, note, PATH_NONE));
	}
}

/*
 * Events for a finding another walk reports go to it when they are more;
 * alone, they are no finding.
 */
static void events_only_findings_lend_their_events(void **state)
{
	struct report *report = *state;
	struct finding *finding;

	finding = report_finding(report, "kmem-resetup", at("a.c", 9, 2), "x");
	report_note(finding, at("a.c", 8, 2), "destroyed");
	finding = report_finding(report, "kmem-resetup", at("a.c", 9, 2), "x");
	finding->events_only = true;
	report_note(finding, at("a.c", 20, 8), "set up");
	report_step(finding, at("a.c", 25, 9), "called");
	report_note(finding, at("a.c", 8, 2), "destroyed");
	finding = report_finding(report, "kmem-resetup", at("a.c", 30, 2), "y");
	finding->events_only = true;
	report_note(finding, at("a.c", 29, 2), "alone");
	expect_print(report, false, 1,
		     "a.c:9:2: warning: x [kmem-resetup]\n"
		     "a.c:20:8: note: set up\n"
		     "a.c:25:9: note: called\n"
		     "a.c:8:2: note: destroyed\n");
	assert_int_equal(report->count, 1);
	assert_false(report->findings[0].events_only);
}

static void as_errors_and_unknown_file(void **state)
{
	struct report *report = *state;

	report_finding(report, "kmem-storage", at(NULL, 3, 4), "somewhere");
	report_finding(report, "kmem-storage", at("a.c", 1, 1), "here");
	expect_print(report, true, 2,
		     "<unknown>:3:4: error: somewhere [kmem-storage]\n"
		     "a.c:1:1: error: here [kmem-storage]\n");
}

static void empty_report_prints_nothing(void **state)
{
	expect_print(*state, false, 0, "");
}

/*
 * Where each finding's unit was compiled travels with it, so that the
 * command finds the files of findings it reads wherever it runs; a
 * finding that knows its directory keeps it.
 */
static void directory_survives_json(void **state)
{
	struct report *report = *state, read;
	struct finding *linked;
	char *text = NULL, error[128];
	size_t size = 0;
	FILE *stream = open_memstream(&text, &size);

	linked = report_finding(report, "kmem-storage", at("b.c", 2, 1), "b");
	linked->directory = report_string(report, "/linked");
	report_finding(report, "kmem-storage", at("a.c", 1, 1), "a");
	report_set_directory(report, 0, "/src");
	assert_int_equal(report_write_json(report, stream), 0);
	fclose(stream);
	stream = fmemopen(text, size, "r");
	report_init(&read);
	assert_int_equal(report_read_json(&read, stream, error, sizeof(error)),
			 0);
	assert_int_equal(read.count, 2);
	assert_string_equal(read.findings[0].directory, "/linked");
	assert_string_equal(read.findings[1].directory, "/src");
	report_release(&read);
	fclose(stream);
	free(text);
}

/*
 * A path below a directory, as reports, suppression configs and convert's
 * patches name files: only at a '/' boundary, never the directory itself.
 */
static void path_below_a_directory(void **state)
{
	(void)state;
	assert_string_equal(slabcheck_path_below("/src/a.c", "/src"), "a.c");
	assert_string_equal(slabcheck_path_below("/src/fs/a.c", "/src"),
			    "fs/a.c");
	assert_null(slabcheck_path_below("/srcs/a.c", "/src"));
	assert_null(slabcheck_path_below("/src", "/src"));
	assert_null(slabcheck_path_below("/other/a.c", "/src"));
	assert_null(slabcheck_path_below("/a.c", "/"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		REPORT_TEST(sorted_by_file_line_column),
		REPORT_TEST(identical_findings_printed_once),
		REPORT_TEST(notes_follow_their_finding),
		REPORT_TEST(short_prints_key_events_then_steps),
		REPORT_TEST(events_only_findings_lend_their_events),
		REPORT_TEST(as_errors_and_unknown_file),
		REPORT_TEST(empty_report_prints_nothing),
		REPORT_TEST(directory_survives_json),
		REPORT_TEST(path_below_a_directory),
	};

	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
