// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-module-leak: a static cache in a module outliving the module.
 *
 * A static instance lives in the module's memory.  If the module goes away
 * (unloaded, or freed because its init failed) while the cache is still set
 * up, the slab core keeps it on its list and in sysfs: the next walk of the
 * list touches freed memory.  So every path out of module_exit, and every
 * failing path out of module_init, must have destroyed what was set up.
 *
 * Bad:   static void __exit foo_exit(void) { unregister_foo(); }
 * Good:  static void __exit foo_exit(void) { unregister_foo();
 *                                            kmem_cache_destroy(foo_cachep); }
 *
 * Confidence: high.  Only code built with -DMODULE; a module without
 * module_exit cannot be unloaded, so only its init is checked.  Arrays are
 * skipped: which elements are set up is not something the model follows.
 */
#include "analysis.h"
#include "paths.h"

struct exit_check {
	bool *leaked;
};

/* A setup site reported for one instance (a helper may set up several). */
struct reported_leak {
	const struct event *site;
	int instance;
};

struct init_check {
	struct reported_leak *reported;
	size_t reported_count;
	size_t reported_capacity;
};

static bool whole_instance(const struct cache_ref *ref)
{
	return ref->kind == CACHE_REF_INSTANCE && ref->element == ELEMENT_WHOLE;
}

/*
 * Where the instance is really set up: a helper that sets up a fixed
 * instance is reported inside, where a fix goes; one that sets up its
 * parameter is reported at the call that passes the instance.
 */
/* Whether a function, or a helper it passes it to, sets up parameter N. */
static bool sets_up_parameter(struct analysis *analysis, int function,
			      int index, int depth)
{
	const struct function_model *fn = &analysis->tu->functions[function];

	if (depth > 4)
		return false;
	for (size_t b = 0; b < fn->block_count; b++)
		for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
			const struct event *event = &fn->blocks[b].events[e];

			if (event->kind == EVENT_SETUP &&
			    event->cache.kind == CACHE_REF_PARAMETER &&
			    event->cache.index == index)
				return true;
			if (event->kind != EVENT_CALL || event->function < 0 ||
			    event->function == function)
				continue;
			for (size_t a = 0; a < event->argument_count; a++)
				if (event->arguments[a].kind ==
					    CACHE_REF_PARAMETER &&
				    event->arguments[a].index == index &&
				    sets_up_parameter(analysis, event->function,
						      (int)a, depth + 1))
					return true;
		}
	return false;
}

/* A call that hands the instance to a helper which sets up what it gets. */
static bool passes_to_setup(struct analysis *analysis, const struct event *call,
			    int instance, int depth)
{
	for (size_t a = 0; a < call->argument_count; a++)
		if (whole_instance(&call->arguments[a]) &&
		    call->arguments[a].index == instance &&
		    sets_up_parameter(analysis, call->function, (int)a,
				      depth + 1))
			return true;
	return false;
}

static bool find_setup(struct analysis *analysis, int function, int instance,
		       int depth, struct source_location *found)
{
	const struct function_model *fn = &analysis->tu->functions[function];

	if (depth > 4)
		return false;
	for (size_t b = 0; b < fn->block_count; b++)
		for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
			const struct event *event = &fn->blocks[b].events[e];

			if (event->kind == EVENT_SETUP &&
			    whole_instance(&event->cache) &&
			    event->cache.index == instance) {
				*found = event->location;
				return true;
			}
			if (event->kind != EVENT_CALL || event->function < 0 ||
			    event->function == function)
				continue;
			if (passes_to_setup(analysis, event, instance, depth)) {
				*found = event->location;
				return true;
			}
			if (find_setup(analysis, event->function, instance,
				       depth + 1, found))
				return true;
		}
	return false;
}

static struct source_location setup_location(struct analysis *analysis,
					     const struct event *site,
					     int instance)
{
	struct source_location found = site->location;

	if (site->kind == EVENT_CALL && site->function >= 0)
		find_setup(analysis, site->function, instance, 0, &found);
	return found;
}

static void report_init_leak(struct walk *walk, const struct path_state *state,
			     int slot, const struct event *site, int instance,
			     struct source_location at)
{
	struct analysis *analysis = walk_analysis(walk);
	struct init_check *check = walk_data(walk);
	const char *name = analysis->tu->instances[instance].name;
	const char *init =
		analysis->tu->functions[analysis->tu->module_init].name;
	const struct event *setup;
	struct source_location where;
	struct finding *finding;

	for (size_t i = 0; i < check->reported_count; i++)
		if (check->reported[i].site == site &&
		    check->reported[i].instance == instance)
			return;
	if (check->reported_count == check->reported_capacity) {
		size_t grown = check->reported_capacity * 2 + 8;

		check->reported = arena_grow(&analysis->arena, check->reported,
					     check->reported_count *
						     sizeof(*check->reported),
					     grown * sizeof(*check->reported));
		check->reported_capacity = grown;
	}
	check->reported[check->reported_count++] =
		(struct reported_leak){ site, instance };
	/*
	 * At the setup the notes lead to, the one this path took; a search of
	 * the helper's blocks is left for a helper that sets up what it is
	 * passed, whose call is the place to point at.
	 */
	setup = walk_setup_event(walk, state, slot);
	if (setup && setup->kind == EVENT_SETUP &&
	    whole_instance(&setup->cache) && setup->cache.index == instance)
		where = setup->location;
	else
		where = setup_location(analysis, site, instance);
	finding = analysis_report(analysis, where,
				  "static cache '%s' stays set up when module "
				  "init '%s' fails",
				  name, init);
	/* The calls from init down to the setup, and the return. */
	walk_note_setup_calls(walk, state, slot, finding, name);
	report_note(finding, at, "'%s' returns failure here", init);
}

