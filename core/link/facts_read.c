// SPDX-License-Identifier: GPL-2.0
/*
 * Facts files, the reading half: `slabcheck link` reads what each unit's
 * compile wrote (core/link/facts_write.c) back into a lowered unit, which
 * link_units() then merges with the others of its module.  JSON, parsed by
 * jansson, versioned: a reader refuses a version it does not know.
 * docs/link.md describes the format: the many things are arrays with
 * members in fixed places, a member that is null or left out at the end
 * has its default, and kinds are codes the file names.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts_file.h"
#include "slabcheck.h"

/* Per code of the file: the kind, test or exit it names, or -1. */
struct codes {
	int *meaning;
	size_t count;
};

struct reader {
	struct translation_unit *tu;
	json_t *files;
	struct codes events, tests, exits;
	const char *error;
};

static int name_index(const char *const *names, size_t count, const char *name)
{
	for (size_t i = 0; name && i < count; i++)
		if (names[i] && !strcmp(names[i], name))
			return (int)i;
	return -1;
}

static void read_codes(struct reader *reader, struct codes *codes,
		       json_t *array, const char *const *names, size_t count)
{
	codes->count = json_array_size(array);
	codes->meaning = arena_alloc(&reader->tu->arena,
				     (codes->count + 1) * sizeof(int));
	for (size_t i = 0; i < codes->count; i++)
		codes->meaning[i] =
			name_index(names, count,
				   json_string_value(json_array_get(array, i)));
}

/* What a code means, or -1: a code out of range, or a name not known. */
static int decode(const struct codes *codes, json_int_t code)
{
	return code >= 0 && (size_t)code < codes->count ? codes->meaning[code] :
							  -1;
}

/* Members of arrays: absent past the end, which reads as null. */
static json_t *member(json_t *array, size_t index)
{
	return json_array_get(array, index);
}

static long long integer_member(json_t *array, size_t index)
{
	return json_integer_value(member(array, index));
}

static bool flag_member(json_t *array, size_t index)
{
	return json_is_true(member(array, index));
}

static const char *string_member(struct reader *reader, json_t *array,
				 size_t index)
{
	const char *text = json_string_value(member(array, index));

	return text ? tu_string(reader->tu, text) : NULL;
}

/* FILE, LINE, COLUMN from 'index' on. */
static bool read_location(struct reader *reader, json_t *array, size_t index,
			  struct source_location *at)
{
	json_int_t file = integer_member(array, index);
	const char *name =
		json_string_value(json_array_get(reader->files, (size_t)file));

	if (!name) {
		reader->error = "bad location";
		return false;
	}
	/* Locations without a file (a void return) are written as "". */
	at->file = *name ? tu_string(reader->tu, name) : NULL;
	at->line = (unsigned int)integer_member(array, index + 1);
	at->column = (unsigned int)integer_member(array, index + 2);
	return true;
}

static struct value read_value(json_t *json)
{
	if (json_is_integer(json))
		return value_id((int)json_integer_value(json));
	if (json_is_array(json))
		return value_constant((long)integer_member(json, 0));
	return value_unknown();
}

static struct cache_ref read_cache_ref(json_t *json)
{
	if (json_is_array(json))
		return cache_ref_instance(
			(int)integer_member(json, 0),
			json_array_size(json) > 1 ?
				(long)integer_member(json, 1) :
				ELEMENT_WHOLE);
	if (json_is_integer(json))
		return cache_ref_parameter((int)json_integer_value(json));
	return (struct cache_ref){ .kind = CACHE_REF_NONE };
}

static struct known_number read_known(json_t *json)
{
	if (!json_is_integer(json))
		return (struct known_number){ 0 };
	return (struct known_number){ .known = true,
				      .value = json_integer_value(json) };
}

static const struct setup_parameters *read_parameters(struct reader *reader,
						      json_t *array)
{
	struct setup_parameters *parameters;

	if (!json_is_array(array))
		return NULL;
	parameters = arena_alloc(&reader->tu->arena, sizeof(*parameters));
	parameters->name_is_null = flag_member(array, 0);
	parameters->size = read_known(member(array, 1));
	parameters->align = read_known(member(array, 2));
	parameters->useroffset = read_known(member(array, 3));
	parameters->usersize = read_known(member(array, 4));
	parameters->freeptr_offset = read_known(member(array, 5));
	parameters->use_freeptr_offset = read_known(member(array, 6));
	return parameters;
}

