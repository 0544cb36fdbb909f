// SPDX-License-Identifier: GPL-2.0
/*
 * Findings and their notes: collected while rules run, sorted, their
 * duplicates dropped, fingerprinted for baselines, and printed one line
 * each as FILE:LINE:COL: warning: MESSAGE [RULE-ID], followed by the
 * events of its path that path= asks for as FILE:LINE:COL: note: MESSAGE.
 */
#include "report.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

void report_init(struct report *report)
{
	memset(report, 0, sizeof(*report));
	arena_init(&report->strings);
}

const char *report_string(struct report *report, const char *text)
{
	return arena_strdup(&report->strings, text ? text : "");
}

void report_set_directory(struct report *report, size_t first,
			  const char *directory)
{
	const char *copy = NULL;

	if (!directory || !*directory)
		return;
	for (size_t i = first; i < report->count; i++) {
		if (report->findings[i].directory)
			continue;
		if (!copy)
			copy = report_string(report, directory);
		report->findings[i].directory = copy;
	}
}

static void free_notes(struct note *note);

void report_release(struct report *report)
{
	for (size_t i = 0; i < report->count; i++) {
		free_notes(report->findings[i].notes);
		free(report->findings[i].message);
	}
	free(report->findings);
	arena_release(&report->strings);
	memset(report, 0, sizeof(*report));
}

static char *format(const char *fmt, va_list args)
{
	va_list copy;
	int length;
	char *text;

	va_copy(copy, args);
	length = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	CHECK(length >= 0);
	text = malloc((size_t)length + 1);
	CHECK(text != NULL);
	vsnprintf(text, (size_t)length + 1, fmt, args);
	return text;
}

struct finding *report_finding(struct report *report, const char *rule,
			       struct source_location location, const char *fmt,
			       ...)
{
	struct finding *finding;
	va_list args;

	if (report->count == report->capacity) {
		report->capacity = report->capacity ? report->capacity * 2 : 16;
		report->findings = realloc(report->findings,
					   report->capacity * sizeof(*finding));
		CHECK(report->findings != NULL);
	}
	finding = &report->findings[report->count++];
	memset(finding, 0, sizeof(*finding));
	finding->rule = rule;
	/* The report outlives the model it came from (a linked module). */
	finding->location = location;
	if (location.file)
		finding->location.file = report_string(report, location.file);
	va_start(args, fmt);
	finding->message = format(fmt, args);
	va_end(args);
	return finding;
}

static void add_note(struct finding *finding, struct source_location location,
		     bool step, const char *fmt, va_list args)
{
	struct note *note = calloc(1, sizeof(*note));
	struct note **tail = &finding->notes;

	CHECK(note != NULL);
	note->location = location;
	if (location.file) {
		note->file = strdup(location.file);
		CHECK(note->file != NULL);
		note->location.file = note->file;
	}
	note->message = format(fmt, args);
	note->step = step;
	while (*tail)
		tail = &(*tail)->next;
	*tail = note;
}

void report_note(struct finding *finding, struct source_location location,
		 const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	add_note(finding, location, false, fmt, args);
	va_end(args);
}

void report_step(struct finding *finding, struct source_location location,
		 const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	add_note(finding, location, true, fmt, args);
	va_end(args);
}

bool report_note_shown(const struct finding *finding, const struct note *note,
		       enum path_notes path)
{
	size_t keys = 0, keys_before = 0, steps_before = 0;
	bool before = true;

	if (path != PATH_SHORT)
		return path == PATH_FULL;
	for (const struct note *other = finding->notes; other;
	     other = other->next) {
		if (other == note)
			before = false;
		keys += !other->step;
		keys_before += before && !other->step;
		steps_before += before && other->step;
	}
	/* Key events first, in path order; then steps, while there is room. */
	if (!note->step)
		return keys_before < PATH_SHORT_NOTES;
	if (keys > PATH_SHORT_NOTES)
		keys = PATH_SHORT_NOTES;
	return keys + steps_before < PATH_SHORT_NOTES;
}

static int compare_locations(const struct source_location *a,
			     const struct source_location *b)
{
	int order = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (order)
		return order;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	return 0;
}

static int compare_findings(const void *left, const void *right)
{
	const struct finding *a = left, *b = right;
	int order = compare_locations(&a->location, &b->location);

	if (order)
		return order;
	order = strcmp(a->rule, b->rule);
	if (order)
		return order;
	return strcmp(a->message, b->message);
}

static size_t note_count(const struct note *note)
{
	size_t count = 0;

	for (; note; note = note->next)
		count++;
	return count;
}

/*
 * One finding from several paths: the one with the most events first, then
 * by the events themselves, so that every door keeps the same whatever
 * order its walk found them in.
 */
static int compare_paths(const void *left, const void *right)
{
	const struct finding *a = left, *b = right;
	const struct note *x = a->notes, *y = b->notes;
	size_t a_count = note_count(x), b_count = note_count(y);
	int order = compare_findings(left, right);

	if (order)
		return order;
	if (a_count != b_count)
		return a_count > b_count ? -1 : 1;
	for (; x && y; x = x->next, y = y->next) {
		order = compare_locations(&x->location, &y->location);
		if (!order)
			order = strcmp(x->message, y->message);
		if (order)
			return order;
	}
	return 0;
}

