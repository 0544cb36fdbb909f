// SPDX-License-Identifier: GPL-2.0
/*
 * The link step: the units of one module, read from their facts files,
 * merged into one model.  What single-file mode cannot see becomes plain
 * model: the destroy in another file is a call to a function with a body,
 * an instance declared `extern` here is the one defined there.  The rules
 * then run unchanged.
 *
 * One thing changes meaning: in one file, a call to a function the unit
 * cannot see may be another file of the module destroying or setting up
 * any instance with external linkage, so rules that need to know stay
 * silent.  In a whole module, a function that no unit defines belongs to
 * the rest of the kernel, which cannot name the module's instances: such a
 * call only touches the caches it is passed (reaches_only_arguments).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "facts_file.h"

struct linker {
	struct translation_unit *module;
	struct translation_unit *units;
	size_t count;
	int **instance_map; /* per unit: its instance -> the module's */
	int **function_map; /* per unit: its function -> the module's */
};

static int find_external_instance(const struct translation_unit *module,
				  const char *name)
{
	for (size_t i = 0; i < module->instance_count; i++)
		if (module->instances[i].external &&
		    !strcmp(module->instances[i].name, name))
			return (int)i;
	return -1;
}

static void merge_instances(struct linker *linker, size_t u)
{
	struct translation_unit *unit = &linker->units[u];
	struct translation_unit *module = linker->module;

	linker->instance_map[u] = calloc(unit->instance_count + 1, sizeof(int));
	CHECK(linker->instance_map[u] != NULL);
	for (size_t i = 0; i < unit->instance_count; i++) {
		const struct cache_instance *instance = &unit->instances[i];
		int merged =
			instance->external ?
				find_external_instance(module, instance->name) :
				-1;

		if (merged < 0) {
			merged = tu_add_instance(module, instance);
		} else if (module->instances[merged].is_extern &&
			   !instance->is_extern) {
			/* The definition says what the instance is. */
			module->instances[merged] = *instance;
		}
		linker->instance_map[u][i] = merged;
	}
}

static void merge_functions(struct linker *linker, size_t u)
{
	struct translation_unit *unit = &linker->units[u];
	struct translation_unit *module = linker->module;

	linker->function_map[u] = calloc(unit->function_count + 1, sizeof(int));
	CHECK(linker->function_map[u] != NULL);
	for (size_t f = 0; f < unit->function_count; f++) {
		int index = tu_add_function(module, unit->functions[f].name,
					    unit->functions[f].location);
		struct function_model *function = &module->functions[index];
		const char *name = function->name;

		*function = unit->functions[f];
		function->name = name;
		function->unit_file = unit->main_file;
		linker->function_map[u][f] = index;
	}
}

static int find_external_function(const struct translation_unit *module,
				  const char *name)
{
	for (size_t f = 0; f < module->function_count; f++)
		if (module->functions[f].external &&
		    !strcmp(module->functions[f].name, name))
			return (int)f;
	return -1;
}

/* The unit that lists the function as callable by other files, or -1. */
static int callable_unit(const struct linker *linker, const char *name)
{
	for (size_t u = 0; u < linker->count; u++)
		for (size_t i = 0; i < linker->units[u].callable_count; i++)
			if (!strcmp(linker->units[u].callable[i], name))
				return (int)u;
	return -1;
}

static bool callable_in_module(const struct linker *linker, const char *name)
{
	return callable_unit(linker, name) >= 0;
}

/*
 * A function of unit 'u' whose body its facts leave out, that calls out of
 * the unit: when none of the names it calls there is the module's, it
 * calls only the rest of the kernel, and touches only what it is passed
 * (spin_lock(), a static inline wrapper of _raw_spin_lock()).
 */
static bool calls_only_out_of_module(const struct linker *linker, size_t u,
				     const char *function)
{
	const struct translation_unit *unit = &linker->units[u];

	for (size_t i = 0; i < unit->calls_out_count; i++) {
		const struct calls_out *out = &unit->calls_out[i];

		if (strcmp(out->function, function))
			continue;
		for (size_t n = 0; n < out->count; n++)
			if (!out->names[n] ||
			    find_external_function(linker->module,
						   out->names[n]) >= 0 ||
			    callable_in_module(linker, out->names[n]))
				return false;
		return true;
	}
	return false;
}