static bool fill_event(struct reader *reader, struct event *event,
		       json_t *array);

/* [NAME, INDEX, ELEMENTS, CALLS] */
static bool read_table(struct reader *reader, struct event *call, json_t *array)
{
	struct arena *arena = &reader->tu->arena;
	json_t *elements = member(array, 2), *calls = member(array, 3);
	struct table_call *table;

	if (!json_is_array(array))
		return true;
	table = arena_alloc(arena, sizeof(*table));
	table->table = string_member(reader, array, 0);
	table->index = (int)integer_member(array, 1);
	table->count = json_array_size(elements);
	table->elements = arena_alloc(arena, (table->count + 1) * sizeof(long));
	table->calls =
		arena_alloc(arena, (table->count + 1) * sizeof(struct event));
	for (size_t i = 0; i < table->count; i++) {
		table->elements[i] = (long)integer_member(elements, i);
		table->calls[i].kind = EVENT_CALL;
		if (!fill_event(reader, &table->calls[i], member(calls, i)))
			return false;
	}
	call->table = table;
	return true;
}

/* CACHE, FLAGS, SIZE, TYPE, RESULT-IS-POINTER, UNREAD, PARAMETERS */
static void read_cache_members(struct reader *reader, struct event *event,
			       json_t *array)
{
	json_t *flags = member(array, 7);

	event->cache = read_cache_ref(member(array, 6));
	event->flags_known = json_is_integer(flags);
	event->flags = (unsigned long long)json_integer_value(flags);
	event->size = (unsigned long)integer_member(array, 8);
	event->type_name = string_member(reader, array, 9);
	event->result_is_pointer = flag_member(array, 10);
	event->result_unread = flag_member(array, 11);
	event->parameters = read_parameters(reader, member(array, 12));
	event->result_error_pointer_only = flag_member(array, 13);
}

/* ARGUMENTS, FUNCTION, ONLY-ARGUMENTS, INDIRECT, TABLE from 'at' on. */
static bool read_call_members(struct reader *reader, struct event *call,
			      json_t *array, size_t at)
{
	json_t *arguments = member(array, at),
	       *function = member(array, at + 1);

	call->argument_count = json_array_size(arguments);
	call->arguments = arena_alloc(&reader->tu->arena,
				      (call->argument_count + 1) *
					      sizeof(struct cache_ref));
	for (size_t i = 0; i < call->argument_count; i++)
		call->arguments[i] = read_cache_ref(member(arguments, i));
	/* -1: of this unit but unseen, which the link must not resolve. */
	call->function = -1;
	if (json_is_integer(function))
		call->function = json_integer_value(function) >= 0 ?
					 (int)json_integer_value(function) :
					 FACTS_LOCAL_UNSEEN;
	call->reaches_only_arguments = flag_member(array, at + 2);
	call->indirect = flag_member(array, at + 3);
	return read_table(reader, call, member(array, at + 4));
}

/* What the array says of an event whose kind is set. */
static bool fill_event(struct reader *reader, struct event *event,
		       json_t *array)
{
	/* The members after KIND, FILE, LINE, COLUMN, RESULT, CALLEE. */
	size_t next = 6;

	if (!json_is_array(array)) {
		reader->error = "bad event";
		return false;
	}
	if (!read_location(reader, array, 1, &event->location))
		return false;
	event->result = read_value(member(array, 4));
	event->callee = string_member(reader, array, 5);
	if (event_has_cache(event->kind)) {
		read_cache_members(reader, event, array);
		next = 13;
	}
	switch (model_event_members[event->kind]) {
	case EVENT_MEMBERS_CALL:
		return read_call_members(reader, event, array, next);
	case EVENT_MEMBERS_FIELD:
		event->field = string_member(reader, array, next);
		event->from_api_macro = flag_member(array, next + 1);
		break;
	case EVENT_MEMBERS_STORAGE:
		event->storage_name = string_member(reader, array, next);
		event->storage_is_opaque = flag_member(array, next + 1);
		event->storage_is_cache = flag_member(array, next + 2);
		break;
	case EVENT_MEMBERS_SOURCE:
		event->source = read_value(member(array, next));
		event->addend = integer_member(array, next + 1);
		event->or_zero = flag_member(array, next + 2);
		break;
	case EVENT_MEMBERS_CACHE: /* above */
	case EVENT_MEMBERS_NONE:
		break;
	}
	return true;
}

