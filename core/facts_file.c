// SPDX-License-Identifier: GPL-2.0
/*
 * Facts files: what one translation unit tells the link step (core/link.c),
 * written by a front-end after its unit is lowered and read back by
 * `slabcheck link`.  They hold the lowered model of the functions the core
 * wanted (events, tests, phis, edges), the unit's instances, its module
 * init and exit, the layout facts the rules use, and the names of every
 * function of the unit that other files can call.  Rules run on the merged
 * model exactly as on one unit: nothing is summarized away, so a rule needs
 * no separate cross-file logic.
 *
 * The format is JSON, written and read with jansson, and versioned: a reader
 * refuses a version it does not know.  docs/link.md describes it.
 */
#define _GNU_SOURCE /* asprintf, mkstemps */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "facts_file.h"
#include "slabcheck.h"

#define FACTS_FORMAT "slabcheck-facts"
#define FACTS_VERSION 1

static const char *const exit_names[] = {
	[EXIT_JUMP] = "jump", [EXIT_BRANCH] = "branch",
	[EXIT_TEST] = "test", [EXIT_RETURN] = "return",
	[EXIT_NONE] = "none",
};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static int name_index(const char *const *names, size_t count, const char *name)
{
	for (size_t i = 0; name && i < count; i++)
		if (names[i] && !strcmp(names[i], name))
			return (int)i;
	return -1;
}

/* ------------------------------------------------------------ writing */

/* File names repeat in every location: each is written once. */
struct writer {
	const struct translation_unit *tu;
	json_t *files;
	json_t *file_indexes; /* name -> index in files */
	/* Index in the facts' function list, or -1: not written. */
	int *written_index;
	/* Not written, and calls out of the unit: "may do anything". */
	bool *leaves;
	/* Per value of the function being written: something reads it. */
	bool *read;
};

static json_int_t file_index(struct writer *writer, const char *file)
{
	json_t *known;
	json_int_t index;

	if (!file)
		file = "";
	known = json_object_get(writer->file_indexes, file);
	if (known)
		return json_integer_value(known);
	index = (json_int_t)json_array_size(writer->files);
	json_array_append_new(writer->files, json_string(file));
	json_object_set_new(writer->file_indexes, file, json_integer(index));
	return index;
}

static json_t *location_json(struct writer *writer,
			     const struct source_location *at)
{
	return json_pack("[I, i, i]", file_index(writer, at->file),
			 (int)at->line, (int)at->column);
}

static json_t *value_json(struct value value)
{
	switch (value.kind) {
	case VALUE_ID:
		return json_integer(value.id);
	case VALUE_CONSTANT:
		return json_pack("{s:I}", "constant",
				 (json_int_t)value.constant);
	default:
		return json_null();
	}
}

static json_t *cache_ref_json(const struct cache_ref *ref)
{
	switch (ref->kind) {
	case CACHE_REF_INSTANCE:
		return json_pack("{s:i, s:I}", "instance", ref->index,
				 "element", (json_int_t)ref->element);
	case CACHE_REF_PARAMETER:
		return json_pack("{s:i}", "parameter", ref->index);
	default:
		return json_null();
	}
}

static json_t *known_json(struct known_number number)
{
	return number.known ? json_integer(number.value) : json_null();
}

static json_t *parameters_json(const struct setup_parameters *parameters)
{
	return json_pack(
		"{s:b, s:o, s:o, s:o, s:o, s:o, s:o}", "name-is-null",
		parameters->name_is_null, "size", known_json(parameters->size),
		"align", known_json(parameters->align), "useroffset",
		known_json(parameters->useroffset), "usersize",
		known_json(parameters->usersize), "freeptr-offset",
		known_json(parameters->freeptr_offset), "use-freeptr-offset",
		known_json(parameters->use_freeptr_offset));
}

static void set_string(json_t *object, const char *key, const char *text)
{
	if (text)
		json_object_set_new(object, key, json_string(text));
}

