/* SPDX-License-Identifier: GPL-2.0 */
/* The one channel for user findings; rules add, front-ends print. */
#ifndef SLABCHECK_REPORT_H
#define SLABCHECK_REPORT_H

#include "slabcheck.h"

struct finding *report_finding(struct report *report, const char *rule,
			       struct source_location location, const char *fmt,
			       ...) __attribute__((format(printf, 4, 5)));
void report_note(struct finding *finding, struct source_location location,
		 const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * Frees what one finding holds, before the caller drops it from the array
 * (report_release() frees the findings up to report->count only).
 */
void report_forget(struct report *report, size_t index);

/* A copy of a string that lives as long as the report. */
const char *report_string(struct report *report, const char *text);

/*
 * Findings from 'first' on that have no directory get 'directory' (where
 * the compiler ran): what reads them elsewhere finds their files.
 */
void report_set_directory(struct report *report, size_t first,
			  const char *directory);

/*
 * The findings as JSON (core/report_json.c), and back: reading appends to
 * the report.  Both return 0, or -1 (read: with a message in 'error').
 */
int report_write_json(const struct report *report, FILE *stream);
int report_read_json(struct report *report, FILE *stream, char *error,
		     size_t error_size);
/*
 * SARIF 2.1.0 (core/report_sarif.c), after report_finish(); suppressed
 * findings are included, marked, when asked.  0 or -1.
 */
int report_write_sarif(struct report *report, FILE *stream,
		       bool with_suppressed);

#endif
