// SPDX-License-Identifier: GPL-2.0
/*
 * The walk: every path through one function, from a work list, with a
 * table of the states already seen at each block so that loops end.  Events
 * change the state of the caches ("slots") the function touches; tests
 * refine what is known of values (value_facts.c); calls of the unit's functions
 * fork the path once per outcome of the callee (summary.c); rules look on
 * through observers, all of them in one walk.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "module_state.h"
#include "walk_internal.h"

void walk_debug(const struct walk *walk, const char *limit, const char *fmt,
		...)
{
	va_list args;

	if (!walk->analysis->options || !walk->analysis->options->debug)
		return;
	fprintf(stderr, "slabcheck: debug: %s: %s: ", walk->function->name,
		limit);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
}

static void grow_seen(struct walk *walk)
{
	struct seen_entry *old = walk->seen;
	size_t old_capacity = walk->seen_capacity;

	walk->seen_capacity = old_capacity ? old_capacity * 2 : 256;
	walk->seen = calloc(walk->seen_capacity, sizeof(*walk->seen));
	CHECK(walk->seen != NULL);
	for (size_t i = 0; i < walk->seen_capacity; i++)
		walk->seen[i].block = -1;
	walk->seen_count = 0;
	for (size_t i = 0; i < old_capacity; i++) {
		struct seen_entry *entry = &old[i];
		size_t slot;

		if (entry->block < 0)
			continue;
		slot = entry->hash & (walk->seen_capacity - 1);
		while (walk->seen[slot].block >= 0)
			slot = (slot + 1) & (walk->seen_capacity - 1);
		walk->seen[slot] = *entry;
		walk->seen_count++;
	}
	free(old);
}

/* Records (block, state); false when it was there already. */
static bool first_visit(struct walk *walk, int block,
			const struct path_state *state)
{
	uint64_t hash = state_hash(walk, block, state);
	size_t slot;

	if ((walk->seen_count + 1) * 2 > walk->seen_capacity)
		grow_seen(walk);
	slot = hash & (walk->seen_capacity - 1);
	while (walk->seen[slot].block >= 0) {
		struct seen_entry *entry = &walk->seen[slot];

		if (entry->state && entry->hash == hash &&
		    entry->block == block &&
		    !memcmp(entry->state->bytes, state->bytes,
			    walk->state_size))
			return false;
		slot = (slot + 1) & (walk->seen_capacity - 1);
	}
	walk->seen[slot].block = block;
	walk->seen[slot].hash = hash;
	walk->seen[slot].state = (struct path_state *)state;
	walk->seen_count++;
	return true;
}

static void push(struct walk *walk, int block, int predecessor,
		 size_t next_event, struct path_state *state)
{
	if (walk->work_count == walk->work_capacity) {
		walk->work_capacity =
			walk->work_capacity ? walk->work_capacity * 2 : 64;
		walk->work = realloc(walk->work,
				     walk->work_capacity * sizeof(*walk->work));
		CHECK(walk->work != NULL);
	}
	walk->work[walk->work_count++] = (struct pending_item){
		.block = block,
		.predecessor = predecessor,
		.next_event = next_event,
		.state = state,
	};
}

/*
 * Calls each observer that has the callback, as the current one: under its
 * rule, with its data (walk_data()).
 */
#define for_each_observer(walk, callback)                               \
	for (size_t observer_index = 0;                                 \
	     observer_index < (walk)->observer_count; observer_index++) \
		if (select_observer(walk, observer_index) &&            \
		    (walk)->observer->callback)

static bool select_observer(struct walk *walk, size_t index)
{
	walk->observer = walk->observers[index];
	if (walk->observer->rule)
		walk->analysis->rule = walk->observer->rule;
	return true;
}

static bool observed(const struct walk *walk, const struct path_state *state)
{
	/* No finding comes from a path the engine had to guess. */
	return !*state_imprecise_byte(walk, state);
}

