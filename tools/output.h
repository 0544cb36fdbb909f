/* SPDX-License-Identifier: GPL-2.0 */
/* What the slabcheck command prints (tools/output.c). */
#ifndef SLABCHECK_TOOLS_OUTPUT_H
#define SLABCHECK_TOOLS_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "slabcheck.h"

enum output_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF };

struct output_options {
	enum output_format format;
	int context;		    /* text: source lines around each finding */
	const char *baseline;	    /* print only findings not in it */
	const char *write_baseline; /* write every finding there */
	bool show_suppressed;
	bool report_unused;
};

void output_init(struct output_options *output);
/* 1: the argument was one of ours; 0: not ours; -1: ours, but bad. */
int output_parse(struct output_options *output, const char *argument);
/* The option list, for usage texts. */
#define OUTPUT_OPTIONS_HELP                                           \
	"[--format=text|json|sarif] [--context=N] [--baseline=FILE] " \
	"[--write-baseline=FILE] [--show-suppressed] [--report-unused]"

/*
 * Prints the report (finished, the baseline's findings dropped) as asked;
 * returns how many findings it reported that no suppression silenced, or
 * -1 when a baseline could not be read or written.
 */
int output_report(struct report *report, const struct output_options *output,
		  FILE *stream);

#endif
