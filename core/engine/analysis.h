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
	const char *rule;	   /* the rule running now */
	struct summary *summaries; /* one per function, built on demand */
	/* Per function: whether it may call one the unit cannot see. */
	unsigned char *reaches_unseen;
	/* Per function: whether it, and all it calls, leave caches alone. */
	unsigned char *leaves_caches;
	struct arena arena;
};

/*
 * Whether any event of the function passes the test: rules that walk
 * paths skip functions that cannot hold what they look for.
 */
bool function_has_event(const struct function_model *function,
			bool (*test)(const struct event *event));

/*
 * The same for the function and every function of the unit it calls, by
 * name or through a table, at any depth.  'memo' holds one byte per
 * function, zeroed, kept across calls with the same test.  A function met
 * again while it is searched counts as not reaching (its summary is
 * unknown anyway, so its callers stay silent about it).
 */
bool function_reaches_event(const struct translation_unit *tu,
			    unsigned char *memo, int function,
			    bool (*test)(const struct event *event));

/* "name" or "name[3]" for a cache reference to an instance. */
const char *instance_ref_name(struct analysis *analysis,
			      const struct cache_ref *ref);

/* Reports under the running rule. */
#define analysis_report(analysis, location, ...)                         \
	report_finding((analysis)->report, (analysis)->rule, (location), \
		       __VA_ARGS__)

/*
 * Rules subscribe to what they need, as smatch's checks do: the engine runs
 * the loops over functions, blocks and events once for all rules.
 */
typedef void (*event_hook)(struct analysis *analysis,
			   const struct function_model *function,
			   const struct event *event);
typedef void (*instance_hook)(struct analysis *analysis,
			      const struct cache_instance *instance);
typedef void (*unit_hook)(struct analysis *analysis);

struct rule_hooks;

/* Called for every event of this kind, in every function of the unit. */
void add_event_hook(struct rule_hooks *hooks, enum event_kind kind,
		    event_hook hook);
/* Called for every instance the unit defines (not for extern ones). */
void add_instance_hook(struct rule_hooks *hooks, instance_hook hook);
/* Called once per unit: for rules that walk paths or look at the unit. */
void add_unit_hook(struct rule_hooks *hooks, unit_hook hook);

/* One rule = one file: each defines its register_<name>(). */
#define RULE(id, name, summary, description) \
	void register_##name(struct rule_hooks *hooks);
#include "rule_list.h"

#endif
