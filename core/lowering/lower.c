// SPDX-License-Identifier: GPL-2.0
/*
 * Lowering: what a front-end described (calls by name, operands, branches on
 * values) becomes what the rules see (setups, destroys, allocations, tests
 * of values).  This is where the API table is applied to a unit, so that
 * every front-end gets the same events from the same code: a call is a
 * setup because core/api.c says so, a branch tests IS_ERR() because the
 * value it branches on came from a call the table calls IS_ERR, and a
 * create with a '.preallocated' field is a setup because the field written
 * into its arguments says so, wherever the front-end's blocks split.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "check.h"
#include "canonical.h"
#include "lower.h"
#include "model.h"
#include "module_state.h"

const struct model_instruction *
lowered_definition(const struct lowering *lowering, struct operand operand)
{
	const struct definition *definition;

	if (operand.kind != OPERAND_VALUE || operand.value < 0 ||
	    operand.value >= lowering->function->value_count)
		return NULL;
	definition = &lowering->definitions[operand.value];
	if (definition->block < 0 || definition->instruction < 0)
		return NULL;
	return &lowering->function->blocks[definition->block]
			.instructions[definition->instruction];
}

const struct api_entry *lowered_api(const struct model_instruction *instruction)
{
	if (!instruction || instruction->kind != INSN_CALL ||
	    !instruction->call.name)
		return NULL;
	return api_lookup(instruction->call.name);
}

struct operand lowered_argument(const struct model_instruction *call,
				int position)
{
	if (position < 0 || (size_t)position >= call->call.argument_count)
		return operand_unknown();
	return call->call.arguments[position];
}

bool written_by_api_macro(const struct model_instruction *instruction)
{
	for (size_t i = 0; i < instruction->macro_count; i++)
		if (api_lookup_macro(instruction->macros[i]))
			return true;
	return false;
}

struct value lower_value(struct operand operand)
{
	if (operand.kind == OPERAND_VALUE)
		return value_id(operand.value);
	if (operand.kind == OPERAND_CONSTANT)
		return value_constant((long)operand.constant);
	return value_unknown();
}

/* What a cache argument refers to, through copies and to_kmem_cache(). */
struct cache_ref lowered_cache_ref(const struct lowering *lowering,
				   struct operand operand)
{
	const struct cache_ref none = { CACHE_REF_NONE, -1, ELEMENT_WHOLE };

	for (int depth = 0; depth < FOLLOW_DEPTH; depth++) {
		const struct model_instruction *definition;
		const struct api_entry *api;
		const struct object *object;
		int index;

		switch (operand.kind) {
		case OPERAND_ADDRESS:
			object = &lowering->tu->objects[operand.object];
			if (object->instance < 0)
				return none;
			return cache_ref_instance(object->instance,
						  operand.element);
		case OPERAND_VALUE:
			break;
		case OPERAND_MEMORY:
			/* Only `slabcheck convert` has what-if instances. */
			index = operand.value < 0 ?
					lowered_what_if_instance(lowering->tu,
								 operand.name) :
					-1;
			return index >= 0 ? cache_ref_instance(index,
							       ELEMENT_WHOLE) :
					    none;
		default:
			return none;
		}
		if (lowering->definitions[operand.value].parameter >= 0)
			return cache_ref_parameter(
				lowering->definitions[operand.value].parameter);
		definition = lowered_definition(lowering, operand);
		if (!definition)
			return none;
		if (definition->kind == INSN_ASSIGN) {
			operand = definition->source;
			continue;
		}
		api = lowered_api(definition);
		if (!api || api->role != API_TO_CACHE)
			return none;
		operand = lowered_argument(definition, api->cache_argument);
	}
	return none;
}

/* Bits known to be set in a flags argument. */
/*
 * A phi of flags (a variable or'ed on some paths): the bits set on every
 * path into it.  Known when every incoming value is; a loop stops at the
 * depth limit and leaves it unknown.
 */
