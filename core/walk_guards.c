// SPDX-License-Identifier: GPL-2.0
/*
 * Branches on memory.  A module exit that destroys its cache only
 * `if (cache_ready)`, or an init that sets it up only `if (use_cache)`, is
 * right when the flag says what init did; the walk cannot know, since the
 * flag lives in memory that other functions wrote.  Taking both sides as
 * if either could happen with the cache in any state would report the side
 * that skips the destroy.  Instead, on the side of such a branch that
 * skips a setup or destroy (directly, or by a function of the unit) that
 * only the other side's blocks do, that cache is forgotten (SLOT_UNKNOWN,
 * about which no rule speaks).  The side that runs them is walked as it
 * is, so a resetup or a use after destroy inside is still found, but what
 * it sets up is marked as guarded: a helper that sets up only
 * `if (!foo_inited)` and then sets the flag is not a resetup when called
 * twice (kmem-resetup).  Likewise a cache the path already destroyed, met
 * again at a branch whose side destroys it (`if (foo_ready) { destroy;
 * foo_ready = false; }`, called twice): the first destroy may have cleared
 * the flag, so the cache is forgotten on that side too, and the second
 * destroy is no kmem-use-after-destroy.  A branch on memory that guards no
 * setup or destroy
 * (`if (debug) pr_info(...)`) forgets nothing.  Which
 * branches test memory is the lowering's call (core/lower_branch.c): a
 * variable with static storage that the function does not write before.
 */
#include <stdlib.h>

#include "check.h"
#include "walk_internal.h"

/* Marks with 'mark' the blocks reachable from 'start' without 'cut'. */
static void reach(const struct function_model *fn, int start, int cut,
		  unsigned char *marks, unsigned char mark, int *stack)
{
	size_t depth = 0;

	if (start == cut || marks[start] & mark)
		return;
	marks[start] |= mark;
	stack[depth++] = start;
	while (depth) {
		const struct block *block = &fn->blocks[stack[--depth]];

		for (size_t i = 0; i < block->successor_count; i++) {
			int next = block->successors[i];

			if (next == cut || marks[next] & mark)
				continue;
			marks[next] |= mark;
			stack[depth++] = next;
		}
	}
}

/*
 * What one side's own blocks do to a slot: 'decided' that they set it up
 * or destroy it, 'destroys' that they destroy it.
 */
struct side_effects {
	unsigned char *decided;
	unsigned char *destroys;
};

static void add_slot(struct side_effects *effects, unsigned char side, int slot,
		     bool destroy)
{
	if (slot < 0)
		return;
	effects->decided[slot] |= side;
	if (destroy)
		effects->destroys[slot] |= side;
}

/* The slots a call's callee may set up or destroy. */
static void callee_decides(struct walk *walk, const struct event *call,
			   struct side_effects *side_effects,
			   unsigned char side)
{
	struct summary *callee;

	if (call->function < 0)
		return;
	callee = summary_get(walk->analysis, call->function);
	if (!summary_known(callee))
		return;
	for (size_t o = 0; o < summary_outcome_count(callee); o++) {
		const struct effect *effects;
		size_t count = summary_effects(callee, o, &effects);

		for (size_t i = 0; i < count; i++) {
			struct cache_ref mapped;

			if (map_effect_ref(call, &effects[i].ref, &mapped))
				add_slot(side_effects, side,
					 walk_slot(walk, &mapped),
					 effects[i].first == FIRST_DESTROY ||
						 effects[i].final ==
							 FINAL_DESTROYED);
		}
	}
}

/*
 * A call through a table of the unit's functions may be any of its
 * elements: a branch that guards a loop over a table of exits (`if
 * (parts_up) for (...) parts[i].exit();`) guards what each element does.
 */
static void call_decides(struct walk *walk, const struct event *call,
			 struct side_effects *effects, unsigned char side)
{
	callee_decides(walk, call, effects, side);
	if (!call->table)
		return;
	for (size_t i = 0; i < call->table->count; i++)
		callee_decides(walk, &call->table->calls[i], effects, side);
}

/*
 * Per side of the branch at the end of 'index', the slots to forget on it:
 * those that only the other side sets up or destroys.  A slot both sides
 * touch (destroyed in the if and in the else) is followed as it is.
 * Entries 2 and 3: the slots that only side 0, or side 1, destroys.
 */
