/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the rules share: the unit, the options, the report, and the path
 * engine with its per-function summaries.
 */
#ifndef SLABCHECK_ANALYSIS_H
#define SLABCHECK_ANALYSIS_H

#include "report.h"
#include "slabcheck.h"

struct summary;

struct analysis {
	const struct translation_unit *tu;
	const struct slabcheck_options *options;
	struct report *report;
	const char *rule;		/* the rule running now */
	struct summary *summaries;	/* one per function, built on demand */
	struct arena arena;
};

/* "name" or "name[3]" for a cache reference to an instance. */
const char *instance_ref_name(struct analysis *analysis,
			      const struct cache_ref *ref);

/* Reports under the running rule. */
#define analysis_report(analysis, location, ...)                              \
	report_finding((analysis)->report, (analysis)->rule, (location),      \
		       __VA_ARGS__)

/* One rule = one file: each defines one of these. */
void check_resetup(struct analysis *analysis);
void check_module_leak(struct analysis *analysis);
void check_internal_flag(struct analysis *analysis);
void check_size_mismatch(struct analysis *analysis);
void check_storage(struct analysis *analysis);

#endif