static void set_flag(json_t *object, const char *key, bool flag)
{
	if (flag)
		json_object_set_new(object, key, json_true());
}

static json_t *event_json(struct writer *writer, const struct event *event);

/* A call through a table: the value that picks, each element's call. */
static json_t *table_json(struct writer *writer, const struct table_call *table)
{
	json_t *elements = json_array(), *calls = json_array();

	for (size_t i = 0; i < table->count; i++) {
		json_array_append_new(elements,
				      json_integer(table->elements[i]));
		json_array_append_new(calls,
				      event_json(writer, &table->calls[i]));
	}
	return json_pack("{s:s, s:i, s:o, s:o}", "name", table->table, "index",
			 table->index, "elements", elements, "calls", calls);
}

static json_t *event_json(struct writer *writer, const struct event *event)
{
	json_t *object =
		json_pack("{s:s, s:o}", "kind", model_event_names[event->kind],
			  "at", location_json(writer, &event->location));
	json_t *arguments;
	bool any_cache = false;

	/* What is absent reads back as its default: smaller, and cheaper. */
	if (event->result.kind != VALUE_UNKNOWN)
		json_object_set_new(object, "result",
				    value_json(event->result));

	set_string(object, "callee", event->callee);
	if (event_has_cache(event->kind)) {
		json_object_set_new(object, "cache",
				    cache_ref_json(&event->cache));
		set_flag(object, "result-is-pointer", event->result_is_pointer);
		if (event->flags_known)
			json_object_set_new(
				object, "flags",
				json_integer((json_int_t)event->flags));
		json_object_set_new(object, "size",
				    json_integer((json_int_t)event->size));
		set_string(object, "type", event->type_name);
		if (event->parameters)
			json_object_set_new(object, "parameters",
					    parameters_json(event->parameters));
		if (event->kind == EVENT_SETUP && event->result_unread)
			json_object_set_new(object, "unread", json_true());
	}
	switch (event->kind) {
	case EVENT_CALL:
		for (size_t i = 0; i < event->argument_count; i++)
			any_cache |= event->arguments[i].kind != CACHE_REF_NONE;
		if (any_cache) {
			arguments = json_array();
			for (size_t i = 0; i < event->argument_count; i++)
				json_array_append_new(
					arguments,
					cache_ref_json(&event->arguments[i]));
			json_object_set_new(object, "arguments", arguments);
		}
		set_flag(object, "indirect", event->indirect);
		/*
		 * A body of this unit by its place in the facts; a function
		 * of the unit whose body the core did not want stays unseen,
		 * and must not resolve to another unit's function.
		 */
		if (event->function >= 0 &&
		    writer->written_index[event->function] >= 0)
			json_object_set_new(
				object, "function",
				json_integer(writer->written_index
						     [event->function]));
		else if (event->callee &&
			 tu_find_function(writer->tu, event->callee) >= 0)
			json_object_set_new(object, "local", json_true());
		/* A body left out touches no cache; it may call out. */
		set_flag(object, "only-arguments",
			 event->reaches_only_arguments ||
				 (event->function >= 0 &&
				  writer->written_index[event->function] < 0 &&
				  !writer->leaves[event->function]));
		if (event->table)
			json_object_set_new(object, "table",
					    table_json(writer, event->table));
		break;
	case EVENT_ARGS_FIELD:
		set_string(object, "field", event->field);
		json_object_set_new(object, "from-api-macro",
				    json_boolean(event->from_api_macro));
		break;
	case EVENT_CACHE_CAST:
	case EVENT_COPY:
	case EVENT_HEAP_STORAGE:
		set_string(object, "storage", event->storage_name);
		json_object_set_new(object, "storage-is-opaque",
				    json_boolean(event->storage_is_opaque));
		json_object_set_new(object, "storage-is-cache",
				    json_boolean(event->storage_is_cache));
		break;
	case EVENT_VALUE_COPY:
	case EVENT_VALUE_ADD:
	case EVENT_VALUE_ERRNO:
		json_object_set_new(object, "source",
				    value_json(event->source));
		json_object_set_new(object, "addend",
				    json_integer((json_int_t)event->addend));
		json_object_set_new(object, "or-zero",
				    json_boolean(event->or_zero));
		break;
	default:
		break;
	}
	return object;
}