static void match_failing_return(struct walk *walk, struct value returned,
				 struct source_location at,
				 const struct path_state *state)
{
	/*
	 * Init fails by returning a negative errno: look at the path as it is
	 * then.  When that errno is a setup's own result (`return
	 * kmem_cache_setup(...)`, through PTR_ERR_OR_ZERO() or a local), that
	 * setup is the one that failed.
	 */
	state = state_assume_negative(walk, state, returned);
	if (!state)
		return;
	for (int slot = 0; slot < walk_slot_count(walk); slot++) {
		const struct cache_ref *ref = walk_slot_ref(walk, slot);
		const struct event *site;

		if (!whole_instance(ref) ||
		    !state_may_be_set(walk, state, slot))
			continue;
		site = state_setup_site(walk, state, slot);
		if (site)
			report_init_leak(walk, state, slot, site, ref->index,
					 at);
	}
}

static void match_exit_return(struct walk *walk, struct value returned,
			      struct source_location at,
			      const struct path_state *state)
{
	struct exit_check *check = walk_data(walk);

	(void)returned;
	(void)at;
	for (int slot = 0; slot < walk_slot_count(walk); slot++) {
		const struct cache_ref *ref = walk_slot_ref(walk, slot);

		if (whole_instance(ref) && state_may_be_set(walk, state, slot))
			check->leaked[ref->index] = true;
	}
}

struct site_search {
	const struct event *call;
	int instance;
};

static bool effect_sets_up(const struct effect *effect, void *data)
{
	struct site_search *search = data;
	struct cache_ref mapped;

	if (effect->ref.kind != CACHE_REF_PARAMETER ||
	    effect->first != FIRST_SETUP)
		return false;
	if (!map_effect_ref(search->call, &effect->ref, &mapped))
		return false;
	return whole_instance(&mapped) && mapped.index == search->instance;
}

/* Whether an event sets up the instance, directly or through a parameter. */
static bool sets_up(struct analysis *analysis, const struct event *event,
		    int instance)
{
	struct site_search search = { .call = event, .instance = instance };

	if (event->kind == EVENT_SETUP)
		return whole_instance(&event->cache) &&
		       event->cache.index == instance;
	if (event->kind != EVENT_CALL || event->function < 0)
		return false;
	return summary_touches(analysis, event->function, effect_sets_up,
			       &search);
}

/* Calls 'visit' on every place the unit sets the instance up. */
static size_t for_each_setup_site(struct analysis *analysis, int instance,
				  void (*visit)(struct analysis *,
						const struct event *, int))
{
	const struct translation_unit *tu = analysis->tu;
	size_t count = 0;

	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *fn = &tu->functions[f];

		for (size_t b = 0; b < fn->block_count; b++)
			for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
				const struct event *event =
					&fn->blocks[b].events[e];

				if (!sets_up(analysis, event, instance))
					continue;
				count++;
				if (visit)
					visit(analysis, event, instance);
			}
	}
	return count;
}

static void report_exit_leak(struct analysis *analysis,
			     const struct event *site, int instance)
{
	const struct function_model *exit =
		&analysis->tu->functions[analysis->tu->module_exit];
	struct finding *finding;

	finding = analysis_report(analysis, site->location,
				  "static cache '%s' is not destroyed on every "
				  "path out of module exit '%s'",
				  analysis->tu->instances[instance].name,
				  exit->name);
	report_note(finding, exit->location, "module exit '%s' is defined here",
		    exit->name);
}

static void check_exit(struct analysis *analysis)
{
	const struct translation_unit *tu = analysis->tu;
	struct exit_check check;
	bool *set_up;
	const struct walk_observer observer = {
		.at_return = match_exit_return,
		.data = &check,
		.unseen_calls_reach_external = true,
	};

	set_up = arena_alloc(&analysis->arena, tu->instance_count + 1);
	check.leaked = arena_alloc(&analysis->arena, tu->instance_count + 1);
	for (size_t i = 0; i < tu->instance_count; i++)
		set_up[i] = !tu->instances[i].is_array &&
			    for_each_setup_site(analysis, (int)i, NULL);
	if (!walk_function(analysis, tu->module_exit, &observer, set_up))
		return;
	for (size_t i = 0; i < tu->instance_count; i++) {
		if (!check.leaked[i])
			continue;
		for_each_setup_site(analysis, (int)i, report_exit_leak);
	}
}

static void check_module_exit(struct analysis *analysis)
{
	if (analysis->tu->is_module && analysis->tu->module_exit >= 0)
		check_exit(analysis);
}

static void *start_init(struct analysis *analysis)
{
	return arena_alloc(&analysis->arena, sizeof(struct init_check));
}

/* Module init's failing returns: in the walk the other rules share. */
static bool wants_init(struct analysis *analysis, int function, void *data)
{
	const struct translation_unit *tu = analysis->tu;

	(void)data;
	return tu->is_module && function == tu->module_init &&
	       tu->functions[function].returns_value;
}

static const struct path_hook init_hook = {
	.start = start_init,
	.wants = wants_init,
	.observer = { .at_return = match_failing_return },
};

void register_module_leak(struct rule_hooks *hooks)
{
	add_path_hook(hooks, &init_hook);
	add_unit_hook(hooks, check_module_exit);
}
