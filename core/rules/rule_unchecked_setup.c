// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-unchecked-setup: a setup that can fail, whose failure nobody
 * notices.
 *
 * A failed setup leaves the instance as it was: zeroed.  The pointer to
 * it still looks like a cache, so nothing stops the first allocation, which
 * then crashes inside the slab core.  A setup can fail unless its flags
 * carry SLAB_PANIC (the slab core panics instead).  Four shapes are
 * reported: the result is thrown away (the call is a statement of its
 * own); it is assigned but nothing ever reads it (overwritten by the next
 * call's result, or dropped); the pointer a setup macro returns is only
 * tested with IS_ERR() or PTR_ERR_OR_ZERO(), which its failure, NULL
 * (__kmem_cache_create_args() returns no error pointer), gets past; and a
 * path where the setup is known to have failed goes on to use the cache
 * (a failure that is logged and then ignored).
 *
 * Bad:   kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL);
 *        err = kmem_cache_setup(...); err = register_foo(); if (err) ...
 * Good:  err = kmem_cache_setup(...); if (err) return err;
 *        or SLAB_PANIC in the flags for boot-time caches.
 *
 * Confidence: high.  A result that anything reads (a test, a return, a
 * copy, an argument, a store to memory, an asm) is not "never read", even
 * when what reads it ignores it; flags that are not known at compile time
 * and uses in helpers are not judged.
 */
#include "analysis.h"
#include "paths.h"

static bool may_fail(const struct analysis *analysis, const struct event *setup)
{
	int panic = analysis->tu->panic_bit;

	/* Without the flags, or without knowing SLAB_PANIC, nobody can say. */
	if (!setup->flags_known || panic < 0 || panic >= 64)
		return false;
	return !(setup->flags >> panic & 1);
}

static void match_ignored(struct analysis *analysis,
			  const struct function_model *function,
			  const struct event *event)
{
	(void)function;
	if (event->cache.kind != CACHE_REF_INSTANCE ||
	    !may_fail(analysis, event))
		return;
	if (event->result.kind == VALUE_UNKNOWN)
		analysis_report(analysis, event->location,
				"the result of '%s' is ignored: if it fails, "
				"static cache '%s' stays zeroed and its first "
				"use crashes",
				event->callee,
				instance_ref_name(analysis, &event->cache));
	else if (event->result_unread)
		analysis_report(analysis, event->location,
				"the result of '%s' is assigned but never "
				"read: if it fails, static cache '%s' stays "
				"zeroed and its first use crashes",
				event->callee,
				instance_ref_name(analysis, &event->cache));
	else if (event->result_error_pointer_only)
		analysis_report(analysis, event->location,
				"the result of '%s' is only tested for an "
				"error pointer: it fails with NULL, so static "
				"cache '%s' stays zeroed and its first use "
				"crashes",
				event->callee,
				instance_ref_name(analysis, &event->cache));
}

static bool uses_cache(const struct event *event)
{
	return (event->kind == EVENT_ALLOC || event->kind == EVENT_FREE ||
		event->kind == EVENT_USE) &&
	       event->cache.kind == CACHE_REF_INSTANCE;
}

static void match_use_after_failure(struct walk *walk,
				    const struct event *event,
				    const struct path_state *state)
{
	struct analysis *analysis = walk_analysis(walk);
	const struct event *setup;
	struct finding *finding;
	int slot;

	if (!uses_cache(event))
		return;
	slot = walk_slot(walk, &event->cache);
	if (slot < 0 || state_status(walk, state, slot) != SLOT_UNSET)
		return;
	setup = state_setup_site(walk, state, slot);
	if (!setup || setup->kind != EVENT_SETUP || !may_fail(analysis, setup))
		return;
	finding = analysis_report(analysis, event->location,
				  "static cache '%s' is passed to '%s' on a "
				  "path where its setup failed",
				  instance_ref_name(analysis, &event->cache),
				  event->callee);
	report_note(finding, setup->location, "the setup that failed");
}

static bool is_setup(const struct event *event)
{
	return event->kind == EVENT_SETUP;
}

static bool wants(struct analysis *analysis, int function, void *data)
{
	const struct function_model *model = &analysis->tu->functions[function];

	(void)data;
	return function_has_event(model, is_setup) &&
	       function_has_event(model, uses_cache);
}

static const struct path_hook path_hook = {
	.wants = wants,
	.observer = { .before_event = match_use_after_failure },
};

void register_unchecked_setup(struct rule_hooks *hooks)
{
	add_event_hook(hooks, EVENT_SETUP, match_ignored);
	add_path_hook(hooks, &path_hook);
}
