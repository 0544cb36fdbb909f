// SPDX-License-Identifier: GPL-2.0
/*
 * The rules' registry and the pipeline of one unit: rule_list.h gives
 * the rules, each registers hooks on events, instances and the whole unit;
 * slabcheck_run() lowers, verifies, dumps when asked, dispatches the
 * hooks (slabcheck_analyze()) and applies suppressions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "check.h"
#include "config_file.h"
#include "paths.h"
#include "report.h"

/* Debug builds verify every model; others when asked (verify). */
#ifdef NDEBUG
#define SLABCHECK_ALWAYS_VERIFY 0
#else
#define SLABCHECK_ALWAYS_VERIFY 1
#endif

/* How many hooks of each sort one rule may subscribe. */
#define HOOKS_PER_RULE 8

struct rule_hooks {
	struct {
		enum event_kind kind;
		event_hook hook;
	} events[HOOKS_PER_RULE];
	int event_count;
	instance_hook instances[HOOKS_PER_RULE];
	int instance_count;
	unit_hook units[HOOKS_PER_RULE];
	int unit_count;
	const struct path_hook *paths[HOOKS_PER_RULE];
	int path_count;
};

static const struct rule {
	const char *id;
	void (*register_hooks)(struct rule_hooks *hooks);
	const char *summary;
	const char *description;
} rules[] = {
#define RULE(id, name, summary, description) \
	{ id, register_##name, summary, description },
#include "rule_list.h"
};

#define RULE_COUNT ((int)(sizeof(rules) / sizeof(rules[0])))

_Static_assert(RULE_COUNT <= 32, "the disable= mask holds 32 rules");

void add_event_hook(struct rule_hooks *hooks, enum event_kind kind,
		    event_hook hook)
{
	CHECK(hooks->event_count < HOOKS_PER_RULE);
	hooks->events[hooks->event_count].kind = kind;
	hooks->events[hooks->event_count++].hook = hook;
}

void add_instance_hook(struct rule_hooks *hooks, instance_hook hook)
{
	CHECK(hooks->instance_count < HOOKS_PER_RULE);
	hooks->instances[hooks->instance_count++] = hook;
}

void add_unit_hook(struct rule_hooks *hooks, unit_hook hook)
{
	CHECK(hooks->unit_count < HOOKS_PER_RULE);
	hooks->units[hooks->unit_count++] = hook;
}

void add_path_hook(struct rule_hooks *hooks, const struct path_hook *hook)
{
	CHECK(hooks->path_count < HOOKS_PER_RULE);
	hooks->paths[hooks->path_count++] = hook;
}

int rule_count(void)
{
	return RULE_COUNT;
}

const char *rule_id(int index)
{
	return index >= 0 && index < RULE_COUNT ? rules[index].id : NULL;
}

const char *rule_summary(int index)
{
	return index >= 0 && index < RULE_COUNT ? rules[index].summary : NULL;
}

const char *rule_description(int index)
{
	return index >= 0 && index < RULE_COUNT ? rules[index].description :
						  NULL;
}

int rule_find(const char *id)
{
	for (int i = 0; i < RULE_COUNT; i++)
		if (!strcmp(rules[i].id, id))
			return i;
	return -1;
}

/* One pass over every event of the unit, for every rule that listens. */
static void dispatch_events(struct analysis *analysis,
			    const struct rule_hooks *hooks, const bool *active)
{
	const struct translation_unit *tu = analysis->tu;

	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *fn = &tu->functions[f];

		for (size_t b = 0; b < fn->block_count; b++)
			for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
				const struct event *event =
					&fn->blocks[b].events[e];

				for (int r = 0; r < RULE_COUNT; r++) {
					if (!active[r])
						continue;
					analysis->rule = rules[r].id;
					for (int h = 0;
					     h < hooks[r].event_count; h++)
						if (hooks[r].events[h].kind ==
						    event->kind)
							hooks[r].events[h].hook(
								analysis, fn,
								event);
				}
			}
	}
}

/*
 * The function a finding is in, for its fingerprint: the last function of
 * the same file, among those with a body in the model, that starts at or
 * before it.  Findings at a declaration of file scope (an instance, the
 * type) have none.
 */
static const char *enclosing_function(const struct translation_unit *tu,
				      const struct source_location *at)
{
	const struct function_model *best = NULL;

	if (!at->file)
		return "";
	for (size_t i = 0; i < tu->instance_count; i++) {
		const struct source_location *declared =
			&tu->instances[i].location;

		if (declared->line == at->line &&
		    declared->column == at->column && declared->file &&
		    !strcmp(declared->file, at->file))
			return "";
	}
	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *fn = &tu->functions[f];

		if (!fn->block_count || !fn->location.file ||
		    strcmp(fn->location.file, at->file) ||
		    fn->location.line > at->line)
			continue;
		if (!best || fn->location.line > best->location.line)
			best = fn;
	}
	return best ? best->name : "";
}

static void name_functions(const struct translation_unit *tu,
			   struct report *report, size_t first)
{
	for (size_t i = first; i < report->count; i++) {
		struct finding *finding = &report->findings[i];

		finding->function = report_string(
			report, enclosing_function(tu, &finding->location));
	}
}

/*
 * Every function that some path rule wants is walked once, with the
 * observers of all the rules that want it: a walk costs the same for one
 * observer as for four.
 */