static bool lowered_phi_flags(const struct lowering *lowering,
			      struct operand operand, unsigned long long *flags,
			      int depth)
{
	const struct definition *definition;
	const struct phi *phi;
	unsigned long long common = ~0ull;

	if (operand.kind != OPERAND_VALUE || operand.value < 0 ||
	    operand.value >= lowering->function->value_count)
		return false;
	definition = &lowering->definitions[operand.value];
	if (definition->block < 0 || definition->phi < 0)
		return false;
	phi = &lowering->function->blocks[definition->block]
		       .phis[definition->phi];
	if (!phi->incoming_count)
		return false;
	for (size_t i = 0; i < phi->incoming_count; i++) {
		const struct value *incoming = &phi->incoming[i];
		struct operand from = { 0 };
		unsigned long long bits = 0;

		if (incoming->kind == VALUE_CONSTANT) {
			from.kind = OPERAND_CONSTANT;
			from.constant = incoming->constant;
		} else if (incoming->kind == VALUE_ID) {
			from.kind = OPERAND_VALUE;
			from.value = incoming->id;
		} else {
			return false;
		}
		if (!lowered_flags(lowering, from, &bits, depth + 1))
			return false;
		common &= bits;
	}
	*flags = common;
	return true;
}

bool lowered_flags(const struct lowering *lowering, struct operand operand,
		   unsigned long long *flags, int depth)
{
	const struct model_instruction *definition;

	if (depth > FOLLOW_DEPTH)
		return false;
	if (operand.kind == OPERAND_CONSTANT) {
		*flags = (unsigned long long)operand.constant;
		return true;
	}
	if (lowered_phi_flags(lowering, operand, flags, depth))
		return true;
	definition = lowered_definition(lowering, operand);
	if (!definition)
		return false;
	if (definition->kind == INSN_ASSIGN)
		return lowered_flags(lowering, definition->source, flags,
				     depth + 1);
	if (definition->kind == INSN_BINARY &&
	    definition->binary.op == BINARY_BIT_OR) {
		unsigned long long left = 0, right = 0;
		bool known_left = lowered_flags(
			lowering, definition->binary.left, &left, depth + 1);
		bool known_right = lowered_flags(
			lowering, definition->binary.right, &right, depth + 1);

		/* Known set bits survive an or with anything. */
		*flags = (known_left ? left : 0) | (known_right ? right : 0);
		return known_left || known_right;
	}
	return false;
}

struct event *lowered_event(struct lowering *lowering, struct block *block,
			    const struct model_instruction *instruction,
			    enum event_kind kind)
{
	struct event *event = block_add_event(lowering->tu, block, kind);

	event->location = instruction->location;
	if (instruction->result >= 0)
		event->result = value_id(instruction->result);
	return event;
}

static void describe_storage(struct event *event, const struct object *object)
{
	event->storage_name = object->name;
	event->storage_is_opaque =
		object->type_tag && !strcmp(object->type_tag, API_OPAQUE_TAG);
	event->storage_is_cache =
		object->type_tag && !strcmp(object->type_tag, API_CACHE_TAG);
}

/* The address of something that is not an instance used as a cache. */
static void check_cast(struct lowering *lowering, struct block *block,
		       const struct model_instruction *call,
		       struct operand operand)
{
	const struct object *object;
	struct event *event;

	if (operand.kind != OPERAND_ADDRESS)
		return;
	object = &lowering->tu->objects[operand.object];
	if (object->instance >= 0)
		return;
	event = block_add_event(lowering->tu, block, EVENT_CACHE_CAST);
	event->location = call->location;
	describe_storage(event, object);
}

static void lower_object_event(struct lowering *lowering, struct block *block,
			       const struct model_instruction *call,
			       const struct api_entry *api,
			       struct cache_ref cache)
{
	static const enum event_kind kinds[] = {
		[API_DESTROY] = EVENT_DESTROY,
		[API_ALLOC] = EVENT_ALLOC,
		[API_FREE] = EVENT_FREE,
		[API_USE] = EVENT_USE,
	};
	struct event *event =
		lowered_event(lowering, block, call, kinds[api->role]);
	struct operand object;

	event->callee = api->name;
	event->cache = cache;
	if (api->role == API_ALLOC && call->call.result_pointee) {
		event->size = call->call.result_pointee_size;
		event->type_name = call->call.result_pointee;
	}
	/* The object's own type: what the source passes, not its root. */
	object = lowered_argument(call, api->object_argument);
	if (api->role == API_FREE && object.pointee) {
		event->size = object.pointee_size;
		event->type_name = object.pointee;
	}
}

