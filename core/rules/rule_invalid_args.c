// SPDX-License-Identifier: GPL-2.0
/*
 * kmem-invalid-args: setup arguments, known at compile time, that make the
 * setup fail or build a cache other than the one asked for.
 *
 * The slab core checks some of these only under CONFIG_DEBUG_VM, warns
 * about others once and carries on with something else (a usercopy region
 * outside the object is dropped, so hardened usercopy then refuses every
 * copy), and rounds object sizes with ALIGN(), which assumes a power of
 * two.  A static cache is set up once, at init: the mistake shows on the
 * first machine that runs it, or never.
 *
 * Bad:   kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 24, 0, NULL);
 * Good:  kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 32, 0, NULL);
 *
 * Confidence: high; only constants are judged (sizeof, offsetof, literal
 * numbers, compound literals of the setup macros).  The largest object
 * size is the configuration's (its page shift and MAX_PAGE_ORDER, from the
 * unit's macros): a unit that does not show them is not judged on size.
 * A free pointer (freeptr_t) wraps an unsigned long, as wide as a pointer
 * in the kernel: its offset is judged against the target's pointer size,
 * as the front-end read it from the unit.
 */
#include "analysis.h"
#include "api.h"

static const char *cache_name(struct analysis *analysis,
			      const struct event *event)
{
	return instance_ref_name(analysis, &event->cache);
}

static bool has_flag(const struct event *event, int bit)
{
	return event->flags_known && bit >= 0 && bit < 64 &&
	       (event->flags >> bit & 1);
}

static void check_region(struct analysis *analysis, const struct event *event,
			 const struct setup_parameters *parameters)
{
	long long offset = parameters->useroffset.value;
	long long size = parameters->usersize.value;

	if (!parameters->useroffset.known || !parameters->usersize.known)
		return;
	if (!size && offset) {
		analysis_report(
			analysis, event->location,
			"static cache '%s': a usercopy offset (%lld) "
			"without a usercopy size; the region is dropped",
			cache_name(analysis, event), offset);
		return;
	}
	if (event->size && size && offset + size > (long long)event->size)
		analysis_report(
			analysis, event->location,
			"static cache '%s': the usercopy region (offset "
			"%lld, %lld bytes) does not fit in %lu-byte "
			"objects; the region is dropped",
			cache_name(analysis, event), offset, size, event->size);
}

static void check_free_pointer(struct analysis *analysis,
			       const struct event *event,
			       const struct setup_parameters *parameters)
{
	long long offset = parameters->freeptr_offset.value;
	const char *why = NULL;

	if (!parameters->use_freeptr_offset.known ||
	    !parameters->use_freeptr_offset.value ||
	    !parameters->freeptr_offset.known)
		return;
	if (event->size && offset >= (long long)event->size)
		why = "is not inside the object";
	else if (analysis->tu->pointer_size &&
		 offset % (long long)analysis->tu->pointer_size)
		why = "is not aligned to a pointer";
	else if (event->flags_known && analysis->tu->typesafe_by_rcu_bit >= 0 &&
		 !has_flag(event, analysis->tu->typesafe_by_rcu_bit))
		why = "is given without SLAB_TYPESAFE_BY_RCU";
	if (why)
		analysis_report(analysis, event->location,
				"static cache '%s': the free pointer offset "
				"%lld %s; the setup fails",
				cache_name(analysis, event), offset, why);
}

static void match_setup(struct analysis *analysis,
			const struct function_model *function,
			const struct event *event)
{
	const struct setup_parameters *parameters = event->parameters;
	unsigned long size_limit;
	long long align;

	(void)function;
	if (!parameters || event->cache.kind != CACHE_REF_INSTANCE)
		return;
	if (parameters->name_is_null)
		analysis_report(analysis, event->location,
				"static cache '%s' is set up without a name; "
				"the setup fails or crashes in sysfs",
				cache_name(analysis, event));
	if (parameters->size.known && !parameters->size.value)
		analysis_report(analysis, event->location,
				"static cache '%s' is set up with an object "
				"size of 0; the setup fails",
				cache_name(analysis, event));
	if (tu_object_size_limit(analysis->tu, &size_limit) &&
	    event->size > size_limit)
		analysis_report(analysis, event->location,
				"static cache '%s': objects of %lu bytes are "
				"larger than the slab allocator's largest "
				"(%lu); the setup fails",
				cache_name(analysis, event), event->size,
				size_limit);
	align = parameters->align.value;
	if (parameters->align.known && align && (align & (align - 1)))
		analysis_report(
			analysis, event->location,
			"static cache '%s': the alignment %lld is not a "
			"power of two; object sizes are rounded as if "
			"it were",
			cache_name(analysis, event), align);
	check_region(analysis, event, parameters);
	check_free_pointer(analysis, event, parameters);
}

void register_invalid_args(struct rule_hooks *hooks)
{
	add_event_hook(hooks, EVENT_SETUP, match_setup);
}