static bool read_event(struct reader *reader, struct block *block,
		       json_t *array)
{
	int kind = decode(&reader->events, integer_member(array, 0));

	if (kind < 0) {
		reader->error = "unknown event kind";
		return false;
	}
	return fill_event(
		reader,
		block_add_event(reader->tu, block, (enum event_kind)kind),
		array);
}

/* Block numbers; null reads as none. */
static int *read_blocks(struct reader *reader, json_t *array, size_t *count)
{
	int *numbers;

	*count = json_array_size(array);
	numbers = arena_alloc(&reader->tu->arena, (*count + 1) * sizeof(int));
	for (size_t i = 0; i < *count; i++)
		numbers[i] = (int)integer_member(array, i);
	return numbers;
}

/* [RESULT, then VALUE, FILE, LINE, COLUMN per predecessor] */
static bool read_phi(struct reader *reader, struct block *block, json_t *array)
{
	struct phi *phi =
		block_add_phi(reader->tu, block, (int)integer_member(array, 0));

	if (json_array_size(array) != 1 + 4 * phi->incoming_count) {
		reader->error = "phi arity";
		return false;
	}
	for (size_t i = 0; i < phi->incoming_count; i++) {
		phi->incoming[i] = read_value(member(array, 1 + 4 * i));
		if (!read_location(reader, array, 2 + 4 * i,
				   &phi->incoming_location[i]))
			return false;
	}
	return true;
}

/* EXIT and what it carries; returns the place of what follows, or 0. */
static size_t read_exit(struct reader *reader, struct block *block,
			json_t *array)
{
	int exit = decode(&reader->exits, integer_member(array, 0));
	int test;

	if (exit < 0 || exit == EXIT_BRANCH) {
		reader->error = "bad block exit";
		return 0;
	}
	block->exit = (enum block_exit)exit;
	if (block->exit == EXIT_TEST) {
		test = decode(&reader->tests, integer_member(array, 1));
		if (test < 0) {
			reader->error = "bad test";
			return 0;
		}
		block->test = (enum value_test)test;
		block->tested_value = (int)integer_member(array, 2);
		block->test_constant = integer_member(array, 3);
		block->test_unsigned = flag_member(array, 4);
		block->tests_memory = flag_member(array, 5);
		block->tests_element = json_is_integer(member(array, 6));
		block->element_value = (int)integer_member(array, 6);
		if (block->tests_element && block->element_value < 0) {
			reader->error = "bad element of a test";
			return 0;
		}
		return 7;
	}
	if (block->exit == EXIT_RETURN) {
		block->return_value = read_value(member(array, 1));
		if (!read_location(reader, array, 2, &block->return_location))
			return 0;
		return 5;
	}
	return 1;
}

/*
 * [EXIT..., SUCCESSORS, PREDECESSORS, EVENTS, PHIS], up to the edges;
 * returns the place of EVENTS, or 0.  Predecessors left out ('derived')
 * are derived once every block's successors are known.
 */
static size_t read_edges(struct reader *reader, struct function_model *function,
			 struct block *block, json_t *array, bool *derived)
{
	size_t next =
		json_is_array(array) ? read_exit(reader, block, array) : 0;
	json_t *predecessors;

	if (!next) {
		if (!reader->error)
			reader->error = "bad block";
		return 0;
	}
	block->successors = read_blocks(reader, member(array, next),
					&block->successor_count);
	for (size_t s = 0; s < block->successor_count; s++)
		if (block->successors[s] < 0 ||
		    (size_t)block->successors[s] >= function->block_count) {
			reader->error = "bad successor";
			return 0;
		}
	predecessors = member(array, next + 1);
	*derived = !predecessors || json_is_null(predecessors);
	if (!*derived)
		block->predecessors = read_blocks(reader, predecessors,
						  &block->predecessor_count);
	return next + 2;
}

/*
 * The blocks whose successors name the block, in block order: counted,
 * then filled.
 */
static void derive_predecessors(struct reader *reader,
				struct function_model *function,
				const bool *derived)
{
	struct block *blocks = function->blocks;
	size_t count = function->block_count;

	for (int pass = 0; pass < 2; pass++) {
		for (size_t b = 0; b < count; b++)
			for (size_t s = 0; s < blocks[b].successor_count; s++) {
				int to = blocks[b].successors[s];

				if (!derived[to])
					continue;
				if (pass)
					blocks[to].predecessors
						[blocks[to].predecessor_count] =
						(int)b;
				blocks[to].predecessor_count++;
			}
		for (size_t b = 0; !pass && b < count; b++) {
			if (!derived[b])
				continue;
			blocks[b].predecessors =
				arena_alloc(&reader->tu->arena,
					    (blocks[b].predecessor_count + 1) *
						    sizeof(int));
			blocks[b].predecessor_count = 0;
		}
	}
}

