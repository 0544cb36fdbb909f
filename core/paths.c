// SPDX-License-Identifier: GPL-2.0
#include "paths.h"

#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* A walk that takes more steps than this tells the rules nothing. */
#define WALK_STEP_LIMIT 20000
/* A summary with more distinct outcomes than this is unknown. */
#define OUTCOME_LIMIT 32

/* What a path knows of a value: bits that only ever get added. */
enum fact {
	FACT_ZERO = 1 << 0,
	FACT_NONZERO = 1 << 1,
	FACT_ERROR = 1 << 2,
	FACT_NOT_ERROR = 1 << 3,
	FACT_ERROR_OR_NULL = 1 << 4,
	FACT_NOT_NEGATIVE = 1 << 5,
};

struct outcome {
	unsigned char return_fact;
	struct effect *effects;
	size_t effect_count;
};

struct summary {
	bool done;
	bool computing;
	bool known;
	struct outcome *outcomes;
	size_t outcome_count;
};

/*
 * A state is one flat byte string, so that states are compared and hashed
 * as memory: per slot a status, a first event, the value a pending setup
 * waits on and the event that set it up; then one fact per value.
 */
struct path_state {
	unsigned char bytes[1];
};

struct walk {
	struct analysis *analysis;
	const struct function_model *function;
	int function_index;
	const struct walk_observer *observer;

	struct cache_ref *slots;
	int slot_count;
	int value_count;
	size_t state_size;

	/* Events numbered across blocks, to name setup sites in states. */
	size_t *first_event_of_block;

	/* Per block, the values some path from its entry still reads. */
	uint64_t *live_in;
	size_t live_words;

	struct pending_item *work;
	size_t work_count, work_capacity;

	struct seen_entry *seen;
	size_t seen_capacity, seen_count;

	long steps;
	bool gave_up;
	struct arena arena;
};

struct pending_item {
	int block;
	int predecessor;
	size_t next_event;
	struct path_state *state;
};

struct seen_entry {
	int block;		/* -1 when free */
	uint64_t hash;
	struct path_state *state;
};

/* Layout of the state bytes. */
static unsigned char *status_of(const struct walk *walk,
				const struct path_state *state, int slot)
{
	(void)walk;
	return (unsigned char *)state->bytes + slot;
}

static unsigned char *first_of(const struct walk *walk,
			       const struct path_state *state, int slot)
{
	return (unsigned char *)state->bytes + walk->slot_count + slot;
}

/* Whether the slot was set up at some point of the path. */
static unsigned char *ever_set_of(const struct walk *walk,
				  const struct path_state *state, int slot)
{
	return (unsigned char *)state->bytes + 2 * walk->slot_count + slot;
}

#define BYTES_PER_SLOT 3

static int32_t *int_field(const struct walk *walk,
			  const struct path_state *state, int which, int slot)
{
	size_t offset = BYTES_PER_SLOT * (size_t)walk->slot_count +
			((size_t)which * walk->slot_count + slot) *
				sizeof(int32_t);

	return (int32_t *)((unsigned char *)state->bytes + offset);
}

static int32_t get_int(const struct walk *walk, const struct path_state *state,
		       int which, int slot)
{
	int32_t value;

	memcpy(&value, int_field(walk, state, which, slot), sizeof(value));
	return value;
}

static void put_int(const struct walk *walk, struct path_state *state,
		    int which, int slot, int32_t value)
{
	memcpy(int_field(walk, state, which, slot), &value, sizeof(value));
}

#define PENDING_VALUE 0
#define SETUP_SITE 1

static unsigned char *fact_of(const struct walk *walk,
			      const struct path_state *state, int value)
{
	return (unsigned char *)state->bytes +
	       BYTES_PER_SLOT * (size_t)walk->slot_count +
	       2 * (size_t)walk->slot_count * sizeof(int32_t) + value;
}

static struct path_state *new_state(struct walk *walk)
{
	return arena_alloc(&walk->arena, walk->state_size);
}

static struct path_state *copy_state(struct walk *walk,
				     const struct path_state *state)
{
	struct path_state *copy = new_state(walk);

	memcpy(copy->bytes, state->bytes, walk->state_size);
	return copy;
}

