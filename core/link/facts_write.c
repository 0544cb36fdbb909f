// SPDX-License-Identifier: GPL-2.0
/*
 * Facts files, the writing half: a front-end writes its lowered unit after
 * the rules ran on it (core/link/facts_read.c reads it back for the link step).
 * They hold the lowered model of the functions a module can need (events,
 * tests, phis, edges), the unit's instances, its module init and exit, the
 * layout facts the rules use, and the names of the functions of the unit
 * that other files can call.  Rules run on the merged model exactly as on
 * one unit: nothing is summarized away, so a rule needs no separate
 * cross-file logic.
 *
 * The writing is part of every compile that asks for facts, so it is made
 * cheap.  jansson allocates, dumps and frees every node of the document,
 * and formats each integer with snprintf(): the many things (functions,
 * blocks, events, phis) are arrays whose members have fixed places rather
 * than objects with keys; a member that has its default is null, which
 * jansson does not allocate, and trailing defaults are left out; a
 * location is three members of its array, not an array of its own; the
 * text is written by json_text.c, not by jansson's dumper.  docs/link.md
 * describes the format.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "canonical.h"
#include "check.h"
#include "facts_file.h"
#include "json_text.h"
#include "slabcheck.h"

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
	/* Per block of that function: its predecessors go without saying. */
	bool *derivable;
};

/* A member of an array; null is its default, and costs no allocation. */
static void add(json_t *array, json_t *member)
{
	json_array_append_new(array, member);
}

static json_t *number(long long n)
{
	return n ? json_integer(n) : json_null();
}

static json_t *flag(bool set)
{
	return set ? json_true() : json_null();
}

static json_t *text(const char *string)
{
	return string ? json_string(string) : json_null();
}

/* Trailing defaults say nothing: the reader takes what is absent as null. */
static json_t *trimmed(json_t *array)
{
	size_t size = json_array_size(array);

	while (size && json_is_null(json_array_get(array, size - 1)))
		json_array_remove(array, --size);
	return array;
}

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

/* FILE, LINE, COLUMN: three members of the array that has a location. */
static void add_location(struct writer *writer, json_t *array,
			 const struct source_location *at)
{
	add(array, number(file_index(writer, at->file)));
	add(array, number(at->line));
	add(array, number(at->column));
}

static json_t *location_json(struct writer *writer,
			     const struct source_location *at)
{
	json_t *array = json_array();

	add_location(writer, array, at);
	return array;
}

/* A value number; [N], the constant N; null, a value not followed. */
static json_t *value_json(struct value value)
{
	json_t *constant;

	switch (value.kind) {
	case VALUE_ID:
		return json_integer(value.id);
	case VALUE_CONSTANT:
		constant = json_array();
		add(constant, json_integer((json_int_t)value.constant));
		return constant;
	default:
		return json_null();
	}
}

