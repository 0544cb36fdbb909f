// SPDX-License-Identifier: GPL-2.0
/*
 * What a front-end tells the core about a unit as a whole (types,
 * enumerators, macros, aliases), and which function bodies the core
 * wants to see.  The API names these are matched against live in api.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "check.h"
#include "model.h"

const char *const model_followed_macros[] = {
	API_MODULE_MACRO,
	API_PAGE_SHIFT_MACRO,
	API_FORCED_MAX_ORDER_MACRO,
	NULL,
};
const char *const model_followed_type_tags[] = {
	API_OPAQUE_TAG,
	API_CACHE_TAG,
	API_ARGS_TAG,
	NULL,
};
const char *const model_followed_enumerators[] = {
	API_PREALLOCATED_BIT_NAME,
	API_PANIC_BIT_NAME,
	API_TYPESAFE_BY_RCU_BIT_NAME,
	NULL,
};

static bool listed(const char *const *names, const char *name)
{
	for (int i = 0; name && names[i]; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

bool model_type_followed(const char *tag)
{
	return listed(model_followed_type_tags, tag);
}

bool model_macro_followed(const char *name)
{
	return name && api_lookup_macro(name) != NULL;
}

const char *model_macro_followed_at(size_t index)
{
	return api_macro_name(index);
}

bool model_call_followed(const char *name)
{
	return name && api_lookup(name) != NULL;
}

bool object_never_written(const struct object *object)
{
	if (object->is_volatile)
		return false;
	if (object->is_const)
		return true;
	return !object->automatic && !object->external && !object->is_extern &&
	       !object->written_in_unit;
}

void tu_describe_type(struct translation_unit *tu, const char *tag,
		      unsigned long size, unsigned long align,
		      struct source_location location)
{
	if (!tag)
		return;
	if (!strcmp(tag, API_OPAQUE_TAG)) {
		tu->opaque_complete = true;
		tu->opaque_size = size;
		tu->opaque_align = align;
	} else if (!strcmp(tag, API_CACHE_TAG)) {
		tu->kmem_cache_complete = true;
		tu->kmem_cache_size = size;
		tu->kmem_cache_align = align;
		tu->kmem_cache_location = location;
		tu->kmem_cache_location.file = tu_string(tu, location.file);
	}
}

void tu_describe_enumerator(struct translation_unit *tu, const char *name,
			    long long value)
{
	if (!name || value < 0 || value >= 64)
		return;
	if (!strcmp(name, API_PREALLOCATED_BIT_NAME))
		tu->preallocated_bit = (int)value;
	else if (!strcmp(name, API_PANIC_BIT_NAME))
		tu->panic_bit = (int)value;
	else if (!strcmp(name, API_TYPESAFE_BY_RCU_BIT_NAME))
		tu->typesafe_by_rcu_bit = (int)value;
}

void tu_describe_macro(struct translation_unit *tu, const char *name)
{
	if (name && !strcmp(name, API_MODULE_MACRO))
		tu->is_module = true;
}

void tu_describe_macro_token(struct translation_unit *tu, const char *name,
			     const char *spelling)
{
	char *end;
	long long value;

	if (!name || !spelling || !*spelling)
		return;
	/* A C integer literal: decimal, octal or hex, with a U or L suffix. */
	errno = 0;
	value = strtoll(spelling, &end, 0);
	end += strspn(end, "uUlL");
	/* Shifts a long can take: anything else is not a configuration. */
	if (errno || *end || value < 0 || value > 40)
		return;
	if (!strcmp(name, API_PAGE_SHIFT_MACRO))
		tu->page_shift = (int)value;
	else if (!strcmp(name, API_FORCED_MAX_ORDER_MACRO))
		tu->forced_max_order = (int)value;
}

bool tu_object_size_limit(const struct translation_unit *tu,
			  unsigned long *limit)
{
	int order = tu->forced_max_order >= 0 ? tu->forced_max_order :
						API_DEFAULT_MAX_PAGE_ORDER;

	if (tu->page_shift < 0 || tu->page_shift + order >= 63)
		return false;
	*limit = 1UL << (tu->page_shift + order);
	return true;
}

void tu_describe_pointer_size(struct translation_unit *tu, unsigned long size)
{
	/* Only a power of two can align anything. */
	if (size && !(size & (size - 1)))
		tu->pointer_size = size;
}

void tu_describe_alias(struct translation_unit *tu, const char *name,
		       const char *target)
{
	size_t capacity = tu->alias_count;

	if (!name || !target)
		return;
	/* Grow both arrays one slot at a time: units have few aliases. */
	tu->alias_names = arena_grow(&tu->arena, tu->alias_names,
				     capacity * sizeof(char *),
				     (capacity + 1) * sizeof(char *));
	tu->alias_targets = arena_grow(&tu->arena, tu->alias_targets,
				       capacity * sizeof(char *),
				       (capacity + 1) * sizeof(char *));
	tu->alias_names[capacity] = tu_string(tu, name);
	tu->alias_targets[capacity] = tu_string(tu, target);
	tu->alias_count++;
}

static const char *alias_target(const struct translation_unit *tu,
				const char *name)
{
	for (size_t i = 0; i < tu->alias_count; i++)
		if (!strcmp(tu->alias_names[i], name))
			return tu->alias_targets[i];
	return NULL;
}

static bool calls_api(const struct function_model *function)
{
	for (size_t i = 0; i < function->callee_count; i++) {
		const struct api_entry *api = api_lookup(function->callees[i]);

		/* Tests alone (IS_ERR, likely) do not make a function ours. */
		if (api && api->role != API_IS_ERROR &&
		    api->role != API_IS_ERROR_OR_NULL &&
		    api->role != API_PASS_THROUGH && api->role != API_ERRNO &&
		    api->role != API_ERRNO_OR_ZERO &&
		    api->role != API_HEAP_ALLOC)
			return true;
	}
	return false;
}