/* Forks the path once per outcome of the callee. */
static void apply_call(struct walk *walk, const struct path_state *state,
		       const struct event *call, int block, int predecessor,
		       size_t next_event)
{
	struct summary *callee = summary_get(walk->analysis, call->function);
	bool reaches_external =
		walk->unseen_calls_reach_external &&
		walk_reaches_unseen(walk->analysis, call->function);

	if (!summary_known(callee)) {
		struct path_state *next = state_copy(walk, state);

		walk->met_unknown_callee = true;
		/* Whatever it did, nobody can tell: stay silent about it. */
		for (int i = 0; i < walk->slot_count; i++)
			walk_settle(walk, next, i, SLOT_UNKNOWN);
		set_fact(walk, next, call->result, 0);
		push(walk, block, predecessor, next_event, next);
		return;
	}
	for (size_t o = 0; o < summary_outcome_count(callee); o++) {
		struct path_state *next = state_copy(walk, state);
		const struct effect *effects;
		size_t count = summary_effects(callee, o, &effects);

		set_fact(walk, next, call->result,
			 summary_return_fact(callee, o));
		for (size_t i = 0; i < count; i++) {
			struct cache_ref mapped;
			int slot;

			if (!map_effect_ref(call, &effects[i].ref, &mapped))
				continue;
			slot = walk_slot(walk, &mapped);
			if (slot < 0)
				continue;
			if (observed(walk, next))
				for_each_observer(walk, before_effect)
					walk->observer->before_effect(
						walk, call, &effects[i], slot,
						next);
			walk_apply_effect(walk, next, call, block, &effects[i],
					  slot);
		}
		if (reaches_external)
			walk_forget_external(walk, next);
		push(walk, block, predecessor, next_event, next);
	}
}

static void enter_phis(struct walk *walk, struct path_state *state,
		       const struct block *block, int predecessor)
{
	struct phi_input *inputs = walk->phi_inputs;
	size_t index = 0;

	while (index < block->predecessor_count &&
	       block->predecessors[index] != predecessor)
		index++;
	if (index == block->predecessor_count)
		return;
	/* Phis read their inputs before any of them is written. */
	for (size_t i = 0; i < block->phi_count; i++) {
		struct value incoming = block->phis[i].incoming[index];

		inputs[i].fact = value_fact(walk, state, incoming);
		inputs[i].known = known_constant(walk, state, incoming,
						 &inputs[i].constant);
	}
	for (size_t i = 0; i < block->phi_count; i++) {
		const struct phi *phi = &block->phis[i];
		struct value incoming = phi->incoming[index];

		if (phi->result < 0 || phi->result >= walk->value_count)
			continue;
		if (incoming.kind == VALUE_ID)
			walk_follow_pending(walk, state, incoming.id,
					    phi->result, false);
		set_fact(walk, state, value_id(phi->result),
			 inputs[i].fact & ~FACT_CONSTANT);
		if (inputs[i].known)
			facts_assign(walk, state, value_id(phi->result),
				     value_constant(0), inputs[i].constant);
	}
}

static struct source_location return_location(const struct block *block,
					      int predecessor)
{
	struct value returned = block->return_value;

	if (returned.kind != VALUE_ID)
		return block->return_location;
	/* A merged return: the value says which return statement it was. */
	for (size_t i = 0; i < block->phi_count; i++) {
		const struct phi *phi = &block->phis[i];

		if (phi->result != returned.id)
			continue;
		for (size_t p = 0; p < block->predecessor_count; p++)
			if (block->predecessors[p] == predecessor &&
			    phi->incoming_location[p].line)
				return phi->incoming_location[p];
	}
	return block->return_location;
}

static void finish_block(struct walk *walk, struct path_state *state, int index,
			 int predecessor)
{
	const struct block *block = &walk->function->blocks[index];

	switch (block->exit) {
	case EXIT_RETURN:
		if (!observed(walk, state))
			return;
		for_each_observer(walk, at_return)
			walk->observer->at_return(
				walk, block->return_value,
				return_location(block, predecessor), state);
		return;
	case EXIT_TEST:
		if (block->successor_count != 2)
			goto jump;
		for (int side = 0; side < 2; side++) {
			struct path_state *next = state_copy(walk, state);

			if (block->tests_memory &&
			    !module_state_take_side(walk, next, index, side))
				continue;
			if (facts_refine(walk, next, block, side == 0))
				push(walk, block->successors[side], index, 0,
				     next);
		}
		return;
	case EXIT_JUMP:
	jump:
		for (size_t i = 0; i < block->successor_count; i++)
			push(walk, block->successors[i], index, 0,
			     i + 1 < block->successor_count ?
				     state_copy(walk, state) :
				     state);
		return;
	default:
		return;
	}
}