/* [I] instance I, [I, E] its element E; P parameter P; null none. */
static json_t *cache_ref_json(const struct cache_ref *ref)
{
	json_t *instance;

	switch (ref->kind) {
	case CACHE_REF_INSTANCE:
		instance = json_array();
		add(instance, json_integer(ref->index));
		if (ref->element != ELEMENT_WHOLE)
			add(instance, json_integer((json_int_t)ref->element));
		return instance;
	case CACHE_REF_PARAMETER:
		return json_integer(ref->index);
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
	json_t *array = json_array();

	add(array, flag(parameters->name_is_null));
	add(array, known_json(parameters->size));
	add(array, known_json(parameters->align));
	add(array, known_json(parameters->useroffset));
	add(array, known_json(parameters->usersize));
	add(array, known_json(parameters->freeptr_offset));
	add(array, known_json(parameters->use_freeptr_offset));
	return trimmed(array);
}

static json_t *event_json(struct writer *writer, const struct event *event);

/* A call through a table: the value that picks, each element's call. */
static json_t *table_json(struct writer *writer, const struct table_call *table)
{
	json_t *array = json_array();
	json_t *elements = json_array(), *calls = json_array();

	for (size_t i = 0; i < table->count; i++) {
		add(elements, json_integer(table->elements[i]));
		add(calls, event_json(writer, &table->calls[i]));
	}
	add(array, text(table->table));
	add(array, number(table->index));
	add(array, elements);
	add(array, calls);
	return array;
}

static void add_cache_members(json_t *array, const struct event *event)
{
	add(array, cache_ref_json(&event->cache));
	add(array, event->flags_known ? json_integer((json_int_t)event->flags) :
					json_null());
	add(array, number((long long)event->size));
	add(array, text(event->type_name));
	add(array, flag(event->result_is_pointer));
	add(array, flag(event->kind == EVENT_SETUP && event->result_unread));
	add(array, event->parameters ? parameters_json(event->parameters) :
				       json_null());
	add(array, flag(event->kind == EVENT_SETUP &&
			event->result_error_pointer_only));
}

/*
 * A body of this unit by its place in the facts; -1, a function of the
 * unit whose body the facts leave out (it must not resolve to another
 * unit's function); null, none of the unit's.
 */
static json_t *callee_function_json(struct writer *writer,
				    const struct event *call)
{
	if (call->function >= 0 && writer->written_index[call->function] >= 0)
		return json_integer(writer->written_index[call->function]);
	if (call->callee && tu_find_function(writer->tu, call->callee) >= 0)
		return json_integer(-1);
	return json_null();
}

static void add_call_members(struct writer *writer, json_t *array,
			     const struct event *call)
{
	json_t *arguments = json_null();
	bool any_cache = false;

	for (size_t i = 0; i < call->argument_count; i++)
		any_cache |= call->arguments[i].kind != CACHE_REF_NONE;
	if (any_cache) {
		arguments = json_array();
		for (size_t i = 0; i < call->argument_count; i++)
			add(arguments, cache_ref_json(&call->arguments[i]));
	}
	add(array, arguments);
	add(array, callee_function_json(writer, call));
	/* A body left out touches no cache; it may call out. */
	add(array, flag(call->reaches_only_arguments ||
			(call->function >= 0 &&
			 writer->written_index[call->function] < 0 &&
			 !writer->leaves[call->function])));
	add(array, flag(call->indirect));
	add(array, call->table ? table_json(writer, call->table) : json_null());
}

/* [KIND, FILE, LINE, COLUMN, RESULT, CALLEE, what the kind carries...] */
static json_t *event_json(struct writer *writer, const struct event *event)
{
	json_t *array = json_array();

	add(array, number(event->kind));
	add_location(writer, array, &event->location);
	add(array, value_json(event->result));
	add(array, text(event->callee));
	if (event_has_cache(event->kind))
		add_cache_members(array, event);
	switch (model_event_members[event->kind]) {
	case EVENT_MEMBERS_CALL:
		add_call_members(writer, array, event);
		break;
	case EVENT_MEMBERS_FIELD:
		add(array, text(event->field));
		add(array, flag(event->from_api_macro));
		break;
	case EVENT_MEMBERS_STORAGE:
		add(array, text(event->storage_name));
		add(array, flag(event->storage_is_opaque));
		add(array, flag(event->storage_is_cache));
		break;
	case EVENT_MEMBERS_SOURCE:
		add(array, value_json(event->source));
		add(array, number(event->addend));
		add(array, flag(event->or_zero));
		break;
	case EVENT_MEMBERS_CACHE: /* above */
	case EVENT_MEMBERS_NONE:
		break;
	}
	return trimmed(array);
}

/* Block numbers; null when there are none. */
static json_t *blocks_json(const int *numbers, size_t count)
{
	json_t *array;

	if (!count)
		return json_null();
	array = json_array();
	for (size_t i = 0; i < count; i++)
		add(array, json_integer(numbers[i]));
	return array;
}

/* [RESULT, then VALUE, FILE, LINE, COLUMN per predecessor] */
static json_t *phi_json(struct writer *writer, const struct phi *phi)
{
	json_t *array = json_array();

	add(array, json_integer(phi->result));
	for (size_t i = 0; i < phi->incoming_count; i++) {
		add(array, value_json(phi->incoming[i]));
		add_location(writer, array, &phi->incoming_location[i]);
	}
	return array;
}

/* The exit and what it carries: a test's, or the returned value's. */
static void add_exit(struct writer *writer, json_t *array,
		     const struct block *block)
{
	add(array, number(block->exit));
	if (block->exit == EXIT_TEST) {
		add(array, number(block->test));
		add(array, number(block->tested_value));
		add(array, number(block->test_constant));
		add(array, flag(block->test_unsigned));
		add(array, flag(block->tests_memory));
		add(array, block->tests_element ?
				   json_integer(block->element_value) :
				   json_null());
	}
	if (block->exit == EXIT_RETURN) {
		add(array, value_json(block->return_value));
		add_location(writer, array, &block->return_location);
	}
}

/*
 * [EXIT..., SUCCESSORS, PREDECESSORS, EVENTS, PHIS]; PREDECESSORS is null
 * when the reader can derive them.
 */
static json_t *block_json(struct writer *writer, const struct block *block,
			  size_t number)
{
	json_t *array = json_array(), *events = json_null(), *phis;

	add_exit(writer, array, block);
	add(array, blocks_json(block->successors, block->successor_count));
	if (writer->derivable[number])
		add(array, json_null());
	else if (!block->predecessor_count)
		add(array, json_array());
	else
		add(array,
		    blocks_json(block->predecessors, block->predecessor_count));
	for (size_t e = 0; e < block->event_count; e++) {
		const struct event *event = &block->events[e];

		/* A value defined some other way that nothing reads. */
		if (event->kind == EVENT_DEFINE &&
		    (event->result.kind != VALUE_ID ||
		     !writer->read[event->result.id]))
			continue;
		if (json_is_null(events))
			events = json_array();
		add(events, event_json(writer, event));
	}
	add(array, events);
	phis = block->phi_count ? json_array() : json_null();
	for (size_t p = 0; p < block->phi_count; p++)
		add(phis, phi_json(writer, &block->phis[p]));
	add(array, phis);
	return trimmed(array);
}

/*
 * Which blocks have as predecessors, in order, the blocks whose successors
 * name them, in block order (as often as they do): what front-ends that
 * add edges block by block give, and what the reader derives when the
 * facts leave the predecessors out.  Phis need that order exact.
 */
static void find_derivable(const struct function_model *function,
			   bool *derivable, size_t *seen)
{
	size_t count = function->block_count;

	memset(derivable, true, count);
	memset(seen, 0, count * sizeof(*seen));
	for (size_t b = 0; b < count; b++) {
		const struct block *block = &function->blocks[b];

		for (size_t s = 0; s < block->successor_count; s++) {
			int to = block->successors[s];
			const struct block *target = &function->blocks[to];

			if (seen[to] >= target->predecessor_count ||
			    target->predecessors[seen[to]] != (int)b)
				derivable[to] = false;
			seen[to]++;
		}
	}
	for (size_t b = 0; b < count; b++)
		if (seen[b] != function->blocks[b].predecessor_count)
			derivable[b] = false;
}

/*
 * [NAME, FILE, LINE, COLUMN, EXTERNAL, PARAMETERS, VALUES, RETURNS-VALUE,
 * BLOCKS]
 */
static json_t *function_json(struct writer *writer,
			     const struct function_model *function)
{
	json_t *array = json_array(), *blocks = json_array();
	size_t *seen = calloc(function->block_count + 1, sizeof(size_t));

	/* Out of memory, as the arena: facts without a body would lie. */
	writer->read = calloc((size_t)function->value_count + 1, 1);
	writer->derivable = calloc(function->block_count + 1, sizeof(bool));
	CHECK(writer->read && writer->derivable && seen);
	function_values_read(function, writer->read);
	find_derivable(function, writer->derivable, seen);
	for (size_t b = 0; b < function->block_count; b++)
		add(blocks, block_json(writer, &function->blocks[b], b));
	free(seen);
	free(writer->read);
	free(writer->derivable);
	writer->read = NULL;
	writer->derivable = NULL;
	add(array, json_string(function->name));
	add_location(writer, array, &function->location);
	add(array, flag(function->external));
	add(array, number(function->parameter_count));
	add(array, number(function->value_count));
	add(array, flag(function->returns_value));
	add(array, blocks);
	return array;
}

static void set_string(json_t *object, const char *key, const char *string)
{
	if (string)
		json_object_set_new(object, key, json_string(string));
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

static const char *function_name(const struct translation_unit *tu, int index)
{
	return index >= 0 ? tu->functions[index].name : NULL;
}

/* The names of the codes the arrays use, so that the reader can map them. */
static json_t *names_json(const char *const *names, size_t count)
{
	json_t *array = json_array();

	for (size_t i = 0; i < count; i++)
		add(array, text(names[i]));
	return array;
}

static json_t *codes_json(void)
{
	return json_pack("{s:o, s:o, s:o}", "events",
			 names_json(model_event_names, EVENT_KIND_COUNT),
			 "tests", names_json(model_test_names, TEST_KIND_COUNT),
			 "exits",
			 names_json(model_exit_names, EXIT_KIND_COUNT));
}

static json_t *unit_json(struct writer *writer, const char *directory)
{
	const struct translation_unit *tu = writer->tu;
	json_t *unit = json_pack(
		"{s:s, s:s, s:b, s:i, s:i, s:i, s:i, s:i, s:I}", "main-file",
		tu->main_file, "directory", directory ? directory : "",
		"module", tu->is_module, "preallocated-bit",
		tu->preallocated_bit, "panic-bit", tu->panic_bit,
		"typesafe-by-rcu-bit", tu->typesafe_by_rcu_bit, "page-shift",
		tu->page_shift, "forced-max-order", tu->forced_max_order,
		"pointer-size", (json_int_t)tu->pointer_size);

	set_string(unit, "module-init", function_name(tu, tu->module_init));
	set_string(unit, "module-exit", function_name(tu, tu->module_exit));
	if (tu->kmem_cache_complete)
		json_object_set_new(
			unit, "kmem-cache",
			json_pack("{s:I, s:I, s:o}", "size",
				  (json_int_t)tu->kmem_cache_size, "align",
				  (json_int_t)tu->kmem_cache_align, "at",
				  location_json(writer,
						&tu->kmem_cache_location)));
	if (tu->opaque_complete)
		json_object_set_new(unit, "opaque",
				    json_pack("{s:I, s:I}", "size",
					      (json_int_t)tu->opaque_size,
					      "align",
					      (json_int_t)tu->opaque_align));
	return unit;
}

/*
 * The names a function whose body the facts leave out calls out of the
 * unit, directly or through other such functions, added to 'names'.
 * False when it reaches a body the facts hold or a table of functions:
 * then only a walk could say what it does.
 */
static bool names_called_out(const struct translation_unit *tu,
			     const bool *written, int function, bool *seen,
			     json_t *names)
{
	const struct function_model *fn = &tu->functions[function];

	if (seen[function])
		return true;
	seen[function] = true;
	if (written[function] || fn->table_reference_count)
		return false;
	for (size_t c = 0; c < fn->callee_count; c++) {
		const char *name = fn->callees[c];
		int callee = tu_find_function(tu, name);
		bool known = false;

		if (callee >= 0) {
			if (!names_called_out(tu, written, callee, seen, names))
				return false;
			continue;
		}
		/* The API touches only the caches it is passed. */
		if (api_lookup(name))
			continue;
		for (size_t i = 0; i < json_array_size(names); i++)
			known |= !strcmp(
				json_string_value(json_array_get(names, i)),
				name);
		if (!known)
			json_array_append_new(names, json_string(name));
	}
	return true;
}

/* Adds the function's entry to "calls-out", unless it has one. */
static void add_calls_out(const struct translation_unit *tu,
			  const bool *written, int function, bool *seen,
			  json_t *object)
{
	const char *name = tu->functions[function].name;
	json_t *names;

	if (written[function] || json_object_get(object, name))
		return;
	names = json_array();
	memset(seen, 0, tu->function_count + 1);
	if (names_called_out(tu, written, function, seen, names))
		json_object_set_new(object, name, names);
	else
		json_decref(names);
}

/*
 * "calls-out": for each function left out that calls out of the unit and
 * that a body of the facts calls (a static inline wrapper of a kernel
 * function: spin_lock() of _raw_spin_lock()) or another file may call (a
 * teardown helper that calls the kernel and destroys a dynamic cache), the
 * names it calls there.
 */
static json_t *calls_out_json(const struct translation_unit *tu,
			      const bool *written, const bool *leaves)
{
	json_t *object = json_object();
	bool *seen = calloc(tu->function_count + 1, sizeof(bool));

	CHECK(seen != NULL);
	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *fn = &tu->functions[f];

		if (fn->external && leaves[f])
			add_calls_out(tu, written, (int)f, seen, object);
		if (!written[f])
			continue;
		for (size_t b = 0; b < fn->block_count; b++)
			for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
				const struct event *call =
					&fn->blocks[b].events[e];
				int callee;

				if (call->kind != EVENT_CALL ||
				    call->function >= 0 ||
				    call->reaches_only_arguments ||
				    !call->callee)
					continue;
				callee = tu_find_function(tu, call->callee);
				if (callee >= 0)
					add_calls_out(tu, written, callee, seen,
						      object);
			}
	}
	free(seen);
	return object;
}