static void walk_paths(struct analysis *analysis,
		       const struct rule_hooks *hooks, const bool *active)
{
	enum { MOST = RULE_COUNT * HOOKS_PER_RULE };
	struct walk_observer observers[MOST];
	const struct walk_observer *wanted[MOST];
	const struct path_hook *owners[MOST];
	size_t count = 0;

	for (int r = 0; r < RULE_COUNT; r++) {
		if (!active[r])
			continue;
		analysis->rule = rules[r].id;
		for (int h = 0; h < hooks[r].path_count; h++) {
			const struct path_hook *hook = hooks[r].paths[h];

			observers[count] = hook->observer;
			observers[count].rule = rules[r].id;
			observers[count].data =
				hook->start ? hook->start(analysis) : NULL;
			owners[count++] = hook;
		}
	}
	for (size_t f = 0; count && f < analysis->tu->function_count; f++) {
		size_t wanted_count = 0;

		for (size_t i = 0; i < count; i++)
			if (!owners[i]->wants ||
			    owners[i]->wants(analysis, (int)f,
					     observers[i].data))
				wanted[wanted_count++] = &observers[i];
		if (wanted_count)
			walk_function_observed(analysis, (int)f, wanted,
					       wanted_count);
	}
}

void slabcheck_analyze(const struct translation_unit *tu,
		       const struct slabcheck_options *options,
		       struct report *report)
{
	size_t first = report->count;
	struct analysis analysis = {
		.tu = tu,
		.options = options,
		.report = report,
	};
	struct rule_hooks hooks[RULE_COUNT];
	bool active[RULE_COUNT];

	memset(hooks, 0, sizeof(hooks));
	arena_init(&analysis.arena);
	for (int r = 0; r < RULE_COUNT; r++) {
		rules[r].register_hooks(&hooks[r]);
		active[r] = !(options->disabled_rules & (1u << r));
	}
	for (int r = 0; r < RULE_COUNT; r++) {
		if (!active[r])
			continue;
		analysis.rule = rules[r].id;
		for (size_t i = 0; i < tu->instance_count; i++)
			for (int h = 0; h < hooks[r].instance_count; h++)
				if (!tu->instances[i].is_extern)
					hooks[r].instances[h](
						&analysis, &tu->instances[i]);
	}
	dispatch_events(&analysis, hooks, active);
	walk_paths(&analysis, hooks, active);
	for (int r = 0; r < RULE_COUNT; r++) {
		if (!active[r])
			continue;
		analysis.rule = rules[r].id;
		for (int h = 0; h < hooks[r].unit_count; h++)
			hooks[r].units[h](&analysis);
	}
	arena_release(&analysis.arena);
	name_functions(tu, report, first);
}

void slabcheck_run(struct translation_unit *tu,
		   const struct slabcheck_options *options,
		   struct report *report, FILE *stream)
{
	struct slabcheck_options configured = *options;
	struct config_cache configs = { 0 };
	struct config *config = config_find(&configs, tu->main_file);
	char error[512];

	model_lower(tu);
	/* A model that breaks its invariants is our bug: say so, loudly. */
	if ((options->verify || SLABCHECK_ALWAYS_VERIFY) &&
	    !model_verify(tu, error, sizeof(error))) {
		fprintf(stream,
			"slabcheck: internal error: %s: bad model: %s\n",
			tu->main_file, error);
		abort();
	}
	if (options->dump_model)
		model_dump(tu, stream);
	/* The configuration file's exempt paths join the option's. */
	if (config)
		config_add_exempt_paths(config, &configured);
	config_cache_release(&configs);
	slabcheck_analyze(tu, &configured, report);
	/* Only a search for unused suppressions reads a file with none. */
	slabcheck_suppress(report, options, &tu->main_file, NULL,
			   options->report_unused ? 1 : 0);
}

bool function_has_event(const struct function_model *function,
			bool (*test)(const struct event *event))
{
	for (size_t b = 0; b < function->block_count; b++)
		for (size_t e = 0; e < function->blocks[b].event_count; e++)
			if (test(&function->blocks[b].events[e]))
				return true;
	return false;
}

enum reaches { REACHES_UNKNOWN, REACHES_NO, REACHES_YES, REACHES_VISITING };

static bool call_reaches_event(const struct translation_unit *tu,
			       unsigned char *memo, const struct event *call,
			       bool (*test)(const struct event *event))
{
	if (function_reaches_event(tu, memo, call->function, test))
		return true;
	for (size_t i = 0; call->table && i < call->table->count; i++)
		if (function_reaches_event(
			    tu, memo, call->table->calls[i].function, test))
			return true;
	return false;
}

bool function_reaches_event(const struct translation_unit *tu,
			    unsigned char *memo, int function,
			    bool (*test)(const struct event *event))
{
	const struct function_model *fn;

	if (function < 0 || memo[function] == REACHES_VISITING)
		return false;
	if (memo[function] != REACHES_UNKNOWN)
		return memo[function] == REACHES_YES;
	memo[function] = REACHES_VISITING;
	fn = &tu->functions[function];
	for (size_t b = 0; b < fn->block_count; b++)
		for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
			const struct event *event = &fn->blocks[b].events[e];

			if (test(event) ||
			    (event->kind == EVENT_CALL &&
			     call_reaches_event(tu, memo, event, test))) {
				memo[function] = REACHES_YES;
				return true;
			}
		}
	memo[function] = REACHES_NO;
	return false;
}

const char *instance_ref_name(struct analysis *analysis,
			      const struct cache_ref *ref)
{
	const struct cache_instance *instance;
	char buffer[256];

	if (ref->kind != CACHE_REF_INSTANCE)
		return "?";
	instance = &analysis->tu->instances[ref->index];
	if (ref->element < 0)
		return instance->name;
	snprintf(buffer, sizeof(buffer), "%s[%ld]", instance->name,
		 ref->element);
	return arena_strdup(&analysis->arena, buffer);
}
