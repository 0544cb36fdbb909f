// SPDX-License-Identifier: GPL-2.0
/*
 * A path's state is one flat byte string, so that states are compared and
 * hashed as memory:
 *
 *   per slot:   status, first event, ever set up, pending setup fails with
 *               a pointer, set up or destroyed under a branch on module
 *               state (5 bytes); the value a pending setup waits on
 *               and the event that set it up (2 x int32)
 *   once:       whether the path took a side nobody could tell
 *   per value read somewhere (value_facts.c): one fact byte
 *   per tracked value: its constant (int32), valid with FACT_CONSTANT
 *
 * After those bytes, per slot, its witness (struct slot_witness): the last
 * setup and destroy of the first path that reached the state.  Hashes and
 * comparisons stop before it, so a path that differs only in where it set
 * a cache up is cut where the first one went on (loops still end, no state
 * is split), and a finding's notes come from the path that reported it.
 */
#include <string.h>

#include "walk_internal.h"

#define BYTES_PER_SLOT 5
#define INTS_PER_SLOT 2

enum slot_int {
	PENDING_VALUE,
	SETUP_NUMBER,
};

static size_t ints_offset(const struct walk *walk)
{
	return BYTES_PER_SLOT * (size_t)walk->slot_count;
}

static size_t imprecise_offset(const struct walk *walk)
{
	return ints_offset(walk) +
	       INTS_PER_SLOT * (size_t)walk->slot_count * sizeof(int32_t);
}

static size_t facts_offset(const struct walk *walk)
{
	return imprecise_offset(walk) + 1;
}

static size_t constants_offset(const struct walk *walk)
{
	return facts_offset(walk) + (size_t)walk->fact_count;
}

size_t state_layout(struct walk *walk)
{
	size_t align = _Alignof(struct slot_witness);

	walk->state_size = constants_offset(walk) +
			   (size_t)walk->tracked_count * sizeof(int32_t);
	walk->witness_offset = (walk->state_size + align - 1) / align * align;
	walk->state_bytes =
		walk->witness_offset +
		(size_t)walk->slot_count * sizeof(struct slot_witness);
	return walk->state_size;
}

struct path_state *state_new(struct walk *walk)
{
	return arena_alloc(&walk->arena, walk->state_bytes);
}

struct path_state *state_copy(struct walk *walk, const struct path_state *state)
{
	struct path_state *copy = state_new(walk);

	memcpy(copy->bytes, state->bytes, walk->state_bytes);
	return copy;
}

/* The arena aligns each state to max_align_t: the offset keeps it. */
struct slot_witness *state_witness(const struct walk *walk,
				   const struct path_state *state, int slot)
{
	return (struct slot_witness *)((unsigned char *)state->bytes +
				       walk->witness_offset) +
	       slot;
}

static unsigned char *slot_byte(const struct walk *walk,
				const struct path_state *state, int which,
				int slot)
{
	return (unsigned char *)state->bytes + which * walk->slot_count + slot;
}

unsigned char *state_status_byte(const struct walk *walk,
				 const struct path_state *state, int slot)
{
	return slot_byte(walk, state, 0, slot);
}

unsigned char *state_first_byte(const struct walk *walk,
				const struct path_state *state, int slot)
{
	return slot_byte(walk, state, 1, slot);
}

unsigned char *state_ever_set_byte(const struct walk *walk,
				   const struct path_state *state, int slot)
{
	return slot_byte(walk, state, 2, slot);
}

unsigned char *state_pointer_byte(const struct walk *walk,
				  const struct path_state *state, int slot)
{
	return slot_byte(walk, state, 3, slot);
}

unsigned char *state_guarded_byte(const struct walk *walk,
				  const struct path_state *state, int slot)
{
	return slot_byte(walk, state, 4, slot);
}

unsigned char *state_imprecise_byte(const struct walk *walk,
				    const struct path_state *state)
{
	return (unsigned char *)state->bytes + imprecise_offset(walk);
}

static unsigned char *slot_int(const struct walk *walk,
			       const struct path_state *state,
			       enum slot_int which, int slot)
{
	return (unsigned char *)state->bytes + ints_offset(walk) +
	       ((size_t)which * walk->slot_count + slot) * sizeof(int32_t);
}

static int32_t get_int(const unsigned char *at)
{
	int32_t value;

	memcpy(&value, at, sizeof(value));
	return value;
}

static void put_int(unsigned char *at, int32_t value)
{
	memcpy(at, &value, sizeof(value));
}

int32_t state_pending_value(const struct walk *walk,
			    const struct path_state *state, int slot)
{
	return get_int(slot_int(walk, state, PENDING_VALUE, slot));
}

void state_set_pending_value(const struct walk *walk, struct path_state *state,
			     int slot, int32_t value)
{
	put_int(slot_int(walk, state, PENDING_VALUE, slot), value);
}

int32_t state_setup_number(const struct walk *walk,
			   const struct path_state *state, int slot)
{
	return get_int(slot_int(walk, state, SETUP_NUMBER, slot));
}

void state_set_setup_number(const struct walk *walk, struct path_state *state,
			    int slot, int32_t number)
{
	put_int(slot_int(walk, state, SETUP_NUMBER, slot), number);
}

unsigned char *state_fact_byte(const struct walk *walk,
			       const struct path_state *state, int value)
{
	return (unsigned char *)state->bytes + facts_offset(walk) +
	       walk->fact_slot[value];
}

unsigned char *state_facts_region(const struct walk *walk,
				  const struct path_state *state)
{
	return (unsigned char *)state->bytes + facts_offset(walk);
}

size_t state_facts_length(const struct walk *walk)
{
	return walk->state_size - facts_offset(walk);
}

int64_t state_constant(const struct walk *walk, const struct path_state *state,
		       int tracked)
{
	return get_int((unsigned char *)state->bytes + constants_offset(walk) +
		       (size_t)tracked * sizeof(int32_t));
}

void state_set_constant(const struct walk *walk, struct path_state *state,
			int tracked, int64_t constant)
{
	put_int((unsigned char *)state->bytes + constants_offset(walk) +
			(size_t)tracked * sizeof(int32_t),
		(int32_t)constant);
}

/* FNV-1a over 8-byte words: states are hashed at every block entry. */
uint64_t state_hash(const struct walk *walk, int block,
		    const struct path_state *state)
{
	uint64_t hash = 1469598103934665603ull ^ (uint64_t)block;
	size_t i = 0;

	for (; i + sizeof(uint64_t) <= walk->state_size;
	     i += sizeof(uint64_t)) {
		uint64_t word;

		memcpy(&word, state->bytes + i, sizeof(word));
		hash ^= word;
		hash *= 1099511628211ull;
	}
	for (; i < walk->state_size; i++) {
		hash ^= state->bytes[i];
		hash *= 1099511628211ull;
	}
	return hash ^ hash >> 29;
}

/*
 * Byte by byte, FNV-1a: only loop headers ask, to tell a loop that goes
 * round with nothing but its counters changing (walk.c).
 */
uint64_t state_shape_hash(const struct walk *walk, int block,
			  const struct path_state *state)
{
	uint64_t hash = 1469598103934665603ull ^ (uint64_t)block;
	size_t facts = facts_offset(walk);

	for (size_t i = 0; i < facts; i++) {
		hash ^= state->bytes[i];
		hash *= 1099511628211ull;
	}
	for (int i = 0; i < walk->fact_count; i++) {
		if (walk->tracked[walk->fact_values[i]] >= 0)
			continue;
		hash ^= state->bytes[facts + (size_t)i];
		hash *= 1099511628211ull;
	}
	return hash ^ hash >> 29;
}
