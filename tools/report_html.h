/* SPDX-License-Identifier: GPL-2.0 */
/* The findings as one HTML page, for audits (tools/report_html.c). */
#ifndef SLABCHECK_TOOLS_REPORT_HTML_H
#define SLABCHECK_TOOLS_REPORT_HTML_H

#include <stdio.h>

#include "output.h"
#include "slabcheck.h"

/*
 * The report, finished and compared with its baseline, with the counts
 * output_report() made of it and what the run checked: one
 * self-contained page that fetches nothing.  0, or -1 when it could not be
 * written.
 */
int report_write_html(const struct report *report,
		      const struct output_options *output,
		      const struct run_scope *scope,
		      const struct finding_counts *counts, FILE *stream);

#endif