static json_t *integers_json(const int *numbers, size_t count)
{
	json_t *array = json_array();

	for (size_t i = 0; i < count; i++)
		json_array_append_new(array, json_integer(numbers[i]));
	return array;
}

static json_t *block_json(struct writer *writer, const struct block *block)
{
	json_t *events = json_array(), *phis = json_array();
	json_t *object;

	for (size_t e = 0; e < block->event_count; e++) {
		const struct event *event = &block->events[e];

		/* A value defined some other way that nothing reads. */
		if (event->kind == EVENT_DEFINE &&
		    (event->result.kind != VALUE_ID ||
		     !writer->read[event->result.id]))
			continue;
		json_array_append_new(events, event_json(writer, event));
	}
	for (size_t p = 0; p < block->phi_count; p++) {
		const struct phi *phi = &block->phis[p];
		json_t *incoming = json_array();

		for (size_t i = 0; i < phi->incoming_count; i++)
			json_array_append_new(
				incoming,
				json_pack("[o, o]",
					  value_json(phi->incoming[i]),
					  location_json(
						  writer,
						  &phi->incoming_location[i])));
		json_array_append_new(phis, json_pack("{s:i, s:o}", "result",
						      phi->result, "incoming",
						      incoming));
	}
	object = json_pack(
		"{s:o, s:o, s:o, s:o, s:s}", "events", events, "phis", phis,
		"predecessors",
		integers_json(block->predecessors, block->predecessor_count),
		"successors",
		integers_json(block->successors, block->successor_count),
		"exit", exit_names[block->exit]);
	if (block->exit == EXIT_TEST)
		json_object_set_new(
			object, "test",
			json_pack("{s:s, s:i, s:I, s:b}", "kind",
				  model_test_names[block->test], "value",
				  block->tested_value, "constant",
				  (json_int_t)block->test_constant, "unsigned",
				  block->test_unsigned));
	if (block->exit == EXIT_TEST && block->tests_memory)
		json_object_set_new(json_object_get(object, "test"), "memory",
				    json_true());
	if (block->exit == EXIT_RETURN)
		json_object_set_new(
			object, "return",
			json_pack("[o, o]", value_json(block->return_value),
				  location_json(writer,
						&block->return_location)));
	return object;
}

static void mark_read(bool *read, int count, struct value value)
{
	if (value.kind == VALUE_ID && value.id >= 0 && value.id < count)
		read[value.id] = true;
}

/* The values something in the function reads. */
static void find_reads(const struct function_model *function, bool *read)
{
	int count = function->value_count;

	memset(read, 0, (size_t)count + 1);
	for (size_t b = 0; b < function->block_count; b++) {
		const struct block *block = &function->blocks[b];

		for (size_t e = 0; e < block->event_count; e++) {
			const struct event *event = &block->events[e];

			if (event->kind == EVENT_VALUE_COPY ||
			    event->kind == EVENT_VALUE_ADD ||
			    event->kind == EVENT_VALUE_ERRNO)
				mark_read(read, count, event->source);
			if (event->kind == EVENT_CALL && event->table)
				mark_read(read, count,
					  value_id(event->table->index));
		}
		for (size_t p = 0; p < block->phi_count; p++)
			for (size_t i = 0; i < block->phis[p].incoming_count;
			     i++)
				mark_read(read, count,
					  block->phis[p].incoming[i]);
		if (block->exit == EXIT_TEST)
			mark_read(read, count, value_id(block->tested_value));
		if (block->exit == EXIT_RETURN)
			mark_read(read, count, block->return_value);
	}
}