static void print_location(FILE *stream, const struct source_location *at)
{
	fprintf(stream, "%s:%u:%u: ", at->file ? at->file : "<unknown>",
		at->line, at->column);
}

static void free_notes(struct note *note)
{
	while (note) {
		struct note *next = note->next;

		free(note->message);
		free(note->file);
		free(note);
		note = next;
	}
}

/* FNV-1a, 64 bits: stable across runs and machines, no library needed. */
static uint64_t hash_text(uint64_t hash, const char *text)
{
	for (const unsigned char *c = (const unsigned char *)text; *c; c++)
		hash = (hash ^ *c) * 0x100000001b3ull;
	/* A separator, so that ("ab", "c") and ("a", "bc") differ. */
	return (hash ^ 0xff) * 0x100000001b3ull;
}

/*
 * What a finding is, not where: its rule, file, function and message (which
 * names the instance), and which of several identical ones it is.  Lines
 * and columns stay out, so edits elsewhere in the file do not change it;
 * the file is named relative to its source root, so where the tree is
 * checked out does not change it either.
 */
static void fingerprint(struct finding *finding, const char *path,
			unsigned int occurrence)
{
	uint64_t hash = 0xcbf29ce484222325ull;
	char number[16];

	hash = hash_text(hash, finding->rule);
	hash = hash_text(hash, path);
	hash = hash_text(hash, finding->function ? finding->function : "");
	hash = hash_text(hash, finding->message);
	snprintf(number, sizeof(number), "%u", occurrence);
	hash = hash_text(hash, number);
	snprintf(finding->fingerprint, sizeof(finding->fingerprint), "%016llx",
		 (unsigned long long)hash);
}

/* One finding again: the same rule, file, function and message. */
static bool same_kind(const struct finding *a, const char *a_path,
		      const struct finding *b, const char *b_path)
{
	return !strcmp(a->rule, b->rule) && !strcmp(a_path, b_path) &&
	       !strcmp(a->function ? a->function : "",
		       b->function ? b->function : "") &&
	       !strcmp(a->message, b->message);
}

void report_forget(struct report *report, size_t index)
{
	struct finding *finding = &report->findings[index];

	free_notes(finding->notes);
	free(finding->message);
	finding->notes = NULL;
	finding->message = NULL;
}

void report_finish(struct report *report)
{
	const char **paths;
	size_t kept = 0;

	qsort(report->findings, report->count, sizeof(struct finding),
	      compare_paths);
	for (size_t i = 0; i < report->count; i++) {
		struct finding *finding = &report->findings[i];

		/*
		 * Two paths to the same mistake make one finding, with the
		 * events of the path that shows the most.
		 */
		if (kept &&
		    !compare_findings(finding, &report->findings[kept - 1])) {
			struct finding *first = &report->findings[kept - 1];

			if (!finding->events_only)
				first->events_only = false;
			if (!first->suppressed_by)
				first->suppressed_by = finding->suppressed_by;
			if (!first->function || !*first->function)
				first->function = finding->function;
			free_notes(finding->notes);
			free(finding->message);
			continue;
		}
		report->findings[kept++] = *finding;
	}
	report->count = kept;
	/* Events for a finding no walk reported go. */
	kept = 0;
	for (size_t i = 0; i < report->count; i++) {
		if (report->findings[i].events_only) {
			report_forget(report, i);
			continue;
		}
		report->findings[kept++] = report->findings[i];
	}
	report->count = kept;
	paths = calloc(report->count + 1, sizeof(*paths));
	CHECK(paths != NULL);
	for (size_t i = 0; i < report->count; i++)
		paths[i] = report_stable_path(report, &report->findings[i]);
	for (size_t i = 0; i < report->count; i++) {
		unsigned int occurrence = 0;

		for (size_t j = 0; j < i; j++)
			occurrence += same_kind(&report->findings[j], paths[j],
						&report->findings[i], paths[i]);
		fingerprint(&report->findings[i], paths[i], occurrence);
	}
	free(paths);
}

size_t report_print(struct report *report, FILE *stream, bool as_errors,
		    enum path_notes path)
{
	size_t printed = 0;

	report_finish(report);
	for (size_t i = 0; i < report->count; i++) {
		const struct finding *finding = &report->findings[i];

		if (finding->suppressed_by)
			continue;
		print_location(stream, &finding->location);
		fprintf(stream, "%s: %s [%s]\n",
			as_errors ? "error" : "warning", finding->message,
			finding->rule);
		for (const struct note *note = finding->notes; note;
		     note = note->next) {
			if (!report_note_shown(finding, note, path))
				continue;
			print_location(stream, &note->location);
			fprintf(stream, "note: %s\n", note->message);
		}
		printed++;
	}
	fflush(stream);
	return printed;
}