static void lower_api_call(struct lowering *lowering, struct block *block,
			   const struct model_instruction *call,
			   const struct api_entry *api)
{
	struct operand cache_operand =
		lowered_argument(call, api->cache_argument);
	struct cache_ref cache = lowered_cache_ref(lowering, cache_operand);
	struct event *event;

	if (api->role != API_TO_CACHE)
		check_cast(lowering, block, call, cache_operand);
	switch (api->role) {
	case API_SETUP:
		lower_setup(lowering, block, call, api, cache);
		return;
	case API_CREATE_ARGS:
		if (lowered_preallocated(
			    lowering,
			    lowered_argument(call, api->args_argument),
			    &cache)) {
			lower_setup(lowering, block, call, api, cache);
			return;
		}
		lower_create(lowering, block, call, api);
		return;
	case API_CREATE:
		lower_create(lowering, block, call, api);
		return;
	case API_DESTROY:
	case API_ALLOC:
	case API_FREE:
	case API_USE:
		lower_object_event(lowering, block, call, api, cache);
		return;
	case API_ERRNO:
	case API_ERRNO_OR_ZERO:
		if (call->result < 0)
			return;
		event = lowered_event(lowering, block, call, EVENT_VALUE_ERRNO);
		event->source = lower_value(lowered_argument(call, 0));
		event->or_zero = api->role == API_ERRNO_OR_ZERO;
		return;
	case API_TO_CACHE:
		lower_heap_check(lowering, block, call, cache_operand);
		if (cache_operand.kind == OPERAND_ADDRESS) {
			event = block_add_event(lowering->tu, block,
						EVENT_CACHE_CAST);
			event->location = call->location;
			describe_storage(
				event,
				&lowering->tu->objects[cache_operand.object]);
		}
		break;
	default:
		break;
	}
	if (call->result >= 0)
		lowered_event(lowering, block, call, EVENT_DEFINE);
}

static void lower_call(struct lowering *lowering, struct block *block,
		       const struct model_instruction *call)
{
	const struct api_entry *api = lowered_api(call);
	struct event *event;
	int callee = -1;

	if (api) {
		lower_api_call(lowering, block, call, api);
		return;
	}
	if (call->call.name) {
		callee = tu_find_function(lowering->tu, call->call.name);
	}
	event = lowered_event(lowering, block, call, EVENT_CALL);
	/*
	 * A body the core did not ask for touches no cache itself; unless it
	 * calls out of the unit, it cannot reach one at all.
	 */
	if (callee >= 0 && !lowering->tu->functions[callee].wanted) {
		event->reaches_only_arguments =
			!lowering->tu->functions[callee].leaves_unit;
		callee = -1;
	}
	event->function = callee;
	event->callee = call->call.name ? call->call.name : "<indirect>";
	event->indirect = !call->call.name;
	event->argument_count = call->call.argument_count;
	event->arguments = arena_alloc(&lowering->tu->arena,
				       (event->argument_count + 1) *
					       sizeof(struct cache_ref));
	for (size_t i = 0; i < event->argument_count; i++)
		event->arguments[i] =
			lowered_cache_ref(lowering, call->call.arguments[i]);
	if (event->indirect)
		lower_table_call(lowering, event, call);
}

static void lower_binary(struct lowering *lowering, struct block *block,
			 const struct model_instruction *instruction)
{
	struct operand left = instruction->binary.left;
	struct operand right = instruction->binary.right;
	enum binary_operator op = instruction->binary.op;
	struct event *event;

	if (instruction->result < 0)
		return;
	if ((op == BINARY_ADD || op == BINARY_SUB) &&
	    right.kind == OPERAND_CONSTANT && left.kind != OPERAND_ADDRESS) {
		event = lowered_event(lowering, block, instruction,
				      EVENT_VALUE_ADD);
		event->source = lower_value(left);
		event->addend =
			op == BINARY_ADD ? right.constant : -right.constant;
		return;
	}
	if (op == BINARY_ADD && left.kind == OPERAND_CONSTANT &&
	    right.kind != OPERAND_ADDRESS) {
		event = lowered_event(lowering, block, instruction,
				      EVENT_VALUE_ADD);
		event->source = lower_value(right);
		event->addend = left.constant;
		return;
	}
	lowered_event(lowering, block, instruction, EVENT_DEFINE);
}

/*
 * Zero (NULL) written to a field is what leaving it out of the initializer
 * does: mm/ sees no internal field set, so no finding.  Front-ends differ in
 * whether an initializer's zero fields are instructions at all.
 */
static bool writes_zero(const struct model_instruction *instruction)
{
	struct operand source = instruction->field_write.source;

	return source.kind == OPERAND_CONSTANT && source.constant == 0;
}