/*
 * How many distinct states of this shape entered the loop header so far.
 * Two shapes whose hashes collide share a count: their counters are
 * forgotten sooner, which makes the walk say less, never more.
 */
static unsigned int *shape_visits(struct walk *walk, int block, uint64_t hash)
{
	size_t slot;

	if ((walk->seen_count + 1) * 2 > walk->seen_capacity)
		grow_seen(walk);
	slot = hash & (walk->seen_capacity - 1);
	while (walk->seen[slot].block >= 0) {
		struct seen_entry *entry = &walk->seen[slot];

		if (!entry->state && entry->hash == hash &&
		    entry->block == block)
			return &entry->shape_visits;
		slot = (slot + 1) & (walk->seen_capacity - 1);
	}
	walk->seen[slot] = (struct seen_entry){ .block = block, .hash = hash };
	walk->seen_count++;
	return &walk->seen[slot].shape_visits;
}

/*
 * A loop that keeps coming round with nothing but its counters changed
 * has its counters forgotten; one whose passes change what else the path
 * knows (a cache set up, a result tested) is a new count each time.
 */
static void enter_block(struct walk *walk, struct path_state *state, int block,
			int predecessor, uint64_t *shape)
{
	enter_phis(walk, state, &walk->function->blocks[block], predecessor);
	liveness_forget_dead(walk, state, block);
	if (!walk->loop_header[block])
		return;
	*shape = state_shape_hash(walk, block, state);
	if (*shape_visits(walk, block, *shape) < walk->widen_after)
		return;
	if (!walk->widened[block])
		walk_debug(walk, "widening",
			   "block %d entered %d times with only its counters "
			   "changed",
			   block, walk->widen_after);
	walk->widened[block] = true;
	facts_widen(walk, state);
}

static void run_item(struct walk *walk, struct pending_item item)
{
	const struct block *block = &walk->function->blocks[item.block];
	struct path_state *state = item.state;

	if (item.next_event == 0) {
		uint64_t shape = 0;

		enter_block(walk, state, item.block, item.predecessor, &shape);
		/* The table keeps its own copy: the walk goes on changing
		 * state. */
		if (!first_visit(walk, item.block, state_copy(walk, state)))
			return;
		if (walk->loop_header[item.block])
			++*shape_visits(walk, item.block, shape);
		if (*state_imprecise_byte(walk, state))
			walk->imprecise = true;
	}
	for (size_t e = item.next_event; e < block->event_count; e++) {
		const struct event *event = &block->events[e], *call;

		/* A call through a table: the element the path picks. */
		if (event->kind == EVENT_CALL)
			event = table_call_on_path(walk, state, event);
		if (observed(walk, state))
			for_each_observer(walk, before_event)
				walk->observer->before_event(walk, event,
							     state);
		switch (event->kind) {
		case EVENT_SETUP:
			walk_apply_setup(walk, state, event, item.block);
			break;
		case EVENT_DESTROY:
			walk_apply_destroy(walk, state, event, item.block);
			break;
		case EVENT_CALL:
			call = event;
			if (call->function < 0) {
				walk_forget_arguments(walk, state, call);
				break;
			}
			apply_call(walk, state, call, item.block,
				   item.predecessor, e + 1);
			return;
		default:
			walk_apply_value_event(walk, state, event);
			break;
		}
	}
	finish_block(walk, state, item.block, item.predecessor);
}

/* Marks the targets of back edges (depth-first, from the entry). */
static void find_loop_headers(struct walk *walk)
{
	const struct function_model *fn = walk->function;
	size_t count = fn->block_count;
	int *stack = arena_alloc(&walk->arena, (count + 1) * sizeof(int));
	size_t *next = arena_alloc(&walk->arena, (count + 1) * sizeof(size_t));
	unsigned char *color = arena_alloc(&walk->arena, count + 1);
	size_t depth = 0;

	walk->loop_header = arena_alloc(&walk->arena, count + 1);
	stack[depth++] = 0;
	color[0] = 1; /* on the stack */
	while (depth) {
		int block = stack[depth - 1];
		const struct block *b = &fn->blocks[block];

		if (next[block] < b->successor_count) {
			int successor = b->successors[next[block]++];

			if (color[successor] == 1)
				walk->loop_header[successor] = true;
			else if (!color[successor]) {
				color[successor] = 1;
				stack[depth++] = successor;
			}
			continue;
		}
		color[block] = 2; /* done */
		depth--;
	}
}