/* EVENTS and PHIS, from 'next' on: phis need the predecessors. */
static bool read_contents(struct reader *reader, struct block *block,
			  json_t *array, size_t next)
{
	json_t *events = member(array, next), *phis = member(array, next + 1);

	for (size_t e = 0; e < json_array_size(events); e++)
		if (!read_event(reader, block, member(events, e)))
			return false;
	for (size_t p = 0; p < json_array_size(phis); p++)
		if (!read_phi(reader, block, member(phis, p)))
			return false;
	return true;
}

/*
 * [NAME, FILE, LINE, COLUMN, EXTERNAL, PARAMETERS, VALUES, RETURNS-VALUE,
 * BLOCKS]
 */
static bool read_function(struct reader *reader, json_t *array)
{
	struct translation_unit *tu = reader->tu;
	struct source_location at;
	json_t *blocks = member(array, 8);
	struct function_model *function;
	const char *name = json_string_value(member(array, 0));
	size_t count = json_array_size(blocks), *contents_at;
	bool *derived;
	int index;

	if (!name || !read_location(reader, array, 1, &at)) {
		reader->error = "bad function";
		return false;
	}
	/* Adding may move the functions. */
	index = tu_add_function(tu, name, at);
	function = &tu->functions[index];
	function->external = flag_member(array, 4);
	function->parameter_count = (int)integer_member(array, 5);
	function->value_count = (int)integer_member(array, 6);
	function->returns_value = flag_member(array, 7);
	function->wanted = function->described = false;
	function->lowered = true;
	function_set_blocks(tu, function, count);
	contents_at = arena_alloc(&tu->arena, (count + 1) * sizeof(size_t));
	derived = arena_alloc(&tu->arena, count + 1);
	for (size_t b = 0; b < count; b++) {
		contents_at[b] =
			read_edges(reader, function, &function->blocks[b],
				   member(blocks, b), &derived[b]);
		if (!contents_at[b])
			return false;
	}
	derive_predecessors(reader, function, derived);
	for (size_t b = 0; b < count; b++)
		if (!read_contents(reader, &function->blocks[b],
				   member(blocks, b), contents_at[b]))
			return false;
	return true;
}

static bool read_object_location(struct reader *reader, json_t *object,
				 const char *key, struct source_location *at)
{
	json_t *array = json_object_get(object, key);

	return json_is_array(array) && read_location(reader, array, 0, at);
}

static bool read_instance(struct reader *reader, json_t *json)
{
	struct cache_instance instance = {
		.name = json_string_value(json_object_get(json, "name")),
		.automatic = json_is_true(json_object_get(json, "automatic")),
		.is_const = json_is_true(json_object_get(json, "const")),
		.is_extern = json_is_true(json_object_get(json, "extern")),
		.is_array = json_is_true(json_object_get(json, "array")),
		.external = json_is_true(json_object_get(json, "external")),
		.section = json_string_value(json_object_get(json, "section")),
	};

	if (!instance.name ||
	    !read_object_location(reader, json, "at", &instance.location)) {
		reader->error = "bad instance";
		return false;
	}
	tu_add_instance(reader->tu, &instance);
	return true;
}

static const char *read_string(struct reader *reader, json_t *object,
			       const char *key)
{
	const char *text = json_string_value(json_object_get(object, key));

	return text ? tu_string(reader->tu, text) : NULL;
}

static long long read_integer(json_t *object, const char *key)
{
	return json_integer_value(json_object_get(object, key));
}

static long long read_integer_or(json_t *object, const char *key,
				 long long absent)
{
	json_t *member = json_object_get(object, key);

	return json_is_integer(member) ? json_integer_value(member) : absent;
}

