// SPDX-License-Identifier: GPL-2.0
/*
 * Facts files: which functions of a unit they hold (core/link/facts_write.c
 * prints them).  A module can need little of a big unit, and every body
 * written costs the compile: this decides what goes.
 */
#include "facts_file.h"

/* Whether an event names a cache: an instance, or a parameter. */
static bool names_cache(const struct event *event)
{
	if (event_has_cache(event->kind))
		return event->cache.kind != CACHE_REF_NONE;
	if (event->kind != EVENT_CALL)
		return false;
	/* Tables are rare, and their functions are what module exits run. */
	if (event->table)
		return true;
	/*
	 * Every parameter passed on is a possible cache to the lowering; one
	 * matters only if the callee is written (the fixed point below).
	 */
	for (size_t i = 0; i < event->argument_count; i++)
		if (event->arguments[i].kind == CACHE_REF_INSTANCE)
			return true;
	return false;
}

static void mark_reachable(const struct translation_unit *tu, bool *written,
			   int function);

/* A call's function, or every function of the table it goes through. */
static void mark_calls(const struct translation_unit *tu, bool *written,
		       const struct event *call)
{
	mark_reachable(tu, written, call->function);
	for (size_t i = 0; call->table && i < call->table->count; i++)
		mark_reachable(tu, written, call->table->calls[i].function);
}

static void mark_reachable(const struct translation_unit *tu, bool *written,
			   int function)
{
	const struct function_model *fn;

	if (function < 0 || written[function])
		return;
	fn = &tu->functions[function];
	written[function] = fn->lowered && fn->block_count;
	for (size_t b = 0; b < fn->block_count; b++)
		for (size_t e = 0; e < fn->blocks[b].event_count; e++)
			if (fn->blocks[b].events[e].kind == EVENT_CALL)
				mark_calls(tu, written,
					   &fn->blocks[b].events[e]);
}

/*
 * What the link step needs of the unit: the bodies that name a cache
 * (an instance, or a cache they are passed), those that call them, and
 * all that module init and exit reach.  The rest touches no cache in any
 * module: calls to it reach only their arguments, unless it calls out of
 * the unit.  Most of a big unit that uses dynamic caches goes.
 */
void facts_file_select(const struct translation_unit *tu, bool *written,
		       bool *leaves)
{
	bool changed = true;

	mark_reachable(tu, written, tu->module_init);
	mark_reachable(tu, written, tu->module_exit);
	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *fn = &tu->functions[f];

		if (!fn->lowered || !fn->block_count || written[f])
			continue;
		for (size_t b = 0; !written[f] && b < fn->block_count; b++)
			for (size_t e = 0; e < fn->blocks[b].event_count; e++)
				if (names_cache(&fn->blocks[b].events[e]))
					written[f] = true;
	}
	while (changed) {
		changed = false;
		for (size_t f = 0; f < tu->function_count; f++) {
			const struct function_model *fn = &tu->functions[f];

			for (size_t b = 0; b < fn->block_count; b++)
				for (size_t e = 0;
				     e < fn->blocks[b].event_count; e++) {
					const struct event *event =
						&fn->blocks[b].events[e];
					int callee = event->function;

					if (event->kind != EVENT_CALL)
						continue;
					if (callee >= 0 && written[callee] &&
					    !written[f] && fn->lowered) {
						written[f] = changed = true;
					}
					if (!leaves[f] &&
					    ((callee < 0 &&
					      !event->reaches_only_arguments) ||
					     (callee >= 0 && leaves[callee]))) {
						leaves[f] = changed = true;
					}
				}
		}
	}
}
