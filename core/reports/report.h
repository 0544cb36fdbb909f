/* SPDX-License-Identifier: GPL-2.0 */
/* The one channel for user findings; rules add, front-ends print. */
#ifndef SLABCHECK_REPORT_H
#define SLABCHECK_REPORT_H

#include "slabcheck.h"

struct finding *report_finding(struct report *report, const char *rule,
			       struct source_location location, const char *fmt,
			       ...) __attribute__((format(printf, 4, 5)));
/* A key event of the finding's path, after those added before. */
void report_note(struct finding *finding, struct source_location location,
		 const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A step that leads to a key event (the call of a helper). */
void report_step(struct finding *finding, struct source_location location,
		 const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/*
 * Whether the text prints the note under 'path': path=short prints the key
 * events, then the steps, up to PATH_SHORT_NOTES in all, in path order.
 */
bool report_note_shown(const struct finding *finding, const struct note *note,
		       enum path_notes path);

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
 * Adds a source root (core/reports/report_paths.c): 'directory' must exist.
 * Roots set, a finding's fingerprint uses its file's path relative to the first
 * root that holds it, and SARIF writes that path against 'base_id'.
 */
void report_add_root(struct report *report, const char *base_id,
		     const char *directory);
/*
 * The root that holds 'file' (relative to 'directory' when relative):
 * its index, with the path relative to it in '*relative'; or -1.
 */
int report_root_of(const struct report *report, const char *file,
		   const char *directory, const char **relative);
/* The finding's file relative to its root, or as the compiler named it. */
const char *report_stable_path(const struct report *report,
			       const struct finding *finding);
/*
 * A path as a URI reference (RFC 3986), for SARIF: what is not unreserved
 * or a separator is percent-encoded.  'absolute': a file: URI.  Freed by
 * the caller; NULL when out of memory.
 */
char *report_path_uri(const char *path, bool absolute);
/* A compiler's byte column as SARIF's column of characters. */
unsigned int report_character_column(const char *file, const char *directory,
				     unsigned int line, unsigned int column);

/*
 * The findings as JSON (core/reports/report_json.c), and back: reading appends
 * to the report.  Both return 0, or -1 (read: with a message in 'error').
 */
int report_write_json(const struct report *report, FILE *stream);
int report_read_json(struct report *report, FILE *stream, char *error,
		     size_t error_size);
/*
 * What SARIF says of a rule beyond its descriptions: its help, as text and
 * as Markdown (the slabcheck command has each rule's section of
 * docs/rules.md), and where that section is installed (helpUri), or NULL.
 * An array that a NULL rule ends.
 */
struct report_rule_help {
	const char *rule;
	const char *text;
	const char *markdown;
	const char *uri;
};

/*
 * SARIF 2.1.0 (core/reports/report_sarif.c), after report_finish(); suppressed
 * findings are included, marked, when asked; 'help' may be NULL.  0 or -1.
 */
int report_write_sarif(struct report *report, FILE *stream,
		       bool with_suppressed,
		       const struct report_rule_help *help);

#endif