static void lower_field_write(struct lowering *lowering, struct block *block,
			      const struct model_instruction *instruction)
{
	const char *tag = instruction->field_write.type_tag;
	struct operand object = instruction->field_write.object;
	struct event *event;

	if (!tag || strcmp(tag, API_ARGS_TAG) ||
	    !api_is_reserved_args_field(instruction->field_write.field) ||
	    writes_zero(instruction))
		return;
	event = lowered_event(lowering, block, instruction, EVENT_ARGS_FIELD);
	event->field = instruction->field_write.field;
	/* The setup macros fill a compound literal for their create call. */
	event->from_api_macro = written_by_api_macro(instruction) ||
				(object.kind == OPERAND_ADDRESS &&
				 lowering->filled_by_api[object.object]);
}

static void lower_instruction(struct lowering *lowering, struct block *block,
			      const struct model_instruction *instruction)
{
	struct event *event;

	switch (instruction->kind) {
	case INSN_CALL:
		lower_call(lowering, block, instruction);
		return;
	case INSN_ASSIGN:
		if (instruction->result < 0)
			return;
		event = lowered_event(lowering, block, instruction,
				      EVENT_VALUE_COPY);
		event->source = lower_value(instruction->source);
		return;
	case INSN_BINARY:
		lower_binary(lowering, block, instruction);
		return;
	case INSN_FIELD_WRITE:
		lower_field_write(lowering, block, instruction);
		return;
	case INSN_OBJECT_COPY:
		if (!instruction->object_copy.type_tag ||
		    strcmp(instruction->object_copy.type_tag, API_OPAQUE_TAG))
			return;
		event = lowered_event(lowering, block, instruction, EVENT_COPY);
		event->storage_name = instruction->object_copy.source_name;
		return;
	case INSN_DEFINE:
	case INSN_LOAD:
		if (instruction->result >= 0)
			lowered_event(lowering, block, instruction,
				      EVENT_DEFINE);
		return;
	case INSN_STORE:
		lower_what_if_store(lowering, block, instruction);
		return;
	case INSN_USE:
		return;
	}
}

/*
 * A volatile access (READ_ONCE(), atomic_read()) reads a counter or state
 * others change concurrently, not a record of what module init did: its
 * value is no module state, and a volatile write records none.  Decided
 * here, once, for what every front-end describes as it is.
 */
static void canonicalize_volatile_accesses(struct function_model *function)
{
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++) {
			struct model_instruction *instruction =
				&block->instructions[i];

			if (!instruction->volatile_access)
				continue;
			if (instruction->kind == INSN_ASSIGN &&
			    instruction->source.kind == OPERAND_MEMORY) {
				instruction->kind = INSN_DEFINE;
				instruction->source = operand_unknown();
			} else if (instruction->kind == INSN_STORE) {
				instruction->kind = INSN_USE;
				instruction->use.operands = NULL;
				instruction->use.operand_count = 0;
			}
		}
	}
}

static void collect_definitions(struct lowering *lowering)
{
	struct function_model *function = lowering->function;

	for (int v = 0; v < function->value_count; v++)
		lowering->definitions[v] =
			(struct definition){ -1, -1, -1, -1 };
	for (int p = 0;
	     function->parameter_values && p < function->parameter_count; p++) {
		int value = function->parameter_values[p];

		if (value >= 0 && value < function->value_count)
			lowering->definitions[value].parameter = p;
	}
	for (size_t b = 0; b < function->block_count; b++) {
		const struct block *block = &function->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++) {
			int result = block->instructions[i].result;

			if (result < 0 || result >= function->value_count)
				continue;
			lowering->definitions[result].block = (int)b;
			lowering->definitions[result].instruction = (int)i;
		}
		for (size_t p = 0; p < block->phi_count; p++) {
			int result = block->phis[p].result;

			if (result < 0 || result >= function->value_count)
				continue;
			lowering->definitions[result].block = (int)b;
			lowering->definitions[result].phi = (int)p;
		}
	}
}

static void note_write(struct lowering *lowering,
		       const struct model_instruction *instruction,
		       size_t *capacity)
{
	struct operand object = instruction->field_write.object;
	const char *tag = instruction->field_write.type_tag;

	if (object.kind != OPERAND_ADDRESS || !tag || strcmp(tag, API_ARGS_TAG))
		return;
	if (lowering->write_count == *capacity) {
		*capacity = *capacity ? *capacity * 2 : 8;
		lowering->writes =
			realloc(lowering->writes,
				*capacity * sizeof(*lowering->writes));
		CHECK(lowering->writes != NULL);
	}
	lowering->writes[lowering->write_count++] = (struct field_write){
		.object = object.object,
		.instruction = instruction,
	};
}