/*
 * The unit's call graph by index, resolved once: model_select() and its
 * passes go round it several times, and names are compared only here.
 */
struct call_graph {
	int **callees; /* per function, callee_count indexes, -1: not ours */
	bool *is_api;  /* the API's own inline helpers */
};

static void call_graph_build(const struct translation_unit *tu,
			     struct call_graph *graph)
{
	graph->callees = calloc(tu->function_count + 1, sizeof(int *));
	graph->is_api = calloc(tu->function_count + 1, sizeof(bool));
	CHECK(graph->callees && graph->is_api);
	for (size_t i = 0; i < tu->function_count; i++) {
		const struct function_model *function = &tu->functions[i];

		graph->is_api[i] = api_lookup(function->name) != NULL;
		graph->callees[i] =
			calloc(function->callee_count + 1, sizeof(int));
		CHECK(graph->callees[i] != NULL);
		for (size_t c = 0; c < function->callee_count; c++)
			graph->callees[i][c] =
				tu_find_function(tu, function->callees[c]);
	}
}

static void call_graph_release(const struct translation_unit *tu,
			       struct call_graph *graph)
{
	for (size_t i = 0; i < tu->function_count; i++)
		free(graph->callees[i]);
	free(graph->callees);
	free(graph->is_api);
}

/*
 * What module init and exit call, down to the calls that leave the unit:
 * another file of the module may destroy a cache there, and the link step
 * needs every body on the way to follow the call.
 */
static void want_reachable(struct translation_unit *tu,
			   const struct call_graph *graph, int function)
{
	struct function_model *fn;

	if (function < 0)
		return;
	fn = &tu->functions[function];
	if (fn->reached || graph->is_api[function])
		return;
	fn->reached = fn->wanted = true;
	for (size_t c = 0; c < fn->callee_count; c++)
		want_reachable(tu, graph, graph->callees[function][c]);
}

/*
 * Which functions call, themselves or below, a function the unit does not
 * define (the API aside: it touches only the caches it is passed).
 */
static void find_calls_out(struct translation_unit *tu,
			   const struct call_graph *graph)
{
	bool changed = true;

	for (size_t i = 0; i < tu->function_count; i++) {
		struct function_model *function = &tu->functions[i];

		for (size_t c = 0; c < function->callee_count; c++)
			if (graph->callees[i][c] < 0 &&
			    !api_lookup(function->callees[c]))
				function->leaves_unit = true;
	}
	while (changed) {
		changed = false;
		for (size_t i = 0; i < tu->function_count; i++) {
			struct function_model *function = &tu->functions[i];

			for (size_t c = 0; !function->leaves_unit &&
					   c < function->callee_count;
			     c++) {
				int callee = graph->callees[i][c];

				if (callee >= 0 &&
				    tu->functions[callee].leaves_unit) {
					function->leaves_unit = true;
					changed = true;
				}
			}
		}
	}
}

/*
 * The functions a call through a table may reach: those the table's
 * initializer holds in the field loaded, in any element (which element a
 * call loads is decided later, on the lowered code:
 * core/lowering/lower_table.c).
 */
static void add_table_callees(struct translation_unit *tu,
			      struct function_model *function)
{
	for (size_t r = 0; r < function->table_reference_count; r++) {
		const struct table_reference *reference =
			&function->table_references[r];
		const struct object *table;

		if (reference->object < 0 ||
		    (size_t)reference->object >= tu->object_count)
			continue;
		table = &tu->objects[reference->object];
		for (size_t e = 0; e < table->function_entry_count; e++) {
			const struct function_entry *entry =
				&table->function_entries[e];

			if (entry->field == reference->field ||
			    (entry->field && reference->field &&
			     !strcmp(entry->field, reference->field)))
				function_add_callee(tu, function,
						    entry->function);
		}
	}
}

void model_select(struct translation_unit *tu)
{
	const char *init = alias_target(tu, API_MODULE_INIT_ALIAS);
	const char *exit = alias_target(tu, API_MODULE_EXIT_ALIAS);
	struct call_graph graph;
	bool changed = true;

	for (size_t i = 0; i < tu->function_count; i++)
		add_table_callees(tu, &tu->functions[i]);
	tu_index_functions(tu);
	call_graph_build(tu, &graph);
	tu->module_init = init ? tu_find_function(tu, init) : -1;
	tu->module_exit = exit ? tu_find_function(tu, exit) : -1;
	for (size_t i = 0; i < tu->function_count; i++) {
		struct function_model *function = &tu->functions[i];

		/* The API's own inline helpers are the API, not its users. */
		if (graph.is_api[i])
			continue;
		function->wanted =
			function->mentions_followed || calls_api(function) ||
			(int)i == tu->module_init || (int)i == tu->module_exit;
	}
	/* Callers of wanted functions are wanted: summaries flow up. */
	while (changed) {
		changed = false;
		for (size_t i = 0; i < tu->function_count; i++) {
			struct function_model *function = &tu->functions[i];

			if (function->wanted || graph.is_api[i])
				continue;
			for (size_t c = 0; c < function->callee_count; c++) {
				int callee = graph.callees[i][c];

				if (callee >= 0 &&
				    tu->functions[callee].wanted) {
					function->wanted = true;
					changed = true;
					break;
				}
			}
		}
	}
	want_reachable(tu, &graph, tu->module_init);
	want_reachable(tu, &graph, tu->module_exit);
	find_calls_out(tu, &graph);
	call_graph_release(tu, &graph);
}
