// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-use-after-destroy: a static cache used after it was destroyed.
 *
 * kmem_cache_destroy() of a static instance tears the cache down but
 * leaves its storage in place; nothing stops code from handing that
 * storage to the allocator again.  An allocation, a free, a size query, a
 * shrink, a bulk operation or a second destroy then works on a cache the
 * slab core has dropped from its lists: freed per-CPU and per-node data,
 * and, for a free, an object whose slab page is gone.  Setting the cache
 * up again in between makes it a new cache, which is fine.
 *
 * Bad:   kmem_cache_destroy(foo_cachep); ... kmem_cache_free(foo_cachep, p);
 * Good:  drain the lists first, then kmem_cache_destroy(foo_cachep).
 *
 * Confidence: high on the paths the engine follows.  Destroys and uses in
 * helpers are seen: a helper called after the destroy is walked with the
 * cache destroyed at its entry, and its own paths decide (in a linked
 * module, helpers of other files too).  Caches reached through pointers
 * the model does not follow are not seen.
 */
#include <string.h>

#include "analysis.h"
#include "paths.h"

static bool uses_cache(const struct event *event)
{
	switch (event->kind) {
	case EVENT_ALLOC:
	case EVENT_FREE:
	case EVENT_USE:
	case EVENT_DESTROY:
		return event->cache.kind == CACHE_REF_INSTANCE;
	default:
		return false;
	}
}

struct use_check {
	/* Per function and instance: walked with it destroyed at entry. */
	bool *walked;
	/*
	 * In such a walk: the destroy that happened before, in the caller
	 * (with the effect of the helper it came through), and the call.
	 */
	const struct event *outer_destroy;
	const struct effect *outer_inner;
	const struct event *outer_call;
	/* Per function: whether it reaches a destroy (wants()). */
	unsigned char *destroys;
};

static void walk_helper(struct walk *walk, const struct event *call,
			const struct path_state *state);

static void match_use(struct walk *walk, const struct event *event,
		      const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	struct use_check *check = walk_data(walk);
	const struct event *destroy;
	struct finding *finding;
	const char *name;
	int slot;

	if (event->kind == EVENT_CALL && event->function >= 0) {
		walk_helper(walk, event, state);
		return;
	}
	if (!uses_cache(event))
		return;
	slot = walk_slot(walk, &event->cache);
	if (slot < 0 || state_status(walk, state, slot) != SLOT_DESTROYED)
		return;
	destroy = state_setup_site(walk, state, slot);
	if (!destroy && !check->outer_destroy)
		return;
	name = instance_ref_name(analysis, &event->cache);
	finding = analysis_report(analysis, event->location,
				  "static cache '%s' is passed to '%s' after "
				  "it was destroyed on this path",
				  name, event->callee);
	if (destroy) {
		if (!walk_note_destroy(walk, state, slot, finding, name))
			report_note(finding, destroy->location,
				    "'%s' is destroyed here", name);
		return;
	}
	/* Destroyed in the caller, before it called this helper. */
	walk_note_site_destroy(check->outer_destroy, check->outer_inner,
			       finding, name);
	/* What ties the use to this path: kept in the short path too. */
	report_note(finding, check->outer_call->location,
		    "'%s' is called after the destroy",
		    check->outer_call->callee);
}

/*
 * A helper called while an instance is destroyed: its own paths decide
 * whether it uses the cache.  Each helper is walked once per instance.
 */
static void walk_helper(struct walk *walk, const struct event *call,
			const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	const struct translation_unit *tu = analysis->tu;
	struct use_check *check = walk_data(walk);
	const struct walk_observer observer = {
		.before_event = match_use,
		.data = check,
	};
	const struct event *saved_destroy = check->outer_destroy;
	const struct effect *saved_inner = check->outer_inner;
	const struct event *saved_call = check->outer_call;
	bool *destroyed = arena_alloc(&analysis->arena, tu->instance_count + 1);

	for (int slot = 0; slot < walk_slot_count(walk); slot++) {
		const struct cache_ref *ref = walk_slot_ref(walk, slot);
		const struct event *destroy;
		bool *walked;

		if (ref->kind != CACHE_REF_INSTANCE ||
		    ref->element != ELEMENT_WHOLE ||
		    state_status(walk, state, slot) != SLOT_DESTROYED)
			continue;
		walked = &check->walked[(size_t)call->function *
						tu->instance_count +
					(size_t)ref->index];
		destroy = state_setup_site(walk, state, slot);
		if (*walked || (!destroy && !check->outer_destroy))
			continue;
		*walked = true;
		memset(destroyed, 0, tu->instance_count);
		destroyed[ref->index] = true;
		if (destroy) {
			check->outer_destroy = state_last_destroy(
				walk, state, slot, &check->outer_inner);
			if (!check->outer_destroy) {
				check->outer_destroy = destroy;
				check->outer_inner = NULL;
			}
			check->outer_call = call;
		}
		walk_function_destroyed(analysis, call->function, &observer,
					destroyed);
		check->outer_destroy = saved_destroy;
		check->outer_inner = saved_inner;
		check->outer_call = saved_call;
	}
}

/*
 * A destroy of a cache the walk can follow (an instance, or one the
 * function is passed).  Only functions that reach one, themselves or in a
 * helper, are walked: units full of dynamic caches have many calls and no
 * such destroy.
 */
static bool destroys_followed(const struct event *event)
{
	return event->kind == EVENT_DESTROY &&
	       event->cache.kind != CACHE_REF_NONE;
}

static void *start(struct analysis *analysis)
{
	const struct translation_unit *tu = analysis->tu;
	struct use_check *check = arena_alloc(&analysis->arena, sizeof(*check));

	check->walked = arena_alloc(
		&analysis->arena, tu->function_count * tu->instance_count + 1);
	check->destroys = arena_alloc(&analysis->arena, tu->function_count + 1);
	return check;
}

/* Helpers that use the cache are walked from their callers. */
static bool wants(struct analysis *analysis, int function, void *data)
{
	struct use_check *check = data;

	return analysis->tu->instance_count &&
	       function_reaches_event(analysis->tu, check->destroys, function,
				      destroys_followed);
}

static const struct path_hook path_hook = {
	.start = start,
	.wants = wants,
	.observer = { .before_event = match_use },
};

void register_use_after_destroy(struct rule_hooks *hooks)
{
	add_path_hook(hooks, &path_hook);
}
