// SPDX-License-Identifier: GPL-2.0
/*
 * The caches a walk follows ("slots"), and what a path's state says of
 * each: set up, pending on a result, failed, destroyed, unknown.  Rules ask
 * these questions through paths.h.
 */
#include "walk_internal.h"

bool cache_ref_followed(const struct cache_ref *ref)
{
	if (ref->kind == CACHE_REF_PARAMETER)
		return true;
	return ref->kind == CACHE_REF_INSTANCE &&
	       ref->element != ELEMENT_UNKNOWN;
}

static bool same_ref(const struct cache_ref *a, const struct cache_ref *b)
{
	return a->kind == b->kind && a->index == b->index &&
	       a->element == b->element;
}

int walk_slot(const struct walk *walk, const struct cache_ref *ref)
{
	for (int i = 0; i < walk->slot_count; i++)
		if (same_ref(&walk->slots[i], ref))
			return i;
	return -1;
}

static void add_slot(struct walk *walk, const struct cache_ref *ref,
		     int *capacity)
{
	if (!cache_ref_followed(ref) || walk_slot(walk, ref) >= 0)
		return;
	if (walk->slot_count == *capacity) {
		int grown = *capacity ? *capacity * 2 : 8;

		walk->slots =
			arena_grow(&walk->arena, walk->slots,
				   (size_t)*capacity * sizeof(*walk->slots),
				   (size_t)grown * sizeof(*walk->slots));
		*capacity = grown;
	}
	walk->slots[walk->slot_count++] = *ref;
}

bool map_effect_ref(const struct event *call, const struct cache_ref *ref,
		    struct cache_ref *mapped)
{
	if (ref->kind == CACHE_REF_INSTANCE) {
		*mapped = *ref;
		return true;
	}
	if (ref->kind != CACHE_REF_PARAMETER || ref->index < 0 ||
	    (size_t)ref->index >= call->argument_count)
		return false;
	*mapped = call->arguments[ref->index];
	return cache_ref_followed(mapped);
}

/* The callee's effects, mapped into the caller: slots they need. */
static void add_callee_slots(struct walk *walk, const struct event *call,
			     int *capacity)
{
	struct summary *callee = summary_get(walk->analysis, call->function);

	for (size_t o = 0;
	     summary_known(callee) && o < summary_outcome_count(callee); o++) {
		const struct effect *effects;
		size_t count = summary_effects(callee, o, &effects);

		for (size_t i = 0; i < count; i++) {
			struct cache_ref mapped;

			if (map_effect_ref(call, &effects[i].ref, &mapped))
				add_slot(walk, &mapped, capacity);
		}
	}
}

/* What any element of a table may do: the path picks one of them. */
static void add_table_slots(struct walk *walk, const struct table_call *table,
			    int *capacity)
{
	for (size_t i = 0; i < table->count; i++)
		if (table->calls[i].function >= 0)
			add_callee_slots(walk, &table->calls[i], capacity);
}

void walk_collect_slots(struct walk *walk, const bool *initially_set)
{
	const struct function_model *fn = walk->function;
	const struct translation_unit *tu = walk->analysis->tu;
	int capacity = 0;

	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t e = 0; e < block->event_count; e++) {
			const struct event *event = &block->events[e];

			if (event->kind == EVENT_SETUP ||
			    event->kind == EVENT_DESTROY)
				add_slot(walk, &event->cache, &capacity);
			if (event->kind == EVENT_CALL && event->function >= 0)
				add_callee_slots(walk, event, &capacity);
			if (event->kind == EVENT_CALL && event->table)
				add_table_slots(walk, event->table, &capacity);
		}
	}
	for (size_t i = 0; initially_set && i < tu->instance_count; i++) {
		struct cache_ref ref =
			cache_ref_instance((int)i, ELEMENT_WHOLE);

		if (initially_set[i])
			add_slot(walk, &ref, &capacity);
	}
}

const struct event *state_setup_site(const struct walk *walk,
				     const struct path_state *state, int slot)
{
	int32_t number = state_setup_number(walk, state, slot);
	const struct function_model *fn = walk->function;

	if (number <= 0)
		return NULL;
	number--;
	for (size_t b = 0; b < fn->block_count; b++) {
		size_t first = walk->first_event_of_block[b];

		if ((size_t)number < first + fn->blocks[b].event_count)
			return &fn->blocks[b].events[number - first];
	}
	return table_event_at(walk, (size_t)number);
}

enum slot_status state_status(const struct walk *walk,
			      const struct path_state *state, int slot)
{
	enum slot_status status = *state_status_byte(walk, state, slot);
	int32_t pending;

	if (status != SLOT_PENDING)
		return status;
	pending = state_pending_value(walk, state, slot);
	if (setup_failed(value_fact(walk, state, value_id(pending)),
			 *state_pointer_byte(walk, state, slot)))
		return SLOT_UNSET;
	return SLOT_PENDING;
}

bool state_may_be_set(const struct walk *walk, const struct path_state *state,
		      int slot)
{
	enum slot_status status = state_status(walk, state, slot);

	return status == SLOT_SET || status == SLOT_PENDING;
}

bool state_was_set_up(const struct walk *walk, const struct path_state *state,
		      int slot)
{
	if (state_status(walk, state, slot) == SLOT_UNKNOWN)
		return false;
	return state_may_be_set(walk, state, slot) ||
	       (*state_ever_set_byte(walk, state, slot) &&
		state_status(walk, state, slot) == SLOT_DESTROYED);
}

bool state_may_be_negative(const struct walk *walk,
			   const struct path_state *state, struct value value)
{
	return !(value_fact(walk, state, value) &
		 (FACT_ZERO | FACT_NOT_NEGATIVE));
}

const struct path_state *state_assume_negative(struct walk *walk,
					       const struct path_state *state,
					       struct value value)
{
	struct path_state *assumed;

	if (!state_may_be_negative(walk, state, value))
		return NULL;
	assumed = state_copy(walk, state);
	if (value.kind == VALUE_ID &&
	    !facts_refine_value(walk, assumed, value, TEST_NEGATIVE, 0, false,
				true))
		return NULL;
	return assumed;
}