static unsigned char constant_fact(long constant)
{
	if (constant == 0)
		return FACT_ZERO | FACT_NOT_ERROR | FACT_NOT_NEGATIVE;
	if (constant < 0 && constant >= -4095)
		return FACT_NONZERO | FACT_ERROR | FACT_ERROR_OR_NULL;
	if (constant < 0)
		return FACT_NONZERO | FACT_NOT_ERROR;
	return FACT_NONZERO | FACT_NOT_ERROR | FACT_NOT_NEGATIVE;
}

static unsigned char value_fact(const struct walk *walk,
				const struct path_state *state,
				struct value value)
{
	if (value.kind == VALUE_CONSTANT)
		return constant_fact(value.constant);
	if (value.kind == VALUE_ID && value.id >= 0 &&
	    value.id < walk->value_count)
		return *fact_of(walk, state, value.id);
	return 0;
}

static void set_fact(struct walk *walk, struct path_state *state,
		     struct value value, unsigned char fact)
{
	if (value.kind == VALUE_ID && value.id >= 0 &&
	    value.id < walk->value_count)
		*fact_of(walk, state, value.id) = fact;
}

/* Whether a setup whose result has these facts surely failed. */
static bool setup_failed(unsigned char fact, bool result_is_pointer)
{
	if (result_is_pointer)
		return fact & (FACT_ZERO | FACT_ERROR | FACT_ERROR_OR_NULL);
	return fact & FACT_NONZERO;
}

bool cache_ref_followed(const struct cache_ref *ref)
{
	if (ref->kind == CACHE_REF_PARAMETER)
		return true;
	return ref->kind == CACHE_REF_INSTANCE && ref->element != ELEMENT_UNKNOWN;
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

		walk->slots = arena_grow(&walk->arena, walk->slots,
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

static struct summary *summary_get(struct analysis *analysis, int function);

static void collect_slots(struct walk *walk, const bool *initially_set)
{
	const struct function_model *fn = walk->function;
	const struct translation_unit *tu = walk->analysis->tu;
	int capacity = 0;

	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t e = 0; e < block->event_count; e++) {
			const struct event *event = &block->events[e];
			struct summary *callee;

			if (event->kind == EVENT_SETUP ||
			    event->kind == EVENT_DESTROY)
				add_slot(walk, &event->cache, &capacity);
			if (event->kind != EVENT_CALL || event->function < 0)
				continue;
			callee = summary_get(walk->analysis, event->function);
			for (size_t o = 0; callee->known &&
					   o < callee->outcome_count; o++) {
				const struct outcome *out = &callee->outcomes[o];

				for (size_t i = 0; i < out->effect_count; i++) {
					struct cache_ref mapped;

					if (map_effect_ref(event,
							   &out->effects[i].ref,
							   &mapped))
						add_slot(walk, &mapped,
							 &capacity);
				}
			}
		}
	}
	for (size_t i = 0; initially_set && i < tu->instance_count; i++) {
		struct cache_ref ref = cache_ref_instance((int)i, ELEMENT_WHOLE);

		if (initially_set[i])
			add_slot(walk, &ref, &capacity);
	}
}

