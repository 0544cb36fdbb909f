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
 * Confidence: high on the paths the engine follows (destroys in helpers of
 * the same file included); uses inside helpers, and caches reached
 * through pointers the model does not follow, are not seen.
 */
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

static void match_use(struct walk *walk, const struct event *event,
		      const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	const struct event *destroy;
	struct finding *finding;
	int slot;

	if (!uses_cache(event))
		return;
	slot = walk_slot(walk, &event->cache);
	if (slot < 0 || state_status(walk, state, slot) != SLOT_DESTROYED)
		return;
	destroy = state_setup_site(walk, state, slot);
	if (!destroy)
		return;
	finding = analysis_report(analysis, event->location,
				  "static cache '%s' is passed to '%s' after "
				  "it was destroyed on this path",
				  instance_ref_name(analysis, &event->cache),
				  event->callee);
	if (destroy->kind == EVENT_CALL)
		report_note(finding, destroy->location,
			    "destroyed in '%s', called here", destroy->callee);
	else
		report_note(finding, destroy->location, "destroyed here");
}

/* A destroy, here or in a helper of the unit (by name or by table). */
static bool may_destroy(const struct event *event)
{
	return event->kind == EVENT_DESTROY ||
	       (event->kind == EVENT_CALL &&
		(event->function >= 0 || event->table));
}

static void check_every_function(struct analysis *analysis)
{
	const struct walk_observer observer = {
		.before_event = match_use,
	};

	for (size_t i = 0; i < analysis->tu->function_count; i++) {
		const struct function_model *function =
			&analysis->tu->functions[i];

		if (function_has_event(function, uses_cache) &&
		    function_has_event(function, may_destroy))
			walk_function(analysis, (int)i, &observer, NULL);
	}
}

void register_use_after_destroy(struct rule_hooks *hooks)
{
	add_unit_hook(hooks, check_every_function);
}
