// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-size-mismatch: memory of a static cache used as something it is not.
 *
 * A cache hands out objects of the size it was set up with: storing a larger
 * struct in one overruns the next object.  to_kmem_cache() on storage that
 * is not a struct kmem_cache_opaque makes the slab core write a whole
 * struct kmem_cache over it.  And struct kmem_cache_opaque is only safe while
 * its size and alignment are those of struct kmem_cache.
 *
 * Bad:   KMEM_CACHE_SETUP(foo_cachep, foo, 0);
 *        struct big *b = kmem_cache_alloc(foo_cachep, GFP_KERNEL);
 * Good:  allocate struct big from a cache set up for struct big.
 *
 * Confidence: high for sizes the compiler folds to constants; an instance
 * set up with different sizes in one file, or not set up here, is skipped.
 */
#include "analysis.h"

/*
 * The one object size the unit sets the instance up with, or 0; '*at' is
 * the first setup that says so.
 */
static unsigned long setup_size(const struct translation_unit *tu,
				const struct cache_ref *ref,
				struct source_location *at)
{
	unsigned long size = 0;

	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *fn = &tu->functions[f];

		for (size_t b = 0; b < fn->block_count; b++) {
			const struct block *block = &fn->blocks[b];

			for (size_t e = 0; e < block->event_count; e++) {
				const struct event *event = &block->events[e];

				if (event->kind != EVENT_SETUP ||
				    event->cache.kind != CACHE_REF_INSTANCE ||
				    event->cache.index != ref->index)
					continue;
				if (!event->size ||
				    (size && size != event->size))
					return 0;
				if (!size)
					*at = event->location;
				size = event->size;
			}
		}
	}
	return size;
}

static void match_object(struct analysis *analysis,
			 const struct function_model *function,
			 const struct event *event)
{
	(void)function;
	unsigned long expected;
	struct source_location setup_at = { 0 };
	struct finding *finding;
	const char *name;
	bool bad;

	if (event->cache.kind != CACHE_REF_INSTANCE || !event->size ||
	    !event->type_name)
		return;
	expected = setup_size(analysis->tu, &event->cache, &setup_at);
	if (!expected)
		return;
	bad = analysis->options->strict_size ? event->size != expected :
					       event->size > expected;
	if (!bad)
		return;
	name = instance_ref_name(analysis, &event->cache);
	finding =
		analysis_report(analysis, event->location,
				"'%s' (%lu bytes) does not fit static cache "
				"'%s' (%lu-byte objects)",
				event->type_name, event->size, name, expected);
	report_note(finding, setup_at,
		    "'%s' is set up for %lu-byte objects here", name, expected);
}

static void match_cast(struct analysis *analysis,
		       const struct function_model *function,
		       const struct event *event)
{
	(void)function;
	if (event->storage_is_opaque || event->storage_is_cache)
		return;
	analysis_report(analysis, event->location,
			"'%s' is not a struct kmem_cache_opaque",
			event->storage_name);
}

static void check_layout(struct analysis *analysis)
{
	const struct translation_unit *tu = analysis->tu;

	if (!tu->kmem_cache_complete || !tu->opaque_complete)
		return;
	if (tu->kmem_cache_size == tu->opaque_size &&
	    tu->kmem_cache_align == tu->opaque_align)
		return;
	analysis_report(
		analysis, tu->kmem_cache_location,
		"struct kmem_cache (%lu bytes, aligned to %lu) does not "
		"match struct kmem_cache_opaque (%lu bytes, aligned "
		"to %lu)",
		tu->kmem_cache_size, tu->kmem_cache_align, tu->opaque_size,
		tu->opaque_align);
}

void register_size_mismatch(struct rule_hooks *hooks)
{
	add_event_hook(hooks, EVENT_ALLOC, match_object);
	add_event_hook(hooks, EVENT_FREE, match_object);
	add_event_hook(hooks, EVENT_CACHE_CAST, match_cast);
	add_unit_hook(hooks, check_layout);
}
