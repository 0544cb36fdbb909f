// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-internal-flag: mm/ internals of static caches used outside mm/.
 *
 * SLAB_PREALLOCATED tells the slab core that the kmem_cache structure is not
 * its own to free; .preallocated and .owner of struct kmem_cache_args carry
 * the instance and the module kobject pinned while it lives.  The setup
 * helpers set all three consistently; a caller that sets one by hand gets a
 * cache that is freed into the wrong place or outlives its module.
 *
 * Bad:   kmem_cache_create("foo", sz, 0, SLAB_PREALLOCATED, NULL);
 * Good:  kmem_cache_setup(foo_cachep, "foo", sz, 0, 0, NULL);
 *
 * Confidence: high.  Files under the exempt paths (default mm/) are skipped.
 */
#include <string.h>

#include "analysis.h"
#include "api.h"

static bool path_is_exempt(const struct slabcheck_options *options,
			   const char *file)
{
	for (int i = 0; i < options->exempt_count; i++) {
		const char *path = options->exempt_paths[i];
		const char *found = strstr(file, path);

		/* A path matches at the start or after a '/'. */
		while (found) {
			if (found == file || found[-1] == '/')
				return true;
			found = strstr(found + 1, path);
		}
	}
	return false;
}

static bool passes_preallocated(const struct translation_unit *tu,
				const struct event *event)
{
	if (event->kind != EVENT_SETUP && event->kind != EVENT_CREATE)
		return false;
	if (!event->flags_known || tu->preallocated_bit < 0 ||
	    tu->preallocated_bit >= 64)
		return false;
	return event->flags >> tu->preallocated_bit & 1;
}

/*
 * mm/ may use its own internals.  In a linked module each function keeps
 * the file of the unit it came from.
 */
static bool exempt(const struct analysis *analysis,
		   const struct function_model *function)
{
	const char *file = function->unit_file ? function->unit_file :
						 analysis->tu->main_file;

	return path_is_exempt(analysis->options, file);
}

static void match_preallocated_flag(struct analysis *analysis,
				    const struct function_model *function,
				    const struct event *event)
{
	if (exempt(analysis, function) ||
	    !passes_preallocated(analysis->tu, event))
		return;
	analysis_report(analysis, event->location,
			"%s is internal to mm/ and must not be passed to '%s'",
			API_PREALLOCATED_FLAG_NAME, event->callee);
}

static void match_args_field(struct analysis *analysis,
			     const struct function_model *function,
			     const struct event *event)
{
	if (exempt(analysis, function) || event->from_api_macro ||
	    !api_is_reserved_args_field(event->field))
		return;
	analysis_report(analysis, event->location,
			"'.%s' of struct %s is set by hand; use the "
			"kmem_cache_setup() helpers",
			event->field, API_ARGS_TAG);
}

void register_internal_flag(struct rule_hooks *hooks)
{
	add_event_hook(hooks, EVENT_SETUP, match_preallocated_flag);
	add_event_hook(hooks, EVENT_CREATE, match_preallocated_flag);
	add_event_hook(hooks, EVENT_ARGS_FIELD, match_args_field);
}