static const int *const *skipped_slots(struct walk *walk, int index)
{
	const struct function_model *fn = walk->function;
	const struct block *branch = &fn->blocks[index];
	struct side_effects effects;
	unsigned char *marks;
	int *stack, **sides;

	if (!walk->memory_guards)
		walk->memory_guards = arena_alloc(
			&walk->arena, fn->block_count * sizeof(int **));
	if (walk->memory_guards[index])
		return (const int *const *)walk->memory_guards[index];
	marks = calloc(fn->block_count, 1);
	stack = calloc(fn->block_count, sizeof(int));
	/* Bit 1: the first side's own blocks touch it; bit 2: the second's. */
	effects.decided = calloc((size_t)walk->slot_count + 1, 1);
	effects.destroys = calloc((size_t)walk->slot_count + 1, 1);
	CHECK(marks && stack && effects.decided && effects.destroys);
	reach(fn, branch->successors[0], index, marks, 1, stack);
	reach(fn, branch->successors[1], index, marks, 2, stack);
	/*
	 * A branch in a loop (`for (i = 0; i < nr_mounts; i++)`) is met
	 * again after what it guards: the second pass must still see the
	 * first one's setup.
	 */
	reach(fn, branch->successors[0], -1, marks, 4, stack);
	reach(fn, branch->successors[1], -1, marks, 4, stack);
	for (size_t b = 0; !(marks[index] & 4) && b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];
		unsigned char side = marks[b] & 3;

		/* Blocks both sides reach happen whichever way it goes. */
		if (side != 1 && side != 2)
			continue;
		for (size_t e = 0; e < block->event_count; e++) {
			const struct event *event = &block->events[e];

			if (event->kind == EVENT_SETUP ||
			    event->kind == EVENT_DESTROY)
				add_slot(&effects, side,
					 walk_slot(walk, &event->cache),
					 event->kind == EVENT_DESTROY);
			else if (event->kind == EVENT_CALL)
				call_decides(walk, event, &effects, side);
		}
	}
	sides = arena_alloc(&walk->arena, 4 * sizeof(int *));
	for (int side = 0; side < 2; side++) {
		unsigned char own = side ? 2 : 1, other = side ? 1 : 2;
		int count = 0, destroyed = 0;

		sides[side] = arena_alloc(&walk->arena,
					  ((size_t)walk->slot_count + 1) *
						  sizeof(int));
		sides[2 + side] = arena_alloc(&walk->arena,
					      ((size_t)walk->slot_count + 1) *
						      sizeof(int));
		/* Side 0 skips what only side 1's blocks do, and so on. */
		for (int slot = 0; slot < walk->slot_count; slot++) {
			if (effects.decided[slot] == other)
				sides[side][count++] = slot;
			if (effects.decided[slot] == own &&
			    effects.destroys[slot] & own)
				sides[2 + side][destroyed++] = slot;
		}
		sides[side][count] = -1;
		sides[2 + side][destroyed] = -1;
	}
	free(marks);
	free(stack);
	free(effects.decided);
	free(effects.destroys);
	walk->memory_guards[index] = sides;
	return (const int *const *)sides;
}

void walk_forget_memory_guarded(struct walk *walk, struct path_state *state,
				int index, int side)
{
	const int *const *sides = skipped_slots(walk, index);

	for (size_t i = 0; sides[side][i] >= 0; i++)
		walk_settle(walk, state, sides[side][i], SLOT_UNKNOWN);
	/* What the other side skips, this one runs: under the flag. */
	for (size_t i = 0; sides[!side][i] >= 0; i++)
		*state_guarded_byte(walk, state, sides[!side][i]) = 1;
	/*
	 * A cache this path already destroyed, destroyed again only under
	 * the flag (`if (foo_ready) { destroy; foo_ready = false; }`, called
	 * twice on a failing path): the flag tells whether it runs, and the
	 * first destroy may have cleared it.  Cannot tell: forget it.
	 */
	for (size_t i = 0; sides[2 + side][i] >= 0; i++)
		if (state_status(walk, state, sides[2 + side][i]) ==
		    SLOT_DESTROYED)
			walk_settle(walk, state, sides[2 + side][i],
				    SLOT_UNKNOWN);
}