static json_t *function_json(struct writer *writer,
			     const struct function_model *function)
{
	json_t *blocks = json_array();

	writer->read = calloc((size_t)function->value_count + 1, 1);
	if (writer->read)
		find_reads(function, writer->read);
	for (size_t b = 0; writer->read && b < function->block_count; b++)
		json_array_append_new(blocks,
				      block_json(writer, &function->blocks[b]));
	free(writer->read);
	writer->read = NULL;
	return json_pack(
		"{s:s, s:o, s:b, s:i, s:i, s:b, s:o}", "name", function->name,
		"at", location_json(writer, &function->location), "external",
		function->external, "parameters", function->parameter_count,
		"values", function->value_count, "returns-value",
		function->returns_value, "blocks", blocks);
}

static json_t *instance_json(struct writer *writer,
			     const struct cache_instance *instance)
{
	json_t *object = json_pack(
		"{s:s, s:o, s:b, s:b, s:b, s:b, s:b}", "name", instance->name,
		"at", location_json(writer, &instance->location), "automatic",
		instance->automatic, "const", instance->is_const, "extern",
		instance->is_extern, "array", instance->is_array, "external",
		instance->external);

	set_string(object, "section", instance->section);
	return object;
}

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
static void choose_written(const struct translation_unit *tu, bool *written,
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

static const char *function_name(const struct translation_unit *tu, int index)
{
	return index >= 0 ? tu->functions[index].name : NULL;
}

int facts_write(const struct translation_unit *tu, const char *directory,
		FILE *stream)
{
	struct writer writer = { .tu = tu,
				 .files = json_array(),
				 .file_indexes = json_object() };
	json_t *functions = json_array(), *instances = json_array();
	json_t *callable = json_array(), *unit, *root;
	int count = 0, status;
	bool *written = calloc(tu->function_count + 1, sizeof(bool));
	char *text;

	writer.written_index = calloc(tu->function_count + 1, sizeof(int));
	writer.leaves = calloc(tu->function_count + 1, sizeof(bool));
	if (!writer.written_index || !writer.leaves || !written)
		return -1;
	choose_written(tu, written, writer.leaves);
	for (size_t f = 0; f < tu->function_count; f++)
		writer.written_index[f] = written[f] ? count++ : -1;
	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *function = &tu->functions[f];

		/*
		 * Callable from other files, and maybe touching caches: a
		 * body left out that calls nothing out of the unit touches
		 * none, and the link treats calls to it as calls out of the
		 * module.
		 */
		if (function->external && (written[f] || writer.leaves[f]))
			json_array_append_new(callable,
					      json_string(function->name));
		if (written[f])
			json_array_append_new(functions,
					      function_json(&writer, function));
	}
	for (size_t i = 0; i < tu->instance_count; i++)
		json_array_append_new(
			instances, instance_json(&writer, &tu->instances[i]));
	unit = json_pack("{s:s, s:s, s:b, s:i, s:i, s:i}", "main-file",
			 tu->main_file, "directory", directory ? directory : "",
			 "module", tu->is_module, "preallocated-bit",
			 tu->preallocated_bit, "panic-bit", tu->panic_bit,
			 "typesafe-by-rcu-bit", tu->typesafe_by_rcu_bit);
	set_string(unit, "module-init", function_name(tu, tu->module_init));
	set_string(unit, "module-exit", function_name(tu, tu->module_exit));
	if (tu->kmem_cache_complete)
		json_object_set_new(
			unit, "kmem-cache",
			json_pack("{s:I, s:I, s:o}", "size",
				  (json_int_t)tu->kmem_cache_size, "align",
				  (json_int_t)tu->kmem_cache_align, "at",
				  location_json(&writer,
						&tu->kmem_cache_location)));
	if (tu->opaque_complete)
		json_object_set_new(unit, "opaque",
				    json_pack("{s:I, s:I}", "size",
					      (json_int_t)tu->opaque_size,
					      "align",
					      (json_int_t)tu->opaque_align));
	root = json_pack("{s:s, s:i, s:o, s:o, s:o, s:o, s:o}", "format",
			 FACTS_FORMAT, "version", FACTS_VERSION, "unit", unit,
			 "files", writer.files, "instances", instances,
			 "callable", callable, "functions", functions);
	/* One string, one write: dumping to a stream writes piece by piece. */
	text = json_dumps(root, JSON_COMPACT);
	status = text && fputs(text, stream) >= 0 && fputc('\n', stream) >= 0 ?
			 0 :
			 -1;
	free(text);
	json_decref(root);
	json_decref(writer.file_indexes);
	free(writer.written_index);
	free(writer.leaves);
	free(written);
	return status;
}