/* "calls-out": {FUNCTION: [NAME...]} (facts_write.c). */
static void read_calls_out(struct reader *reader, json_t *object)
{
	struct translation_unit *tu = reader->tu;
	const char *function;
	json_t *names;
	size_t i = 0;

	if (!json_is_object(object) || !json_object_size(object))
		return;
	tu->calls_out = arena_alloc(&tu->arena, json_object_size(object) *
							sizeof(*tu->calls_out));
	json_object_foreach(object, function, names)
	{
		struct calls_out *out = &tu->calls_out[i++];

		out->function = tu_string(tu, function);
		out->count = json_array_size(names);
		out->names = arena_alloc(&tu->arena,
					 (out->count + 1) * sizeof(char *));
		for (size_t n = 0; n < out->count; n++)
			out->names[n] = string_member(reader, names, n);
	}
	tu->calls_out_count = i;
}

static void read_unit(struct reader *reader, json_t *unit, json_t *root)
{
	struct translation_unit *tu = reader->tu;
	json_t *layout = json_object_get(unit, "kmem-cache");
	json_t *callable = json_object_get(root, "callable");
	const char *init, *exit;

	tu->main_file = read_string(reader, unit, "main-file");
	tu->compile_directory = read_string(reader, unit, "directory");
	tu->is_module = json_is_true(json_object_get(unit, "module"));
	tu->preallocated_bit = (int)read_integer(unit, "preallocated-bit");
	tu->panic_bit = (int)read_integer(unit, "panic-bit");
	tu->typesafe_by_rcu_bit =
		(int)read_integer(unit, "typesafe-by-rcu-bit");
	tu->page_shift = (int)read_integer_or(unit, "page-shift", -1);
	tu->forced_max_order =
		(int)read_integer_or(unit, "forced-max-order", -1);
	tu->pointer_size =
		(unsigned long)read_integer_or(unit, "pointer-size", 0);
	if (json_is_object(layout)) {
		tu->kmem_cache_complete = true;
		tu->kmem_cache_size =
			(unsigned long)read_integer(layout, "size");
		tu->kmem_cache_align =
			(unsigned long)read_integer(layout, "align");
		read_object_location(reader, layout, "at",
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
	for (size_t i = 0; i < json_array_size(callable); i++)
		if (json_is_string(member(callable, i)))
			facts_add_callable(
				tu, json_string_value(member(callable, i)));
	read_calls_out(reader, json_object_get(root, "calls-out"));
}

static bool read_body(struct reader *reader, json_t *root)
{
	json_t *codes = json_object_get(root, "codes");
	json_t *instances = json_object_get(root, "instances");
	json_t *functions = json_object_get(root, "functions");

	read_codes(reader, &reader->events, json_object_get(codes, "events"),
		   model_event_names, EVENT_KIND_COUNT);
	read_codes(reader, &reader->tests, json_object_get(codes, "tests"),
		   model_test_names, TEST_KIND_COUNT);
	read_codes(reader, &reader->exits, json_object_get(codes, "exits"),
		   model_exit_names, EXIT_KIND_COUNT);
	for (size_t i = 0; i < json_array_size(instances); i++)
		if (!read_instance(reader, member(instances, i)))
			return false;
	for (size_t f = 0; f < json_array_size(functions); f++)
		if (!read_function(reader, member(functions, f)))
			return false;
	return true;
}

int facts_read(struct translation_unit *tu, FILE *stream, char *error,
	       size_t error_size)
{
	struct reader reader = { .tu = tu };
	json_error_t json_error;
	json_t *root = json_loadf(stream, 0, &json_error);
	const char *format = NULL;
	json_int_t version = 0;
	json_t *unit = NULL;

	if (!root) {
		snprintf(error, error_size, "line %d: %s", json_error.line,
			 json_error.text);
		return -1;
	}
	if (json_unpack(root, "{s:s, s:I, s:o, s:o}", "format", &format,
			"version", &version, "unit", &unit, "files",
			&reader.files) ||
	    strcmp(format, FACTS_FORMAT) || version != FACTS_VERSION) {
		const char *producer =
			json_string_value(json_object_get(root, "producer"));

		/* Who wrote it tells the user which slabcheck to rerun. */
		snprintf(error, error_size, "not %s version %d (written by %s)",
			 FACTS_FORMAT, FACTS_VERSION,
			 producer ? producer : "an older slabcheck");
		json_decref(root);
		return -1;
	}
	tu->lowered = true;
	if (!read_body(&reader, root)) {
		snprintf(error, error_size, "%s", reader.error);
		json_decref(root);
		return -1;
	}
	read_unit(&reader, unit, root);
	json_decref(root);
	return 0;
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
