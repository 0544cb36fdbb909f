// SPDX-License-Identifier: GPL-2.0
/*
 * Which values some path from a block's entry still reads.  Facts about
 * values no later block reads only split states: the walk forgets them, and
 * settles a pending setup whose result dies by what is known at that point.
 */
#include <string.h>

#include "walk_internal.h"

static uint64_t *live_set(const struct walk *walk, int block)
{
	return walk->live_in + (size_t)block * walk->live_words;
}

static void add_value(const struct walk *walk, uint64_t *set, struct value v)
{
	if (v.kind == VALUE_ID && v.id >= 0 && v.id < walk->value_count)
		set[v.id / 64] |= 1ull << (v.id % 64);
}

bool liveness_is_live(const struct walk *walk, int block, int value)
{
	return live_set(walk, block)[value / 64] >> (value % 64) & 1;
}

/* Values a block defines: its phis and its events' results. */
static void block_definitions(const struct walk *walk,
			      const struct block *block, uint64_t *defined)
{
	memset(defined, 0, walk->live_words * sizeof(uint64_t));
	for (size_t i = 0; i < block->phi_count; i++)
		add_value(walk, defined, value_id(block->phis[i].result));
	for (size_t e = 0; e < block->event_count; e++)
		add_value(walk, defined, block->events[e].result);
}

/* Values a block's events read before it defines them. */
static void block_uses(const struct walk *walk, const struct block *block,
		       uint64_t *live)
{
	for (size_t e = block->event_count; e-- > 0;) {
		const struct event *event = &block->events[e];
		struct value result = event->result;

		if (result.kind == VALUE_ID && result.id >= 0 &&
		    result.id < walk->value_count)
			live[result.id / 64] &= ~(1ull << (result.id % 64));
		if (event_reads_source(event))
			add_value(walk, live, event->source);
		add_value(walk, live, table_index(event));
	}
}

/* One backward step; true when the block's live set grew. */
static bool update_live(struct walk *walk, int index, uint64_t *scratch,
			uint64_t *defined)
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
	if (block->exit == EXIT_TEST && block->test != TEST_UNKNOWN)
		add_value(walk, scratch, value_id(block->tested_value));
	/* The element a branch on module state tests picks what it guards. */
	if (block_element_value(block) >= 0)
		add_value(walk, scratch, value_id(block_element_value(block)));
	if (block->exit == EXIT_RETURN)
		add_value(walk, scratch, block->return_value);
	block_uses(walk, block, scratch);
	block_definitions(walk, block, defined);
	for (size_t w = 0; w < walk->live_words; w++) {
		uint64_t value = scratch[w] & ~defined[w];

		if (value & ~live[w]) {
			live[w] |= value;
			grew = true;
		}
	}
	return grew;
}

void liveness_compute(struct walk *walk)
{
	size_t blocks = walk->function->block_count;
	uint64_t *scratch, *defined;
	bool changed = true;

	walk->live_words = ((size_t)walk->value_count + 63) / 64;
	walk->keep_masks = arena_alloc(
		&walk->arena, (blocks + 1) * sizeof(*walk->keep_masks));
	if (!walk->live_words)
		return;
	walk->live_in = arena_alloc(&walk->arena, blocks * walk->live_words *
							  sizeof(uint64_t));
	scratch =
		arena_alloc(&walk->arena, walk->live_words * sizeof(uint64_t));
	defined =
		arena_alloc(&walk->arena, walk->live_words * sizeof(uint64_t));
	for (int round = 0; changed; round++) {
		changed = false;
		for (size_t b = blocks; b-- > 0;)
			changed |= update_live(walk, (int)b, scratch, defined);
		/*
		 * Sets only grow, so this ends; a function that still changes
		 * after this many rounds gets every value live, which forgets
		 * nothing and so cannot make a finding.
		 */
		if (changed && round == LIVENESS_ROUND_LIMIT) {
			walk_debug(walk, "liveness",
				   "no fixed point after %d "
				   "rounds: every value kept",
				   LIVENESS_ROUND_LIMIT);
			memset(walk->live_in, 0xff,
			       blocks * walk->live_words * sizeof(uint64_t));
			break;
		}
	}
	/* The walk forgets after the phis ran: their results are live then. */
	for (size_t b = 0; b < blocks; b++) {
		const struct block *block = &walk->function->blocks[b];

		for (size_t i = 0; i < block->phi_count; i++)
			add_value(walk, live_set(walk, (int)b),
				  value_id(block->phis[i].result));
	}
}

/*
 * Per block, a byte mask over the facts and constants of the state: 0xff
 * where the value is live at the block's entry, 0 where it is dead.  The
 * walk enters blocks thousands of times; masking is one pass over a few
 * hundred bytes that the compiler vectorizes, computed once per block.
 */
static const unsigned char *keep_mask(struct walk *walk, int block)
{
	size_t length = state_facts_length(walk);
	unsigned char *mask;

	if (walk->keep_masks[block])
		return walk->keep_masks[block];
	mask = arena_alloc(&walk->arena, length + 1);
	for (int i = 0; i < walk->fact_count; i++) {
		int value = walk->fact_values[i];
		int tracked = walk->tracked[value];

		if (!liveness_is_live(walk, block, value))
			continue;
		mask[i] = 0xff;
		if (tracked >= 0)
			memset(mask + walk->fact_count +
				       (size_t)tracked * sizeof(int32_t),
			       0xff, sizeof(int32_t));
	}
	walk->keep_masks[block] = mask;
	return mask;
}

static void forget_dead_facts(struct walk *walk, struct path_state *state,
			      int block)
{
	const unsigned char *mask = keep_mask(walk, block);
	unsigned char *facts = state_facts_region(walk, state);
	size_t length = state_facts_length(walk);

	size_t i = 0;

	for (; i + sizeof(uint64_t) <= length; i += sizeof(uint64_t)) {
		uint64_t keep, value;

		memcpy(&keep, mask + i, sizeof(keep));
		memcpy(&value, facts + i, sizeof(value));
		value &= keep;
		memcpy(facts + i, &value, sizeof(value));
	}
	for (; i < length; i++)
		facts[i] &= mask[i];
}

void liveness_forget_dead(struct walk *walk, struct path_state *state,
			  int block)
{
	if (!walk->live_words)
		return;
	for (int slot = 0; slot < walk->slot_count; slot++) {
		int32_t pending;

		if (*state_status_byte(walk, state, slot) != SLOT_PENDING)
			continue;
		pending = state_pending_value(walk, state, slot);
		if (pending < 0 || pending >= walk->value_count ||
		    liveness_is_live(walk, block, pending))
			continue;
		*state_status_byte(walk, state, slot) =
			state_status(walk, state, slot) == SLOT_UNSET ?
				SLOT_UNSET :
				SLOT_SET;
		state_set_pending_value(walk, state, slot, 0);
		*state_pointer_byte(walk, state, slot) = 0;
	}
	forget_dead_facts(walk, state, block);
}