static void prepare(struct walk *walk, const bool *initially_set)
{
	const struct function_model *fn = walk->function;
	size_t events = 0, most_phis = 0;

	walk_collect_slots(walk, initially_set);
	facts_choose(walk);
	facts_track(walk);
	state_layout(walk);
	walk->first_event_of_block =
		arena_alloc(&walk->arena, fn->block_count * sizeof(size_t));
	walk->widened = arena_alloc(&walk->arena, fn->block_count + 1);
	for (size_t b = 0; b < fn->block_count; b++) {
		walk->first_event_of_block[b] = events;
		events += fn->blocks[b].event_count;
		if (fn->blocks[b].phi_count > most_phis)
			most_phis = fn->blocks[b].phi_count;
	}
	tables_prepare(walk, events);
	walk->phi_inputs = arena_alloc(
		&walk->arena, (most_phis + 1) * sizeof(struct phi_input));
	liveness_compute(walk);
	find_loop_headers(walk);
}

/* Walks from the entry with the flagged instances in 'status'. */
static bool walk_from(struct analysis *analysis, int function,
		      const struct walk_observer *const *observers,
		      size_t observer_count, const bool *initially,
		      enum slot_status status)
{
	const struct function_model *fn = &analysis->tu->functions[function];
	struct walk walk = {
		.analysis = analysis,
		.function = fn,
		.function_index = function,
		.observers = observers,
		.observer_count = observer_count,
		.observer = observers[0],
		.value_count = fn->value_count,
	};
	struct path_state *start;
	bool complete;

	if (fn->block_count == 0)
		return true;
	for (size_t i = 0; i < observer_count; i++)
		if (observers[i]->unseen_calls_reach_external)
			walk.unseen_calls_reach_external = true;
	arena_init(&walk.arena);
	prepare(&walk, initially);
	start = state_new(&walk);
	for (int i = 0; initially && i < walk.slot_count; i++)
		if (walk.slots[i].kind == CACHE_REF_INSTANCE &&
		    initially[walk.slots[i].index]) {
			*state_status_byte(&walk, start, i) = status;
			*state_ever_set_byte(&walk, start, i) = 1;
		}
	push(&walk, 0, -1, 0, start);
	while (walk.work_count) {
		if (++walk.steps > WALK_STEP_LIMIT) {
			walk.gave_up = true;
			walk_debug(&walk, "step limit",
				   "gave up after %d steps", WALK_STEP_LIMIT);
			break;
		}
		run_item(&walk, walk.work[--walk.work_count]);
	}
	if (walk.imprecise)
		walk_debug(&walk, "imprecise",
			   "some paths tested forgotten constants");
	/*
	 * A summary built on an unknown callee would leave out the caches only
	 * that callee touches, and its callers would take them as untouched.
	 */
	complete = !walk.gave_up && !walk.imprecise && !walk.met_unknown_callee;
	free(walk.work);
	free(walk.seen);
	arena_release(&walk.arena);
	return complete;
}

bool walk_function(struct analysis *analysis, int function,
		   const struct walk_observer *observer,
		   const bool *initially_set)
{
	return walk_from(analysis, function, &observer, 1, initially_set,
			 SLOT_SET);
}

bool walk_function_observed(struct analysis *analysis, int function,
			    const struct walk_observer *const *observers,
			    size_t observer_count)
{
	return walk_from(analysis, function, observers, observer_count, NULL,
			 SLOT_SET);
}

bool walk_function_destroyed(struct analysis *analysis, int function,
			     const struct walk_observer *observer,
			     const bool *initially_destroyed)
{
	return walk_from(analysis, function, &observer, 1, initially_destroyed,
			 SLOT_DESTROYED);
}

struct analysis *walk_analysis(const struct walk *walk)
{
	return walk->analysis;
}

const struct function_model *walk_function_model(const struct walk *walk)
{
	return walk->function;
}

void *walk_data(const struct walk *walk)
{
	return walk->observer->data;
}

int walk_slot_count(const struct walk *walk)
{
	return walk->slot_count;
}

const struct cache_ref *walk_slot_ref(const struct walk *walk, int slot)
{
	return &walk->slots[slot];
}