/* ------------------------------------------------------------ reading */

struct reader {
	struct translation_unit *tu;
	json_t *files;
	const char *error;
};

static bool read_location(struct reader *reader, json_t *json,
			  struct source_location *at)
{
	json_int_t file, line, column;
	const char *name;

	if (json_unpack(json, "[I, I, I]", &file, &line, &column) ||
	    !(name = json_string_value(
		      json_array_get(reader->files, (size_t)file)))) {
		reader->error = "bad location";
		return false;
	}
	/* Locations without a file (a void return) are written as "". */
	at->file = *name ? tu_string(reader->tu, name) : NULL;
	at->line = (unsigned int)line;
	at->column = (unsigned int)column;
	return true;
}

static struct value read_value(json_t *json)
{
	json_t *constant;

	if (json_is_integer(json))
		return value_id((int)json_integer_value(json));
	constant = json_object_get(json, "constant");
	if (json_is_integer(constant))
		return value_constant((long)json_integer_value(constant));
	return value_unknown();
}

static struct cache_ref read_cache_ref(json_t *json)
{
	json_t *instance = json_object_get(json, "instance");
	json_t *parameter = json_object_get(json, "parameter");

	if (json_is_integer(instance))
		return cache_ref_instance(
			(int)json_integer_value(instance),
			(long)json_integer_value(
				json_object_get(json, "element")));
	if (json_is_integer(parameter))
		return cache_ref_parameter((int)json_integer_value(parameter));
	return (struct cache_ref){ .kind = CACHE_REF_NONE };
}

static struct known_number read_known(json_t *json)
{
	if (!json_is_integer(json))
		return (struct known_number){ 0 };
	return (struct known_number){ .known = true,
				      .value = json_integer_value(json) };
}

static const char *read_string(struct reader *reader, json_t *object,
			       const char *key)
{
	const char *text = json_string_value(json_object_get(object, key));

	return text ? tu_string(reader->tu, text) : NULL;
}

static bool read_bool(json_t *object, const char *key)
{
	return json_is_true(json_object_get(object, key));
}

static long long read_integer(json_t *object, const char *key)
{
	return json_integer_value(json_object_get(object, key));
}

static const struct setup_parameters *read_parameters(struct reader *reader,
						      json_t *json)
{
	struct setup_parameters *parameters;

	if (!json_is_object(json))
		return NULL;
	parameters = arena_alloc(&reader->tu->arena, sizeof(*parameters));
	parameters->name_is_null = read_bool(json, "name-is-null");
	parameters->size = read_known(json_object_get(json, "size"));
	parameters->align = read_known(json_object_get(json, "align"));
	parameters->useroffset =
		read_known(json_object_get(json, "useroffset"));
	parameters->usersize = read_known(json_object_get(json, "usersize"));
	parameters->freeptr_offset =
		read_known(json_object_get(json, "freeptr-offset"));
	parameters->use_freeptr_offset =
		read_known(json_object_get(json, "use-freeptr-offset"));
	return parameters;
}

static bool fill_event(struct reader *reader, struct event *event,
		       json_t *json);

