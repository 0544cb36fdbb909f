// SPDX-License-Identifier: GPL-2.0
/*
 * Building the model of a translation unit (model.h): what a front-end
 * calls to describe objects, functions, blocks, instructions, edges and
 * phis, and the unit's indexes (functions by name).  Arrays live in the
 * unit's arena and grow by doubling.
 */
#include "model.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

/* How dumps and facts files name event kinds and tests. */
const char *const model_event_names[EVENT_KIND_COUNT] = {
#define EVENT(kind, name, values, members) [EVENT_##kind] = name,
#include "event_list.h"
};

const enum event_values model_event_values[EVENT_KIND_COUNT] = {
#define EVENT(kind, name, values, members) \
	[EVENT_##kind] = EVENT_VALUE_##values,
#include "event_list.h"
};

const enum event_members model_event_members[EVENT_KIND_COUNT] = {
#define EVENT(kind, name, values, members) \
	[EVENT_##kind] = EVENT_MEMBERS_##members,
#include "event_list.h"
};

bool event_reads_source(const struct event *event)
{
	return model_event_values[event->kind] == EVENT_VALUE_COMPUTES;
}

bool event_only_computes(const struct event *event)
{
	return model_event_values[event->kind] != EVENT_VALUE_NONE;
}

const char *const model_test_names[TEST_KIND_COUNT] = {
	[TEST_ZERO] = "zero",
	[TEST_ERROR] = "error",
	[TEST_ERROR_OR_NULL] = "error-or-null",
	[TEST_NEGATIVE] = "negative",
	[TEST_EQUAL] = "equal",
	[TEST_LESS] = "less",
	[TEST_IN_SET] = "in-set",
	[TEST_UNKNOWN] = "unknown",
};

const char *const model_exit_names[EXIT_KIND_COUNT] = {
	[EXIT_JUMP] = "jump", [EXIT_BRANCH] = "branch",
	[EXIT_TEST] = "test", [EXIT_RETURN] = "return",
	[EXIT_NONE] = "none",
};

void tu_init(struct translation_unit *tu, const char *main_file)
{
	memset(tu, 0, sizeof(*tu));
	arena_init(&tu->arena);
	tu->main_file = tu_string(tu, main_file ? main_file : "");
	tu->module_init = -1;
	tu->module_exit = -1;
	tu->preallocated_bit = -1;
	tu->panic_bit = -1;
	tu->typesafe_by_rcu_bit = -1;
	tu->page_shift = -1;
	tu->forced_max_order = -1;
}

void tu_release(struct translation_unit *tu)
{
	arena_release(&tu->arena);
	memset(tu, 0, sizeof(*tu));
}

const char *tu_string(struct translation_unit *tu, const char *text)
{
	return arena_strdup(&tu->arena, text ? text : "");
}

/* Doubles an arena array when it is full. */
void *tu_reserve(struct translation_unit *tu, void *array, size_t count,
		 size_t *capacity, size_t element_size)
{
	size_t new_capacity;

	if (count < *capacity)
		return array;
	new_capacity = *capacity ? *capacity * 2 : 16;
	array = arena_grow(&tu->arena, array, count * element_size,
			   new_capacity * element_size);
	*capacity = new_capacity;
	return array;
}

int tu_add_instance(struct translation_unit *tu,
		    const struct cache_instance *instance)
{
	struct cache_instance *copy;

	tu->instances =
		tu_reserve(tu, tu->instances, tu->instance_count,
			   &tu->instance_capacity, sizeof(*tu->instances));
	copy = &tu->instances[tu->instance_count];
	*copy = *instance;
	copy->name = tu_string(tu, instance->name);
	copy->location.file = tu_string(tu, instance->location.file);
	if (instance->section)
		copy->section = tu_string(tu, instance->section);
	return (int)tu->instance_count++;
}

int tu_add_function(struct translation_unit *tu, const char *name,
		    struct source_location location)
{
	struct function_model *function;

	tu->functions =
		tu_reserve(tu, tu->functions, tu->function_count,
			   &tu->function_capacity, sizeof(*tu->functions));
	function = &tu->functions[tu->function_count];
	memset(function, 0, sizeof(*function));
	function->name = tu_string(tu, name);
	function->location = location;
	function->location.file = tu_string(tu, location.file);
	return (int)tu->function_count++;
}

int tu_add_object(struct translation_unit *tu, const struct object *object)
{
	struct object *copy;

	tu->objects = tu_reserve(tu, tu->objects, tu->object_count,
				 &tu->object_capacity, sizeof(*tu->objects));
	copy = &tu->objects[tu->object_count];
	*copy = *object;
	copy->name = tu_string(tu, object->name);
	copy->type_tag =
		object->type_tag ? tu_string(tu, object->type_tag) : NULL;
	copy->location.file = tu_string(tu, object->location.file);
	copy->section = object->section ? tu_string(tu, object->section) : NULL;
	copy->instance = -1;
	return (int)tu->object_count++;
}

int tu_find_instance(const struct translation_unit *tu, const char *name)
{
	for (size_t i = 0; i < tu->instance_count; i++)
		if (!strcmp(tu->instances[i].name, name))
			return (int)i;
	return -1;
}

/* Sorts function indices by name, for tu_find_function(). */
static const struct translation_unit *sorting;

static int compare_names(const void *left, const void *right)
{
	return strcmp(sorting->functions[*(const int *)left].name,
		      sorting->functions[*(const int *)right].name);
}

void tu_index_functions(struct translation_unit *tu)
{
	tu->functions_by_name =
		arena_alloc(&tu->arena, (tu->function_count + 1) * sizeof(int));
	for (size_t i = 0; i < tu->function_count; i++)
		tu->functions_by_name[i] = (int)i;
	sorting = tu;
	qsort(tu->functions_by_name, tu->function_count, sizeof(int),
	      compare_names);
	sorting = NULL;
	tu->indexed_function_count = tu->function_count;
}

int tu_find_function(const struct translation_unit *tu, const char *name)
{
	size_t low = 0, high = tu->indexed_function_count;

	/* Units have hundreds of functions: search the index while valid. */
	while (low < high) {
		size_t middle = (low + high) / 2;
		int index = tu->functions_by_name[middle];
		int order = strcmp(tu->functions[index].name, name);

		if (!order)
			return index;
		if (order < 0)
			low = middle + 1;
		else
			high = middle;
	}
	for (size_t i = tu->indexed_function_count; i < tu->function_count; i++)
		if (!strcmp(tu->functions[i].name, name))
			return (int)i;
	return -1;
}

void function_set_blocks(struct translation_unit *tu,
			 struct function_model *function, size_t count)
{
	function->blocks =
		arena_alloc(&tu->arena, count * sizeof(struct block));
	function->block_count = count;
}

int function_add_block(struct translation_unit *tu,
		       struct function_model *function)
{
	size_t count = function->block_count;

	function->blocks = arena_grow(&tu->arena, function->blocks,
				      count * sizeof(struct block),
				      (count + 1) * sizeof(struct block));
	memset(&function->blocks[count], 0, sizeof(struct block));
	function->block_count = count + 1;
	return (int)count;
}

/* Appends one zeroed element to an arena array that grows one at a time. */
static void *append(struct translation_unit *tu, void *array, size_t *count,
		    size_t element_size)
{
	/* Capacity is the next power of two: no separate field needed. */
	size_t n = *count;

	if (n == 0 || (n & (n - 1)) == 0)
		array = arena_grow(&tu->arena, array, n * element_size,
				   (n ? n * 2 : 1) * element_size);
	(*count)++;
	return array;
}

struct event *block_add_event(struct translation_unit *tu, struct block *block,
			      enum event_kind kind)
{
	struct event *event;

	block->events = append(tu, block->events, &block->event_count,
			       sizeof(*block->events));
	event = &block->events[block->event_count - 1];
	event->kind = kind;
	if (kind == EVENT_CALL)
		event->function = -1;
	event->result = value_unknown();
	return event;
}

struct model_instruction *block_add_instruction(struct translation_unit *tu,
						struct block *block,
						enum instruction_kind kind)
{
	struct model_instruction *instruction;

	block->instructions =
		append(tu, block->instructions, &block->instruction_count,
		       sizeof(*block->instructions));
	instruction = &block->instructions[block->instruction_count - 1];
	instruction->kind = kind;
	instruction->result = -1;
	return instruction;
}

struct operand *tu_operands(struct translation_unit *tu, size_t count)
{
	return arena_alloc(&tu->arena, (count + 1) * sizeof(struct operand));
}

const char **tu_strings(struct translation_unit *tu, size_t count)
{
	return arena_alloc(&tu->arena, (count + 1) * sizeof(const char *));
}

void function_set_parameters(struct translation_unit *tu,
			     struct function_model *function, int count)
{
	function->parameter_count = count;
	function->parameter_values =
		arena_alloc(&tu->arena, ((size_t)count + 1) * sizeof(int));
	for (int i = 0; i < count; i++)
		function->parameter_values[i] = -1;
}

void function_add_callee(struct translation_unit *tu,
			 struct function_model *function, const char *name)
{
	for (size_t i = 0; i < function->callee_count; i++)
		if (!strcmp(function->callees[i], name))
			return;
	function->callees =
		append(tu, function->callees, &function->callee_count,
		       sizeof(*function->callees));
	function->callees[function->callee_count - 1] = tu_string(tu, name);
}

void function_add_table_callee(struct translation_unit *tu,
			       struct function_model *function, int object,
			       const char *field)
{
	struct table_reference *reference;

	function->table_references =
		append(tu, function->table_references,
		       &function->table_reference_count, sizeof(*reference));
	reference =
		&function->table_references[function->table_reference_count -
					    1];
	reference->object = object;
	reference->field = field ? tu_string(tu, field) : NULL;
}

void block_add_edge(struct translation_unit *tu, struct function_model *fn,
		    int from, int to)
{
	struct block *source = &fn->blocks[from];
	struct block *target = &fn->blocks[to];

	CHECK(from >= 0 && (size_t)from < fn->block_count);
	CHECK(to >= 0 && (size_t)to < fn->block_count);
	source->successors = append(tu, source->successors,
				    &source->successor_count, sizeof(int));
	source->successors[source->successor_count - 1] = to;
	target->predecessors = append(tu, target->predecessors,
				      &target->predecessor_count, sizeof(int));
	target->predecessors[target->predecessor_count - 1] = from;
}

void block_add_joining_edge(struct translation_unit *tu,
			    struct function_model *fn, int from, int to,
			    size_t like)
{
	struct block *target = &fn->blocks[to];
	size_t count = target->predecessor_count;

	CHECK(like < count);
	block_add_edge(tu, fn, from, to);
	for (size_t i = 0; i < target->phi_count; i++) {
		struct phi *phi = &target->phis[i];
		struct value *incoming = arena_alloc(
			&tu->arena, (count + 1) * sizeof(struct value));
		struct source_location *location = arena_alloc(
			&tu->arena,
			(count + 1) * sizeof(struct source_location));

		memcpy(incoming, phi->incoming, count * sizeof(struct value));
		memcpy(location, phi->incoming_location,
		       count * sizeof(struct source_location));
		incoming[count] = phi->incoming[like];
		location[count] = phi->incoming_location[like];
		phi->incoming = incoming;
		phi->incoming_location = location;
		phi->incoming_count = count + 1;
	}
}

void block_add_predecessor(struct translation_unit *tu, struct block *block,
			   int predecessor)
{
	CHECK(!block->phi_count);
	block->predecessors = append(tu, block->predecessors,
				     &block->predecessor_count, sizeof(int));
	block->predecessors[block->predecessor_count - 1] = predecessor;
}

struct phi *block_add_phi(struct translation_unit *tu, struct block *block,
			  int result)
{
	struct phi *phi;
	size_t count = block->predecessor_count;

	block->phis = append(tu, block->phis, &block->phi_count,
			     sizeof(*block->phis));
	phi = &block->phis[block->phi_count - 1];
	phi->result = result;
	phi->incoming_count = count;
	phi->incoming =
		arena_alloc(&tu->arena, (count + 1) * sizeof(struct value));
	phi->incoming_location = arena_alloc(
		&tu->arena, (count + 1) * sizeof(struct source_location));
	return phi;
}

void tu_describe_function_entry(struct translation_unit *tu, int object,
				long element, const char *field,
				const char *function)
{
	struct object *described;
	struct function_entry *entry;

	CHECK(object >= 0 && (size_t)object < tu->object_count);
	described = &tu->objects[object];
	described->function_entries =
		append(tu, described->function_entries,
		       &described->function_entry_count, sizeof(*entry));
	entry = &described->function_entries[described->function_entry_count -
					     1];
	entry->element = element;
	entry->field = field ? tu_string(tu, field) : NULL;
	entry->function = tu_string(tu, function);
}

void instruction_visit_operands(struct model_instruction *instruction,
				void (*visit)(struct operand *operand,
					      void *data),
				void *data)
{
	switch (instruction->kind) {
	case INSN_CALL:
		visit(&instruction->call.target, data);
		for (size_t i = 0; i < instruction->call.argument_count; i++)
			visit(&instruction->call.arguments[i], data);
		return;
	case INSN_ASSIGN:
		visit(&instruction->source, data);
		return;
	case INSN_BINARY:
		visit(&instruction->binary.left, data);
		visit(&instruction->binary.right, data);
		return;
	case INSN_FIELD_WRITE:
		visit(&instruction->field_write.object, data);
		visit(&instruction->field_write.source, data);
		return;
	case INSN_LOAD:
		visit(&instruction->load.object, data);
		if (instruction->load.indexed)
			visit(&instruction->load.index, data);
		return;
	case INSN_USE:
		for (size_t i = 0; i < instruction->use.operand_count; i++)
			visit(&instruction->use.operands[i], data);
		return;
	case INSN_OBJECT_COPY:
	case INSN_DEFINE:
	case INSN_STORE:
		return;
	}
}

struct value_search {
	int value;
	bool found;
};

static void find_value(struct operand *operand, void *data)
{
	struct value_search *search = data;

	if ((operand->kind == OPERAND_VALUE ||
	     operand->kind == OPERAND_MEMBER_ADDRESS) &&
	    operand->value == search->value)
		search->found = true;
}

bool block_reads_value(struct block *block, size_t first, int value)
{
	struct value_search search = { value, false };

	for (size_t i = first; i < block->instruction_count && !search.found;
	     i++)
		instruction_visit_operands(&block->instructions[i], find_value,
					   &search);
	return search.found;
}
