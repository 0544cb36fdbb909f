// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-storage: a struct kmem_cache_opaque that cannot hold a live cache.
 *
 * The slab core keeps a set-up cache on its global list and writes to it for
 * as long as the cache lives.  A local instance dies with its stack frame;
 * a const, __ro_after_init or __initdata one is read-only or freed after boot;
 * a copy is a second, unregistered cache the core knows nothing of.
 *
 * Bad:   static struct kmem_cache_opaque foo_cache __ro_after_init;
 * Good:  static struct kmem_cache_opaque foo_cache;
 *
 * Confidence: high.
 */
#include <string.h>

#include "analysis.h"

/* Sections that are read-only after boot, or freed after init. */
static bool section_is_unsafe(const char *section)
{
	static const char *const patterns[] = {
		"ro_after_init",
		".init",
		".exit.",
		"rodata",
	};

	for (size_t i = 0; i < sizeof(patterns) / sizeof(patterns[0]); i++)
		if (strstr(section, patterns[i]))
			return true;
	return false;
}

static void match_instance(struct analysis *analysis,
			   const struct cache_instance *instance)
{
	if (instance->automatic) {
		analysis_report(analysis, instance->location,
				"static cache '%s' has automatic storage "
				"duration",
				instance->name);
		return;
	}
	if (instance->section && section_is_unsafe(instance->section)) {
		/* The model has no place for the attribute: no event to add. */
		analysis_report(analysis, instance->location,
				"static cache '%s' is in read-only or init "
				"memory (section '%s')",
				instance->name, instance->section);
		return;
	}
	if (instance->is_const)
		analysis_report(analysis, instance->location,
				"static cache '%s' is const", instance->name);
}

static void match_copy(struct analysis *analysis,
		       const struct function_model *function,
		       const struct event *event)
{
	const struct cache_instance *instance = NULL;
	struct finding *finding;
	int index;

	(void)function;
	finding = analysis_report(analysis, event->location,
				  "static cache '%s' is copied by value",
				  event->storage_name);
	index = event->storage_name ?
			tu_find_instance(analysis->tu, event->storage_name) :
			-1;
	if (index >= 0)
		instance = &analysis->tu->instances[index];
	/* The cache the copy is of: the slab core knows that one only. */
	if (instance && instance->location.line)
		report_note(finding, instance->location, "'%s' is %s here",
			    event->storage_name,
			    instance->is_extern ? "declared" : "defined");
}

static void match_heap(struct analysis *analysis,
		       const struct function_model *function,
		       const struct event *event)
{
	(void)function;
	analysis_report(analysis, event->location,
			"static cache storage '%s' is in memory from '%s', not "
			"static: freeing it frees a live cache",
			event->storage_name, event->callee);
}

void register_storage(struct rule_hooks *hooks)
{
	add_event_hook(hooks, EVENT_HEAP_STORAGE, match_heap);
	add_instance_hook(hooks, match_instance);
	add_event_hook(hooks, EVENT_COPY, match_copy);
}