static uint64_t hash_state(const struct walk *walk, int block,
			   const struct path_state *state)
{
	uint64_t hash = 1469598103934665603ull ^ (uint64_t)block;

	for (size_t i = 0; i < walk->state_size; i++) {
		hash ^= state->bytes[i];
		hash *= 1099511628211ull;
	}
	return hash;
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
	uint64_t hash = hash_state(walk, block, state);
	size_t slot;

	if ((walk->seen_count + 1) * 2 > walk->seen_capacity)
		grow_seen(walk);
	slot = hash & (walk->seen_capacity - 1);
	while (walk->seen[slot].block >= 0) {
		struct seen_entry *entry = &walk->seen[slot];

		if (entry->hash == hash && entry->block == block &&
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
		walk->work_capacity = walk->work_capacity ?
					      walk->work_capacity * 2 : 64;
		walk->work = realloc(walk->work, walk->work_capacity *
							 sizeof(*walk->work));
		CHECK(walk->work != NULL);
	}
	walk->work[walk->work_count++] = (struct pending_item){
		.block = block,
		.predecessor = predecessor,
		.next_event = next_event,
		.state = state,
	};
}

static int event_number(const struct walk *walk, const struct event *event,
			int block)
{
	const struct block *b = &walk->function->blocks[block];

	return (int)(walk->first_event_of_block[block] +
		     (size_t)(event - b->events)) + 1;
}

const struct event *state_setup_site(const struct walk *walk,
				      const struct path_state *state, int slot)
{
	int32_t number = get_int(walk, state, SETUP_SITE, slot);
	const struct function_model *fn = walk->function;

	if (number <= 0)
		return NULL;
	number--;
	for (size_t b = 0; b < fn->block_count; b++) {
		size_t first = walk->first_event_of_block[b];

		if ((size_t)number < first + fn->blocks[b].event_count)
			return &fn->blocks[b].events[number - first];
	}
	return NULL;
}

enum slot_status state_status(const struct walk *walk,
			      const struct path_state *state, int slot)
{
	enum slot_status status = *status_of(walk, state, slot);
	int32_t pending;
	const struct event *site;

	if (status != SLOT_PENDING)
		return status;
	pending = get_int(walk, state, PENDING_VALUE, slot);
	site = state_setup_site(walk, state, slot);
	if (setup_failed(value_fact(walk, state, value_id(pending)),
			 site ? site->result_is_pointer : false))
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
	       (*ever_set_of(walk, state, slot) &&
		state_status(walk, state, slot) == SLOT_DESTROYED);
}

bool state_may_be_negative(const struct walk *walk,
			   const struct path_state *state, struct value value)
{
	return !(value_fact(walk, state, value) &
		 (FACT_ZERO | FACT_NOT_NEGATIVE));
}

static void note_first(const struct walk *walk, struct path_state *state,
		       int slot, enum slot_first first)
{
	if (*first_of(walk, state, slot) == FIRST_NONE)
		*first_of(walk, state, slot) = (unsigned char)first;
}

static void apply_setup(struct walk *walk, struct path_state *state,
			const struct event *event, int block)
{
	int slot = walk_slot(walk, &event->cache);

	set_fact(walk, state, event->result, 0);
	if (slot < 0)
		return;
	note_first(walk, state, slot, FIRST_SETUP);
	*ever_set_of(walk, state, slot) = 1;
	put_int(walk, state, SETUP_SITE, slot, event_number(walk, event, block));
	if (event->result.kind == VALUE_ID) {
		*status_of(walk, state, slot) = SLOT_PENDING;
		put_int(walk, state, PENDING_VALUE, slot, event->result.id);
		return;
	}
	*status_of(walk, state, slot) = SLOT_SET;
	put_int(walk, state, PENDING_VALUE, slot, 0);
}

static void apply_destroy(struct walk *walk, struct path_state *state,
			  const struct event *event)
{
	int slot = walk_slot(walk, &event->cache);

	if (slot < 0)
		return;
	note_first(walk, state, slot, FIRST_DESTROY);
	*status_of(walk, state, slot) = SLOT_DESTROYED;
	put_int(walk, state, PENDING_VALUE, slot, 0);
}

static void apply_effect(struct walk *walk, struct path_state *state,
			 const struct event *call, int block,
			 const struct effect *effect, int slot)
{
	unsigned char status;

	note_first(walk, state, slot, (enum slot_first)effect->first);
	put_int(walk, state, PENDING_VALUE, slot, 0);
	switch (effect->final) {
	case FINAL_SET:
		status = SLOT_SET;
		break;
	case FINAL_UNSET:
		status = SLOT_UNSET;
		break;
	case FINAL_DESTROYED:
		status = SLOT_DESTROYED;
		break;
	case FINAL_PENDING_ON_RETURN:
		status = SLOT_SET;
		if (call->result.kind == VALUE_ID) {
			status = SLOT_PENDING;
			put_int(walk, state, PENDING_VALUE, slot,
				call->result.id);
		}
		break;
	default:
		status = SLOT_UNKNOWN;
		break;
	}
	*status_of(walk, state, slot) = status;
	if (effect->first == FIRST_SETUP || effect->final == FINAL_SET ||
	    effect->final == FINAL_PENDING_ON_RETURN) {
		*ever_set_of(walk, state, slot) = 1;
		put_int(walk, state, SETUP_SITE, slot,
			event_number(walk, call, block));
	}
}

/* Forks the path once per outcome of the callee; false when it cannot. */
static bool apply_call(struct walk *walk, const struct path_state *state,
		       const struct event *call, int block, int predecessor,
		       size_t next_event)
{
	struct summary *callee = summary_get(walk->analysis, call->function);

	if (!callee->known) {
		struct path_state *next = copy_state(walk, state);

		/* Whatever it did, nobody can tell: stay silent about it. */
		for (int i = 0; i < walk->slot_count; i++)
			*status_of(walk, next, i) = SLOT_UNKNOWN;
		set_fact(walk, next, call->result, 0);
		push(walk, block, predecessor, next_event, next);
		return true;
	}
	for (size_t o = 0; o < callee->outcome_count; o++) {
		const struct outcome *outcome = &callee->outcomes[o];
		struct path_state *next = copy_state(walk, state);

		set_fact(walk, next, call->result, outcome->return_fact);
		for (size_t i = 0; i < outcome->effect_count; i++) {
			const struct effect *effect = &outcome->effects[i];
			struct cache_ref mapped;
			int slot;

			if (!map_effect_ref(call, &effect->ref, &mapped))
				continue;
			slot = walk_slot(walk, &mapped);
			if (slot < 0)
				continue;
			if (walk->observer->before_effect)
				walk->observer->before_effect(walk, call, effect,
							      slot, next);
			apply_effect(walk, next, call, block, effect, slot);
		}
		push(walk, block, predecessor, next_event, next);
	}
	return true;
}

static uint64_t *live_set(const struct walk *walk, int block)
{
	return walk->live_in + (size_t)block * walk->live_words;
}

static void add_value(const struct walk *walk, uint64_t *set, struct value v)
{
	if (v.kind == VALUE_ID && v.id >= 0 && v.id < walk->value_count)
		set[v.id / 64] |= 1ull << (v.id % 64);
}

static bool is_live(const struct walk *walk, int block, int value)
{
	return live_set(walk, block)[value / 64] >> (value % 64) & 1;
}

/* Values a block defines: its phis and its events' results. */
static void block_defs(const struct walk *walk, const struct block *block,
		       uint64_t *defs)
{
	memset(defs, 0, walk->live_words * sizeof(uint64_t));
	for (size_t i = 0; i < block->phi_count; i++)
		add_value(walk, defs, value_id(block->phis[i].result));
	for (size_t e = 0; e < block->event_count; e++)
		add_value(walk, defs, block->events[e].result);
}

/* One backward step; true when the block's live set grew. */
static bool update_live(struct walk *walk, int index, uint64_t *scratch,
			uint64_t *defs)
{
	const struct block *block = &walk->function->blocks[index];
	uint64_t *live = live_set(walk, index);
	bool grew = false;

	memset(scratch, 0, walk->live_words * sizeof(uint64_t));
	for (size_t i = 0; i < block->successor_count; i++) {
		int successor = block->successors[i];
		const struct block *next = &walk->function->blocks[successor];
		uint64_t *next_live = live_set(walk, successor);

		for (size_t w = 0; w < walk->live_words; w++)
			scratch[w] |= next_live[w];
		for (size_t p = 0; p < next->predecessor_count; p++)
			if (next->predecessors[p] == index)
				for (size_t f = 0; f < next->phi_count; f++)
					add_value(walk, scratch,
						  next->phis[f].incoming[p]);
	}
	if (block->exit == EXIT_TEST)
		add_value(walk, scratch, value_id(block->tested_value));
	if (block->exit == EXIT_RETURN)
		add_value(walk, scratch, block->return_value);
	block_defs(walk, block, defs);
	for (size_t w = 0; w < walk->live_words; w++) {
		uint64_t value = scratch[w] & ~defs[w];

		if (value & ~live[w]) {
			live[w] |= value;
			grew = true;
		}
	}
	return grew;
}

/*
 * Facts about values no path reads again only split states: computing
 * which values are live lets the walk forget them.
 */
static void compute_liveness(struct walk *walk)
{
	size_t blocks = walk->function->block_count;
	uint64_t *scratch, *defs;
	bool changed = true;

	walk->live_words = ((size_t)walk->value_count + 63) / 64;
	if (!walk->live_words)
		return;
	walk->live_in = arena_alloc(&walk->arena, blocks * walk->live_words *
							  sizeof(uint64_t));
	scratch = arena_alloc(&walk->arena, walk->live_words * sizeof(uint64_t));
	defs = arena_alloc(&walk->arena, walk->live_words * sizeof(uint64_t));
	for (int round = 0; changed && round < 1000; round++) {
		changed = false;
		for (size_t b = blocks; b-- > 0;)
			changed |= update_live(walk, (int)b, scratch, defs);
	}
	/* The walk forgets after the phis ran: their results are live then. */
	for (size_t b = 0; b < blocks; b++) {
		const struct block *block = &walk->function->blocks[b];

		for (size_t i = 0; i < block->phi_count; i++)
			add_value(walk, live_set(walk, (int)b),
				  value_id(block->phis[i].result));
	}
}

/* A pending setup whose result dies is settled by what is known now. */
static void forget_dead_values(struct walk *walk, struct path_state *state,
			       int block)
{
	if (!walk->live_words)
		return;
	for (int slot = 0; slot < walk->slot_count; slot++) {
		int32_t pending;

		if (*status_of(walk, state, slot) != SLOT_PENDING)
			continue;
		pending = get_int(walk, state, PENDING_VALUE, slot);
		if (pending < 0 || pending >= walk->value_count ||
		    is_live(walk, block, pending))
			continue;
		*status_of(walk, state, slot) = state_status(walk, state, slot) ==
							SLOT_UNSET ?
						SLOT_UNSET :
						SLOT_SET;
		put_int(walk, state, PENDING_VALUE, slot, 0);
	}
	for (int value = 0; value < walk->value_count; value++)
		if (!is_live(walk, block, value))
			*fact_of(walk, state, value) = 0;
}

/* A pending setup follows its result into the phi that carries it on. */
static void follow_pending(struct walk *walk, struct path_state *state,
			   const struct phi *phi, size_t index)
{
	struct value incoming = phi->incoming[index];

	if (incoming.kind != VALUE_ID)
		return;
	for (int slot = 0; slot < walk->slot_count; slot++)
		if (*status_of(walk, state, slot) == SLOT_PENDING &&
		    get_int(walk, state, PENDING_VALUE, slot) == incoming.id)
			put_int(walk, state, PENDING_VALUE, slot, phi->result);
}

static void enter_phis(struct walk *walk, struct path_state *state,
		       const struct block *block, int predecessor)
{
	unsigned char facts[64];
	size_t index = 0;
	size_t count = block->phi_count < 64 ? block->phi_count : 64;

	while (index < block->predecessor_count &&
	       block->predecessors[index] != predecessor)
		index++;
	if (index == block->predecessor_count)
		return;
	/* Phis read their inputs before any of them is written. */
	for (size_t i = 0; i < count; i++)
		facts[i] = value_fact(walk, state, block->phis[i].incoming[index]);
	for (size_t i = 0; i < count; i++) {
		const struct phi *phi = &block->phis[i];

		if (phi->result < 0 || phi->result >= walk->value_count)
			continue;
		follow_pending(walk, state, phi, index);
		*fact_of(walk, state, phi->result) = facts[i];
	}
	/* More phis than that: their facts are simply not known. */
	for (size_t i = count; i < block->phi_count; i++)
		set_fact(walk, state, value_id(block->phis[i].result), 0);
}

/* Refines facts for one side of a test; false when that side cannot be. */
static bool refine(struct walk *walk, struct path_state *state,
		   const struct block *block, bool holds)
{
	struct value tested = value_id(block->tested_value);
	unsigned char fact = value_fact(walk, state, tested);
	unsigned char add;

	switch (block->test) {
	case TEST_ZERO:
		if (holds) {
			if (fact & FACT_NONZERO)
				return false;
			add = FACT_ZERO | FACT_NOT_ERROR;
		} else {
			if (fact & FACT_ZERO)
				return false;
			add = FACT_NONZERO;
		}
		break;
	case TEST_ERROR:
		if (holds) {
			if (fact & (FACT_NOT_ERROR | FACT_ZERO))
				return false;
			add = FACT_ERROR | FACT_NONZERO | FACT_ERROR_OR_NULL;
		} else {
			if (fact & FACT_ERROR)
				return false;
			add = FACT_NOT_ERROR;
		}
		break;
	case TEST_NEGATIVE:
		if (holds) {
			if (fact & (FACT_ZERO | FACT_NOT_NEGATIVE))
				return false;
			add = FACT_NONZERO;
		} else {
			add = FACT_NOT_NEGATIVE;
		}
		break;
	default:
		if (holds) {
			if ((fact & FACT_NOT_ERROR) && (fact & FACT_NONZERO))
				return false;
			add = FACT_ERROR_OR_NULL;
		} else {
			if (fact & (FACT_ZERO | FACT_ERROR))
				return false;
			add = FACT_NONZERO | FACT_NOT_ERROR;
		}
		break;
	}
	set_fact(walk, state, tested, fact | add);
	return true;
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

static void finish_block(struct walk *walk, struct path_state *state,
			 int index, int predecessor)
{
	const struct block *block = &walk->function->blocks[index];

	switch (block->exit) {
	case EXIT_RETURN:
		if (walk->observer->at_return)
			walk->observer->at_return(
				walk, block->return_value,
				return_location(block, predecessor), state);
		return;
	case EXIT_TEST:
		if (block->successor_count != 2)
			goto jump;
		for (int side = 0; side < 2; side++) {
			struct path_state *next = copy_state(walk, state);

			if (refine(walk, next, block, side == 0))
				push(walk, block->successors[side], index, 0,
				     next);
		}
		return;
	case EXIT_JUMP:
	jump:
		for (size_t i = 0; i < block->successor_count; i++)
			push(walk, block->successors[i], index, 0,
			     i + 1 < block->successor_count ?
				     copy_state(walk, state) :
				     state);
		return;
	default:
		return;
	}
}

/* A function the model cannot see may have done anything to its caches. */
static void forget_arguments(struct walk *walk, struct path_state *state,
			     const struct event *call)
{
	set_fact(walk, state, call->result, 0);
	for (size_t i = 0; i < call->argument_count; i++) {
		int slot = walk_slot(walk, &call->arguments[i]);

		if (slot >= 0)
			*status_of(walk, state, slot) = SLOT_UNKNOWN;
	}
}

static void run_item(struct walk *walk, struct pending_item item)
{
	const struct block *block = &walk->function->blocks[item.block];
	struct path_state *state = item.state;

	if (item.next_event == 0) {
		enter_phis(walk, state, block, item.predecessor);
		forget_dead_values(walk, state, item.block);
		/* The table keeps its own copy: the walk goes on changing state. */
		if (!first_visit(walk, item.block, copy_state(walk, state)))
			return;
	}
	for (size_t e = item.next_event; e < block->event_count; e++) {
		const struct event *event = &block->events[e];

		if (walk->observer->before_event)
			walk->observer->before_event(walk, event, state);
		switch (event->kind) {
		case EVENT_SETUP:
			apply_setup(walk, state, event, item.block);
			break;
		case EVENT_DESTROY:
			apply_destroy(walk, state, event);
			break;
		case EVENT_CALL:
			if (event->function < 0) {
				forget_arguments(walk, state, event);
				break;
			}
			apply_call(walk, state, event, item.block,
				   item.predecessor, e + 1);
			return;
		default:
			set_fact(walk, state, event->result, 0);
			break;
		}
	}
	finish_block(walk, state, item.block, item.predecessor);
}

bool walk_function(struct analysis *analysis, int function,
		   const struct walk_observer *observer,
		   const bool *initially_set)
{
	const struct function_model *fn = &analysis->tu->functions[function];
	struct walk walk = {
		.analysis = analysis,
		.function = fn,
		.function_index = function,
		.observer = observer,
		.value_count = fn->value_count,
	};
	struct path_state *start;
	size_t events = 0;

	if (fn->block_count == 0)
		return true;
	arena_init(&walk.arena);
	collect_slots(&walk, initially_set);
	walk.state_size = BYTES_PER_SLOT * (size_t)walk.slot_count +
			  2 * (size_t)walk.slot_count * sizeof(int32_t) +
			  (size_t)walk.value_count;
	if (walk.state_size == 0)
		walk.state_size = 1;
	walk.first_event_of_block = arena_alloc(
		&walk.arena, fn->block_count * sizeof(size_t));
	for (size_t b = 0; b < fn->block_count; b++) {
		walk.first_event_of_block[b] = events;
		events += fn->blocks[b].event_count;
	}

	compute_liveness(&walk);
	start = new_state(&walk);
	for (int i = 0; initially_set && i < walk.slot_count; i++)
		if (walk.slots[i].kind == CACHE_REF_INSTANCE &&
		    initially_set[walk.slots[i].index]) {
			*status_of(&walk, start, i) = SLOT_SET;
			*ever_set_of(&walk, start, i) = 1;
		}
	push(&walk, 0, -1, 0, start);
	while (walk.work_count) {
		if (++walk.steps > WALK_STEP_LIMIT) {
			walk.gave_up = true;
			break;
		}
		run_item(&walk, walk.work[--walk.work_count]);
	}
	if (walk.gave_up && getenv("SLABCHECK_DEBUG_WALKS"))
		fprintf(stderr, "slabcheck: gave up on %s\n", fn->name);
	free(walk.work);
	free(walk.seen);
	arena_release(&walk.arena);
	return !walk.gave_up;
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

/* Summaries */

struct summary_builder {
	struct summary *summary;
	struct arena *arena;
	bool overflow;
};

static bool same_outcome(const struct outcome *a, const struct outcome *b)
{
	if (a->return_fact != b->return_fact ||
	    a->effect_count != b->effect_count)
		return false;
	for (size_t i = 0; i < a->effect_count; i++) {
		const struct effect *x = &a->effects[i], *y = &b->effects[i];

		if (!same_ref(&x->ref, &y->ref) || x->first != y->first ||
		    x->final != y->final)
			return false;
	}
	return true;
}

static unsigned char final_of(const struct walk *walk,
			      const struct path_state *state, int slot,
			      struct value returned)
{
	switch (state_status(walk, state, slot)) {
	case SLOT_SET:
		return FINAL_SET;
	case SLOT_UNSET:
		return FINAL_UNSET;
	case SLOT_DESTROYED:
		return FINAL_DESTROYED;
	case SLOT_PENDING:
		if (returned.kind == VALUE_ID &&
		    get_int(walk, state, PENDING_VALUE, slot) == returned.id)
			return FINAL_PENDING_ON_RETURN;
		/* An unchecked result: assume it worked, as SLAB_PANIC does. */
		return FINAL_SET;
	default:
		return FINAL_UNKNOWN;
	}
}

static void record_outcome(struct walk *walk, struct value returned,
			   struct source_location at,
			   const struct path_state *state)
{
	struct summary_builder *builder = walk_data(walk);
	struct summary *summary = builder->summary;
	struct outcome outcome = { 0 };

	(void)at;
	if (builder->overflow)
		return;
	outcome.return_fact = value_fact(walk, state, returned);
	outcome.effects = arena_alloc(builder->arena,
				      (size_t)(walk->slot_count + 1) *
					      sizeof(struct effect));
	for (int i = 0; i < walk->slot_count; i++) {
		enum slot_status status = *status_of(walk, state, i);
		struct effect *effect;

		if (status == SLOT_UNTOUCHED)
			continue;
		effect = &outcome.effects[outcome.effect_count++];
		effect->ref = walk->slots[i];
		effect->first = *first_of(walk, state, i);
		effect->final = final_of(walk, state, i, returned);
	}
	for (size_t i = 0; i < summary->outcome_count; i++)
		if (same_outcome(&summary->outcomes[i], &outcome))
			return;
	if (summary->outcome_count == OUTCOME_LIMIT) {
		builder->overflow = true;
		return;
	}
	summary->outcomes[summary->outcome_count++] = outcome;
}

static struct summary *summary_get(struct analysis *analysis, int function)
{
	const struct translation_unit *tu = analysis->tu;
	struct summary *summary;
	struct summary_builder builder;
	struct walk_observer observer = { .at_return = record_outcome };

	if (!analysis->summaries)
		analysis->summaries = arena_alloc(
			&analysis->arena,
			(tu->function_count + 1) * sizeof(struct summary));
	summary = &analysis->summaries[function];
	if (summary->done || summary->computing)
		return summary;	/* recursion: unknown until done */
	summary->computing = true;
	summary->outcomes = arena_alloc(&analysis->arena,
					OUTCOME_LIMIT * sizeof(struct outcome));
	builder = (struct summary_builder){ .summary = summary,
					    .arena = &analysis->arena };
	observer.data = &builder;
	summary->known = walk_function(analysis, function, &observer, NULL) &&
			 !builder.overflow;
	summary->computing = false;
	summary->done = true;
	return summary;
}

bool summary_touches(struct analysis *analysis, int function,
		     bool (*visit)(const struct effect *effect, void *data),
		     void *data)
{
	struct summary *summary = summary_get(analysis, function);

	for (size_t o = 0; summary->known && o < summary->outcome_count; o++)
		for (size_t i = 0; i < summary->outcomes[o].effect_count; i++)
			if (visit(&summary->outcomes[o].effects[i], data))
				return true;
	return false;
}
