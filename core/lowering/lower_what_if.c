// SPDX-License-Identifier: GPL-2.0
/*
 * `slabcheck convert`'s question about a pointer to a dynamic cache: what
 * would the unit do if the pointer were a static instance?  The patch
 * turns `p = kmem_cache_create(...)` into a setup of the instance, `if
 * (!p)` right after it into a test of the setup's result, and every other
 * use of p into a use of the instance; the lowering does the same to the
 * model when the unit has what-if instances (cache_instance.what_if), so
 * that the path engine walks the converted code as it walks any other
 * (core/convert/convert_paths.c asks it).  Units that are only checked
 * have none: nothing here changes what a check sees.
 */
#include <string.h>

#include "lower.h"

int lowered_what_if_instance(const struct translation_unit *tu,
			     const char *name)
{
	for (size_t i = 0; name && i < tu->instance_count; i++)
		if (tu->instances[i].what_if &&
		    !strcmp(tu->instances[i].name, name))
			return (int)i;
	return -1;
}

/* The creation whose result a store writes, or NULL. */
static const struct model_instruction *
stored_creation(const struct lowering *lowering,
		const struct model_instruction *store)
{
	const struct model_instruction *definition;
	const struct api_entry *api;

	if (store->stored_value.kind != OPERAND_VALUE)
		return NULL;
	definition = lowered_definition(lowering, store->stored_value);
	if (!definition || definition->kind != INSN_CALL)
		return NULL;
	api = lowered_api(definition);
	if (!api || (api->role != API_CREATE && api->role != API_CREATE_ARGS))
		return NULL;
	return definition;
}

/*
 * The store of 'name' before instruction 'at' of the block, when it writes
 * a creation's result: the NULL test after a creation reads the pointer
 * back from memory, where the converted code tests the setup's result.
 */
static const struct model_instruction *
store_before(const struct lowering *lowering, const struct block *block,
	     size_t at, const char *name)
{
	while (at-- > 0) {
		const struct model_instruction *instruction =
			&block->instructions[at];

		if (instruction->kind == INSN_CALL &&
		    (!lowered_api(instruction) ||
		     lowered_api(instruction)->role != API_PASS_THROUGH))
			return NULL;
		if (instruction->kind == INSN_STORE &&
		    !strcmp(instruction->store, name))
			return stored_creation(lowering, instruction) ?
				       instruction :
				       NULL;
	}
	return NULL;
}

/* Whether the unit asks at all: a check never does. */
static bool asks_what_if(const struct translation_unit *tu)
{
	for (size_t i = 0; i < tu->instance_count; i++)
		if (tu->instances[i].what_if)
			return true;
	return false;
}

void lower_what_if_loads(struct lowering *lowering)
{
	struct function_model *function = lowering->function;

	if (!asks_what_if(lowering->tu))
		return;
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++) {
			struct model_instruction *load =
				&block->instructions[i];
			const struct model_instruction *store;

			if (load->kind != INSN_ASSIGN ||
			    load->source.kind != OPERAND_MEMORY ||
			    load->source.value >= 0 ||
			    lowered_what_if_instance(lowering->tu,
						     load->source.name) < 0)
				continue;
			store = store_before(lowering, block, i,
					     load->source.name);
			if (store)
				load->source = store->stored_value;
		}
	}
}

void lower_what_if_store(struct lowering *lowering, struct block *block,
			 const struct model_instruction *store)
{
	int instance = lowered_what_if_instance(lowering->tu, store->store);
	const struct model_instruction *creation;

	if (instance < 0)
		return;
	creation = stored_creation(lowering, store);
	if (!creation)
		return;
	for (size_t e = block->event_count; e-- > 0;) {
		struct event *event = &block->events[e];

		if (event->kind != EVENT_CREATE ||
		    event->result.kind != VALUE_ID ||
		    event->result.id != creation->result)
			continue;
		event->kind = EVENT_SETUP;
		event->cache = cache_ref_instance(instance, ELEMENT_WHOLE);
		event->result_is_pointer = true;
		return;
	}
}