static const struct table_call *read_table(struct reader *reader, json_t *json)
{
	struct arena *arena = &reader->tu->arena;
	json_t *elements = json_object_get(json, "elements");
	json_t *calls = json_object_get(json, "calls");
	struct table_call *table;

	if (!json_is_object(json))
		return NULL;
	table = arena_alloc(arena, sizeof(*table));
	table->table = read_string(reader, json, "name");
	table->index = (int)read_integer(json, "index");
	table->count = json_array_size(elements);
	table->elements = arena_alloc(arena, (table->count + 1) * sizeof(long));
	table->calls =
		arena_alloc(arena, (table->count + 1) * sizeof(struct event));
	for (size_t i = 0; i < table->count; i++) {
		table->elements[i] =
			(long)json_integer_value(json_array_get(elements, i));
		table->calls[i].kind = EVENT_CALL;
		if (!fill_event(reader, &table->calls[i],
				json_array_get(calls, i)))
			return NULL;
	}
	return table;
}

static bool read_event(struct reader *reader, struct block *block, json_t *json)
{
	int kind = name_index(model_event_names, COUNT(model_event_names),
			      json_string_value(json_object_get(json, "kind")));

	if (kind < 0) {
		reader->error = "unknown event kind";
		return false;
	}
	return fill_event(
		reader,
		block_add_event(reader->tu, block, (enum event_kind)kind),
		json);
}

/* What the JSON says of an event whose kind is set. */
static bool fill_event(struct reader *reader, struct event *event, json_t *json)
{
	json_t *arguments, *argument, *flags, *function;
	size_t index;

	if (!read_location(reader, json_object_get(json, "at"),
			   &event->location))
		return false;
	event->result = read_value(json_object_get(json, "result"));
	event->callee = read_string(reader, json, "callee");
	if (event_has_cache(event->kind)) {
		event->cache = read_cache_ref(json_object_get(json, "cache"));
		event->result_is_pointer = read_bool(json, "result-is-pointer");
		flags = json_object_get(json, "flags");
		event->flags_known = json_is_integer(flags);
		event->flags = (unsigned long long)json_integer_value(flags);
		event->size = (unsigned long)read_integer(json, "size");
		event->type_name = read_string(reader, json, "type");
		event->parameters = read_parameters(
			reader, json_object_get(json, "parameters"));
		event->result_unread = read_bool(json, "unread");
	}
	switch (event->kind) {
	case EVENT_CALL:
		arguments = json_object_get(json, "arguments");
		event->argument_count = json_array_size(arguments);
		event->arguments = arena_alloc(
			&reader->tu->arena,
			(event->argument_count + 1) * sizeof(struct cache_ref));
		json_array_foreach(arguments, index, argument)
			event->arguments[index] = read_cache_ref(argument);
		event->indirect = read_bool(json, "indirect");
		function = json_object_get(json, "function");
		event->function = json_is_integer(function) ?
					  (int)json_integer_value(function) :
					  -1;
		/* Unseen, but of this unit: the link must not resolve it. */
		event->reaches_only_arguments =
			read_bool(json, "only-arguments");
		if (read_bool(json, "local"))
			event->function = FACTS_LOCAL_UNSEEN;
		event->table =
			read_table(reader, json_object_get(json, "table"));
		break;
	case EVENT_ARGS_FIELD:
		event->field = read_string(reader, json, "field");
		event->from_api_macro = read_bool(json, "from-api-macro");
		break;
	case EVENT_CACHE_CAST:
	case EVENT_COPY:
	case EVENT_HEAP_STORAGE:
		event->storage_name = read_string(reader, json, "storage");
		event->storage_is_opaque = read_bool(json, "storage-is-opaque");
		event->storage_is_cache = read_bool(json, "storage-is-cache");
		break;
	case EVENT_VALUE_COPY:
	case EVENT_VALUE_ADD:
	case EVENT_VALUE_ERRNO:
		event->source = read_value(json_object_get(json, "source"));
		event->addend = read_integer(json, "addend");
		event->or_zero = read_bool(json, "or-zero");
		break;
	default:
		break;
	}
	return true;
}