static void resolve_call(struct linker *linker, size_t u, struct event *call)
{
	int owner;

	if (call->function >= 0) {
		call->function = linker->function_map[u][call->function];
		return;
	}
	if (call->function == FACTS_LOCAL_UNSEEN && !call->indirect &&
	    call->callee && !call->reaches_only_arguments &&
	    calls_only_out_of_module(linker, u, call->callee))
		call->reaches_only_arguments = true;
	if (call->function == FACTS_LOCAL_UNSEEN || call->indirect ||
	    !call->callee) {
		call->function = -1;
		return;
	}
	call->function = find_external_function(linker->module, call->callee);
	if (call->function >= 0)
		return;
	/*
	 * No unit holds its body: the rest of the kernel, or a function of
	 * another unit left out of its facts, which touches no cache of the
	 * module when all it calls out of its unit is the rest of the kernel
	 * (xfs's teardown helper that calls the kernel and destroys a
	 * dynamic cache).
	 */
	owner = callable_unit(linker, call->callee);
	if (owner < 0 ||
	    calls_only_out_of_module(linker, (size_t)owner, call->callee))
		call->reaches_only_arguments = true;
}

static void remap_cache(const struct linker *linker, size_t u,
			struct cache_ref *ref)
{
	if (ref->kind == CACHE_REF_INSTANCE)
		ref->index = linker->instance_map[u][ref->index];
}

static void remap_call(struct linker *linker, size_t u, struct event *call)
{
	for (size_t a = 0; a < call->argument_count; a++)
		remap_cache(linker, u, &call->arguments[a]);
	resolve_call(linker, u, call);
}

static void remap_events(struct linker *linker, size_t u,
			 struct function_model *function)
{
	for (size_t b = 0; b < function->block_count; b++)
		for (size_t e = 0; e < function->blocks[b].event_count; e++) {
			struct event *event = &function->blocks[b].events[e];

			if (event_has_cache(event->kind))
				remap_cache(linker, u, &event->cache);
			if (event->kind != EVENT_CALL)
				continue;
			remap_call(linker, u, event);
			/* Read from facts: the link owns the table's calls. */
			for (size_t t = 0;
			     event->table && t < event->table->count; t++)
				remap_call(linker, u,
					   (struct event *)&event->table
						   ->calls[t]);
		}
}

/* What the units say about the whole: the first one that knows. */
static void merge_unit_facts(struct translation_unit *module,
			     const struct translation_unit *unit)
{
	module->is_module |= unit->is_module;
	if (module->preallocated_bit < 0)
		module->preallocated_bit = unit->preallocated_bit;
	if (module->panic_bit < 0)
		module->panic_bit = unit->panic_bit;
	if (module->typesafe_by_rcu_bit < 0)
		module->typesafe_by_rcu_bit = unit->typesafe_by_rcu_bit;
	if (!module->pointer_size)
		module->pointer_size = unit->pointer_size;
	if (module->page_shift < 0) {
		module->page_shift = unit->page_shift;
		module->forced_max_order = unit->forced_max_order;
	}
	if (!module->kmem_cache_complete && unit->kmem_cache_complete) {
		module->kmem_cache_complete = true;
		module->kmem_cache_size = unit->kmem_cache_size;
		module->kmem_cache_align = unit->kmem_cache_align;
		module->kmem_cache_location = unit->kmem_cache_location;
	}
	if (!module->opaque_complete && unit->opaque_complete) {
		module->opaque_complete = true;
		module->opaque_size = unit->opaque_size;
		module->opaque_align = unit->opaque_align;
	}
}

void link_units(struct translation_unit *module, struct translation_unit *units,
		size_t count)
{
	struct linker linker = {
		.module = module,
		.units = units,
		.count = count,
		.instance_map = calloc(count + 1, sizeof(int *)),
		.function_map = calloc(count + 1, sizeof(int *)),
	};

	CHECK(linker.instance_map && linker.function_map);
	module->whole_module = true;
	module->lowered = true;
	for (size_t u = 0; u < count; u++) {
		merge_unit_facts(module, &units[u]);
		merge_instances(&linker, u);
		merge_functions(&linker, u);
	}
	for (size_t u = 0; u < count; u++) {
		const struct translation_unit *unit = &units[u];

		for (size_t f = 0; f < unit->function_count; f++)
			remap_events(
				&linker, u,
				&module->functions[linker.function_map[u][f]]);
		if (unit->module_init >= 0)
			module->module_init =
				linker.function_map[u][unit->module_init];
		if (unit->module_exit >= 0)
			module->module_exit =
				linker.function_map[u][unit->module_exit];
	}
	tu_index_functions(module);
	for (size_t u = 0; u < count; u++) {
		free(linker.instance_map[u]);
		free(linker.function_map[u]);
	}
	free(linker.instance_map);
	free(linker.function_map);
}
