/* SPDX-License-Identifier: GPL-2.0 */
/* What the slabcheck command prints (tools/output.c). */
#ifndef SLABCHECK_TOOLS_OUTPUT_H
#define SLABCHECK_TOOLS_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "slabcheck.h"

enum output_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF, FORMAT_HTML };

struct output_options {
	enum output_format format;
	int context;		    /* text: source lines around each finding */
	enum path_notes path;	    /* text: which events are notes (--path) */
	const char *baseline;	    /* print only findings not in it */
	const char *write_baseline; /* write every finding there */
	bool mark_new;		    /* print known findings too, marked */
	const char *source_root;    /* paths relative to it (--source-root) */
	bool show_suppressed;
	bool report_unused;
	bool quiet; /* no summary line */
};

/* What a run found, for its exit status and its summary line. */
struct finding_counts {
	size_t new_findings; /* neither known nor suppressed: they count */
	size_t known;	     /* in the baseline */
	size_t suppressed;
};

/* What a run checked, for a report that stands alone (html). */
struct run_scope {
	size_t units;	       /* units whose results were read */
	size_t failed;	       /* files or objects that did not compile */
	bool nothing_to_check; /* no unit had a static cache */
};

void output_init(struct output_options *output);
/*
 * 1: the argument was one of ours; 0: not ours; -1: ours, but bad, and
 * 'error' says why.
 */
int output_parse(struct output_options *output, const char *argument,
		 char *error, size_t size);
/* The option list, for usage texts. */

/*
 * Prints the report (finished, the baseline's findings dropped or, with
 * mark_new, marked) as asked, with what the run checked where the format
 * stands alone, and counts its findings; 0, or -1 when a
 * baseline could not be read or written.  A baseline is read before one
 * is written, so both options may name one file.
 */
int output_report(struct report *report, const struct output_options *output,
		  const struct run_scope *scope, FILE *stream,
		  struct finding_counts *counts);

#endif