/* Field writes into args objects, and the objects API macros fill. */
static void collect_writes(struct lowering *lowering)
{
	const struct block *file_scope = &lowering->tu->file_scope;
	struct function_model *function = lowering->function;
	size_t capacity = 0;

	for (size_t i = 0; i < file_scope->instruction_count; i++)
		if (file_scope->instructions[i].kind == INSN_FIELD_WRITE)
			note_write(lowering, &file_scope->instructions[i],
				   &capacity);
	for (size_t b = 0; b < function->block_count; b++) {
		const struct block *block = &function->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++) {
			const struct model_instruction *instruction =
				&block->instructions[i];
			const struct api_entry *api = lowered_api(instruction);
			struct operand args;

			if (instruction->kind == INSN_FIELD_WRITE)
				note_write(lowering, instruction, &capacity);
			if (!api || api->role != API_CREATE_ARGS ||
			    !written_by_api_macro(instruction))
				continue;
			args = lowered_argument(instruction,
						api->args_argument);
			if (args.kind == OPERAND_ADDRESS)
				lowering->filled_by_api[args.object] = 1;
		}
	}
}

static void lower_function(struct translation_unit *tu,
			   struct function_model *function)
{
	struct lowering lowering = {
		.tu = tu,
		.function = function,
	};

	lowering.definitions = calloc((size_t)function->value_count + 1,
				      sizeof(*lowering.definitions));
	lowering.filled_by_api = calloc(tu->object_count + 1, 1);
	lowering.read = calloc((size_t)function->value_count + 1, 1);
	CHECK(lowering.definitions && lowering.filled_by_api && lowering.read);
	canonicalize_volatile_accesses(function);
	collect_definitions(&lowering);
	lower_what_if_loads(&lowering);
	collect_writes(&lowering);
	lower_collect_reads(&lowering);
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++)
			lower_instruction(&lowering, block,
					  &block->instructions[i]);
		if (block->exit == EXIT_BRANCH)
			lower_branch(&lowering, block);
	}
	lower_outcome_phis(&lowering);
	module_state_mark_tests(&lowering);
	function->lowered = true;
	free(lowering.definitions);
	free(lowering.filled_by_api);
	free(lowering.writes);
	free(lowering.read);
}

static void add_instances(struct translation_unit *tu)
{
	for (size_t i = 0; i < tu->object_count; i++) {
		struct object *object = &tu->objects[i];
		struct cache_instance instance;

		if (!object->type_tag ||
		    strcmp(object->type_tag, API_OPAQUE_TAG))
			continue;
		instance = (struct cache_instance){
			.name = object->name,
			.location = object->location,
			.automatic = object->automatic,
			.is_const = object->is_const,
			.is_extern = object->is_extern,
			.is_array = object->is_array,
			.section = object->section,
			.external = object->external,
		};
		object->instance = tu_add_instance(tu, &instance);
	}
}

/* File-scope initializers have no function: give them one of their own. */
static void lower_file_scope(struct translation_unit *tu)
{
	struct source_location nowhere = { NULL, 0, 0 };
	struct function_model *function;
	struct lowering lowering = { .tu = tu };
	const struct block *file_scope = &tu->file_scope;
	int index;

	if (!file_scope->instruction_count)
		return;
	index = tu_add_function(tu, "<file scope>", nowhere);
	function = &tu->functions[index];
	function_set_blocks(tu, function, 1);
	function->blocks[0].exit = EXIT_NONE;
	lowering.function = function;
	lowering.filled_by_api = calloc(tu->object_count + 1, 1);
	CHECK(lowering.filled_by_api != NULL);
	for (size_t i = 0; i < file_scope->instruction_count; i++)
		if (file_scope->instructions[i].kind == INSN_FIELD_WRITE)
			lower_field_write(&lowering, &function->blocks[0],
					  &file_scope->instructions[i]);
	function->lowered = true;
	free(lowering.filled_by_api);
}

void model_lower(struct translation_unit *tu)
{
	if (tu->lowered)
		return;
	tu->lowered = true;
	add_instances(tu);
	for (size_t f = 0; f < tu->function_count; f++) {
		struct function_model *function = &tu->functions[f];

		if (function->described && !function->lowered)
			lower_function(tu, function);
	}
	/*
	 * Only once every function is lowered: the lowering of a call reads
	 * the callee's body as the front-end described it.
	 */
	for (size_t f = 0; f < tu->function_count; f++)
		if (tu->functions[f].described)
			function_canonicalize(tu, &tu->functions[f]);
	lower_file_scope(tu);
}