static int *read_integers(struct reader *reader, json_t *array, size_t *count)
{
	int *numbers;
	json_t *entry;
	size_t index;

	*count = json_array_size(array);
	numbers = arena_alloc(&reader->tu->arena, (*count + 1) * sizeof(int));
	json_array_foreach(array, index, entry) numbers[index] =
		(int)json_integer_value(entry);
	return numbers;
}

static bool read_block(struct reader *reader, struct block *block, json_t *json)
{
	json_t *events = json_object_get(json, "events");
	json_t *phis = json_object_get(json, "phis"), *entry, *test;
	size_t index;
	int exit;

	block->predecessors =
		read_integers(reader, json_object_get(json, "predecessors"),
			      &block->predecessor_count);
	block->successors =
		read_integers(reader, json_object_get(json, "successors"),
			      &block->successor_count);
	json_array_foreach(events, index, entry)
	{
		if (!read_event(reader, block, entry))
			return false;
	}
	json_array_foreach(phis, index, entry)
	{
		json_t *incoming = json_object_get(entry, "incoming"), *pair;
		struct phi *phi = block_add_phi(
			reader->tu, block, (int)read_integer(entry, "result"));
		size_t i;

		if (json_array_size(incoming) != phi->incoming_count) {
			reader->error = "phi arity";
			return false;
		}
		json_array_foreach(incoming, i, pair)
		{
			phi->incoming[i] = read_value(json_array_get(pair, 0));
			if (!read_location(reader, json_array_get(pair, 1),
					   &phi->incoming_location[i]))
				return false;
		}
	}
	exit = name_index(exit_names, COUNT(exit_names),
			  json_string_value(json_object_get(json, "exit")));
	if (exit < 0 || exit == EXIT_BRANCH) {
		reader->error = "bad block exit";
		return false;
	}
	block->exit = (enum block_exit)exit;
	test = json_object_get(json, "test");
	if (block->exit == EXIT_TEST) {
		int kind = name_index(
			model_test_names, COUNT(model_test_names),
			json_string_value(json_object_get(test, "kind")));

		if (kind < 0) {
			reader->error = "bad test";
			return false;
		}
		block->test = (enum value_test)kind;
		block->tested_value = (int)read_integer(test, "value");
		block->test_constant = read_integer(test, "constant");
		block->test_unsigned = read_bool(test, "unsigned");
		block->tests_memory = read_bool(test, "memory");
	}
	if (block->exit == EXIT_RETURN) {
		json_t *pair = json_object_get(json, "return");

		block->return_value = read_value(json_array_get(pair, 0));
		if (!read_location(reader, json_array_get(pair, 1),
				   &block->return_location))
			return false;
	}
	return true;
}

static bool read_function(struct reader *reader, json_t *json)
{
	struct translation_unit *tu = reader->tu;
	struct source_location at;
	json_t *blocks = json_object_get(json, "blocks"), *entry;
	struct function_model *function;
	const char *name = json_string_value(json_object_get(json, "name"));
	size_t index;

	if (!name || !read_location(reader, json_object_get(json, "at"), &at)) {
		reader->error = "bad function";
		return false;
	}
	index = (size_t)tu_add_function(tu, name, at);
	function = &tu->functions[index];
	function->external = read_bool(json, "external");
	function->parameter_count = (int)read_integer(json, "parameters");
	function->value_count = (int)read_integer(json, "values");
	function->returns_value = read_bool(json, "returns-value");
	function->wanted = function->described = false;
	function->lowered = true;
	function_set_blocks(tu, function, json_array_size(blocks));
	json_array_foreach(blocks, index, entry)
	{
		if (!read_block(reader, &function->blocks[index], entry))
			return false;
	}
	return true;
}

static bool read_instance(struct reader *reader, json_t *json)
{
	struct cache_instance instance = {
		.name = json_string_value(json_object_get(json, "name")),
		.automatic = read_bool(json, "automatic"),
		.is_const = read_bool(json, "const"),
		.is_extern = read_bool(json, "extern"),
		.is_array = read_bool(json, "array"),
		.external = read_bool(json, "external"),
		.section = json_string_value(json_object_get(json, "section")),
	};

	if (!instance.name ||
	    !read_location(reader, json_object_get(json, "at"),
			   &instance.location)) {
		reader->error = "bad instance";
		return false;
	}
	tu_add_instance(reader->tu, &instance);
	return true;
}