int facts_write(const struct translation_unit *tu, const char *directory,
		FILE *stream)
{
	struct writer writer = { .tu = tu,
				 .files = json_array(),
				 .file_indexes = json_object() };
	json_t *functions = json_array(), *instances = json_array();
	json_t *callable = json_array(), *root, *calls_out;
	int count = 0, status;
	bool *written = calloc(tu->function_count + 1, sizeof(bool));
	char *document;

	writer.written_index = calloc(tu->function_count + 1, sizeof(int));
	writer.leaves = calloc(tu->function_count + 1, sizeof(bool));
	if (!writer.written_index || !writer.leaves || !written)
		return -1;
	facts_file_select(tu, written, writer.leaves);
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
			add(callable, json_string(function->name));
		if (written[f])
			add(functions, function_json(&writer, function));
	}
	for (size_t i = 0; i < tu->instance_count; i++)
		add(instances, instance_json(&writer, &tu->instances[i]));
	root = json_pack("{s:s, s:i, s:s, s:o, s:o, s:o, s:o, s:o}", "format",
			 FACTS_FORMAT, "version", FACTS_VERSION, "producer",
			 FACTS_PRODUCER, "unit", unit_json(&writer, directory),
			 "files", writer.files, "instances", instances,
			 "callable", callable, "functions", functions);
	/* Only bodies use codes; most units write none. */
	if (count)
		json_object_set_new(root, "codes", codes_json());
	calls_out = calls_out_json(tu, written, writer.leaves);
	if (json_object_size(calls_out))
		json_object_set_new(root, "calls-out", calls_out);
	else
		json_decref(calls_out);
	/* One string, one write: dumping to a stream writes piece by piece. */
	document = json_compact_text(root);
	status = document && fputs(document, stream) >= 0 &&
				 fputc('\n', stream) >= 0 ?
			 0 :
			 -1;
	free(document);
	json_decref(root);
	json_decref(writer.file_indexes);
	free(writer.written_index);
	free(writer.leaves);
	free(written);
	return status;
}
