// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-resetup: a static cache set up while it may already be set up.
 *
 * A static kmem_cache instance can be set up once.  Setting it up again,
 * even after kmem_cache_destroy(), runs the constructor over a structure the
 * slab core may still reference (sysfs, a pinned module kobject), and the
 * preallocated instance is never freed, so nothing resets it in between.
 *
 * Bad:   kmem_cache_setup(foo_cachep, ...); ... kmem_cache_setup(foo_cachep,
 * ...); Good:  if (kmem_cache_setup(foo_cachep, ...)) retry_or_fail();
 *
 * Confidence: high.  Follows failed setups (non-zero int result, NULL or
 * IS_ERR pointer result), helpers and wrappers of the same file, loops and
 * goto unwinding; elements of an array indexed by a variable are left alone.
 */
#include "analysis.h"
#include "paths.h"

static const char message[] = "static cache '%s' may already be set up on "
			      "this path";

/*
 * The events before a second setup: the earlier setup, and the destroy in
 * between when the path destroyed it since (or before it set it up here).
 */
static void note_earlier(struct walk *walk, const struct path_state *state,
			 int slot, struct finding *finding, const char *name)
{
	walk_note_setup(walk, state, slot, finding, name);
	if (state_status(walk, state, slot) == SLOT_DESTROYED)
		walk_note_destroy(walk, state, slot, finding, name);
}

static void match_setup(struct walk *walk, const struct event *event,
			const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	const char *name;
	int slot;

	if (event->kind != EVENT_SETUP ||
	    event->cache.kind != CACHE_REF_INSTANCE)
		return;
	slot = walk_slot(walk, &event->cache);
	if (slot < 0 || !state_was_set_up(walk, state, slot))
		return;
	name = instance_ref_name(analysis, &event->cache);
	note_earlier(walk, state, slot,
		     analysis_report(analysis, event->location, message, name),
		     name);
}

/*
 * A helper that destroys the cache and sets it up again is reported in its
 * own body, where its walk cannot see the earlier setup: the caller's path
 * adds it, with the call, to that finding (report_finish() keeps the one
 * with the most events, and drops these when the helper reported none).
 */
static void add_caller_events(struct walk *walk, const struct event *call,
			      const struct effect *effect, int slot,
			      const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	const struct event *setup = effect->setup_site;
	const char *name =
		instance_ref_name(analysis, walk_slot_ref(walk, slot));
	struct finding *finding;

	if (!setup || setup->kind != EVENT_SETUP ||
	    setup->cache.kind != CACHE_REF_INSTANCE)
		return;
	finding = analysis_report(analysis, setup->location, message, name);
	finding->events_only = true;
	note_earlier(walk, state, slot, finding, name);
	report_step(finding, call->location,
		    "'%s' destroys '%s' and sets it up again, called here",
		    call->callee, name);
	walk_note_effect_destroy(effect, finding, name);
}

/* A helper that sets up, even after destroying first, or tries to. */
static bool effect_sets_up(const struct effect *effect)
{
	return effect->first == FIRST_SETUP || effect->final == FINAL_SET ||
	       effect->final == FINAL_PENDING_ON_RETURN ||
	       effect->final == FINAL_UNSET;
}

static void match_helper_setup(struct walk *walk, const struct event *call,
			       const struct effect *effect, int slot,
			       const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	const struct cache_ref *ref = walk_slot_ref(walk, slot);
	const char *name;
	struct finding *finding;

	/*
	 * Set up under a flag the first call may have set: cannot tell.  A
	 * helper that destroys before it sets up is reported in its own
	 * body, at that setup: the destroy shows it was set up before.
	 */
	if (!effect_sets_up(effect) || effect->guarded ||
	    ref->kind != CACHE_REF_INSTANCE ||
	    !state_was_set_up(walk, state, slot))
		return;
	if (effect->first == FIRST_DESTROY) {
		add_caller_events(walk, call, effect, slot, state);
		return;
	}
	name = instance_ref_name(analysis, ref);
	finding = analysis_report(analysis, call->location,
				  "static cache '%s' may already be set up on "
				  "this path (set up again in '%s')",
				  name,
				  analysis->tu->functions[call->function].name);
	note_earlier(walk, state, slot, finding, name);
	walk_note_effect_setup(effect, finding, name);
}

static bool is_setup(const struct event *event)
{
	return event->kind == EVENT_SETUP;
}

static void *start(struct analysis *analysis)
{
	return arena_alloc(&analysis->arena, analysis->tu->function_count + 1);
}

/*
 * Only setups, direct or in helpers of the unit (called by name or through
 * a table, at any depth), can set up again, and only instances are
 * reported: a unit full of calls and without a setup walks nothing.
 */
static bool wants(struct analysis *analysis, int function, void *data)
{
	return analysis->tu->instance_count &&
	       function_reaches_event(analysis->tu, data, function, is_setup);
}

static const struct path_hook path_hook = {
	.start = start,
	.wants = wants,
	.observer = {
		.before_event = match_setup,
		.before_effect = match_helper_setup,
	},
};

void register_resetup(struct rule_hooks *hooks)
{
	add_path_hook(hooks, &path_hook);
}