static void read_unit(struct reader *reader, json_t *unit, json_t *root)
{
	struct translation_unit *tu = reader->tu;
	json_t *layout = json_object_get(unit, "kmem-cache");
	json_t *callable = json_object_get(root, "callable"), *name;
	const char *init, *exit;
	size_t index;

	tu->main_file = read_string(reader, unit, "main-file");
	tu->compile_directory = read_string(reader, unit, "directory");
	reader->tu->is_module = read_bool(unit, "module");
	tu->preallocated_bit = (int)read_integer(unit, "preallocated-bit");
	tu->panic_bit = (int)read_integer(unit, "panic-bit");
	tu->typesafe_by_rcu_bit =
		(int)read_integer(unit, "typesafe-by-rcu-bit");
	if (json_is_object(layout)) {
		tu->kmem_cache_complete = true;
		tu->kmem_cache_size =
			(unsigned long)read_integer(layout, "size");
		tu->kmem_cache_align =
			(unsigned long)read_integer(layout, "align");
		read_location(reader, json_object_get(layout, "at"),
			      &tu->kmem_cache_location);
	}
	layout = json_object_get(unit, "opaque");
	if (json_is_object(layout)) {
		tu->opaque_complete = true;
		tu->opaque_size = (unsigned long)read_integer(layout, "size");
		tu->opaque_align = (unsigned long)read_integer(layout, "align");
	}
	init = json_string_value(json_object_get(unit, "module-init"));
	exit = json_string_value(json_object_get(unit, "module-exit"));
	tu_index_functions(tu);
	tu->module_init = init ? tu_find_function(tu, init) : -1;
	tu->module_exit = exit ? tu_find_function(tu, exit) : -1;
	json_array_foreach(callable, index, name)
	{
		if (json_is_string(name))
			facts_add_callable(tu, json_string_value(name));
	}
}

int facts_read(struct translation_unit *tu, FILE *stream, char *error,
	       size_t error_size)
{
	struct reader reader = { .tu = tu };
	json_error_t json_error;
	json_t *root = json_loadf(stream, 0, &json_error);
	json_t *functions, *instances, *unit, *entry;
	const char *format;
	json_int_t version;
	size_t index;

	if (!root) {
		snprintf(error, error_size, "line %d: %s", json_error.line,
			 json_error.text);
		return -1;
	}
	if (json_unpack(root, "{s:s, s:I, s:o, s:o, s:o, s:o}", "format",
			&format, "version", &version, "unit", &unit, "files",
			&reader.files, "instances", &instances, "functions",
			&functions) ||
	    strcmp(format, FACTS_FORMAT) || version != FACTS_VERSION) {
		snprintf(error, error_size, "not %s version %d", FACTS_FORMAT,
			 FACTS_VERSION);
		json_decref(root);
		return -1;
	}
	tu->lowered = true;
	json_array_foreach(instances, index, entry)
	{
		if (!read_instance(&reader, entry))
			goto bad;
	}
	json_array_foreach(functions, index, entry)
	{
		if (!read_function(&reader, entry))
			goto bad;
	}
	read_unit(&reader, unit, root);
	json_decref(root);
	return 0;

bad:
	snprintf(error, error_size, "%s", reader.error);
	json_decref(root);
	return -1;
}

void facts_add_callable(struct translation_unit *tu, const char *name)
{
	size_t count = tu->callable_count;

	/* Doubles at powers of two: the arena keeps no capacity. */
	if (!count || !(count & (count - 1)))
		tu->callable = arena_grow(
			&tu->arena, tu->callable, count * sizeof(char *),
			(count ? count * 2 : 1) * sizeof(char *));
	tu->callable[tu->callable_count++] = tu_string(tu, name);
}
