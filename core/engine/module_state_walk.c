// SPDX-License-Identifier: GPL-2.0
/*
 * Module state in the walk: what a branch on module state
 * (block->tests_memory, decided by module_state.c) does to the caches a
 * path follows.  On the side that skips a setup or destroy that only the
 * other side's own blocks do, that cache is forgotten; what the other side
 * sets up is marked guarded; a cache the path already destroyed, destroyed
 * again under the flag, is forgotten (module_state.c's header says why).
 *
 * A side's own blocks are those it reaches, before the branch's join (its
 * immediate post-dominator) and without coming back to the branch, that
 * the other side does not reach.  Past the join both sides run the same
 * blocks, so stopping there changes nothing and keeps the cost of each
 * branch to the blocks it guards: a function with thousands of `if
 * (flag) ...` in a row costs linear time, not quadratic.  A branch on a
 * cycle (`for (...) if (flag) setup;`) is met again after what it guards,
 * so it forgets nothing: the second pass must see the first one's setup.
 */
#include <stdlib.h>

#include "check.h"
#include "module_state.h"
#include "walk_internal.h"

/* What every branch of one walk needs of the function's shape. */
struct branch_regions {
	unsigned char *on_cycle;
	/* The immediate post-dominator, or -1: none short of the exit. */
	int *join;
	/* Scratch for one branch at a time: marks, a stack, the blocks
	 * marked (to clear them after). */
	unsigned char *marks;
	int *stack;
	int *marked;
	size_t marked_count;
};

/* Marks the blocks on a cycle: strongly connected components (Kosaraju). */
static void find_cycles(const struct function_model *fn, struct arena *arena,
			unsigned char *on_cycle)
{
	size_t count = fn->block_count, depth = 0, finished = 0;
	int *order = arena_alloc(arena, (count + 1) * sizeof(int));
	int *stack = arena_alloc(arena, (count + 1) * sizeof(int));
	size_t *next = arena_alloc(arena, (count + 1) * sizeof(size_t));
	int *component = arena_alloc(arena, (count + 1) * sizeof(int));
	int *size = arena_alloc(arena, (count + 1) * sizeof(int));
	unsigned char *seen = arena_alloc(arena, count + 1);

	/* Every block, in the order the depth-first searches finish it. */
	for (size_t root = 0; root < count; root++) {
		if (seen[root])
			continue;
		seen[root] = 1;
		stack[depth++] = (int)root;
		while (depth) {
			int block = stack[depth - 1];
			const struct block *b = &fn->blocks[block];

			if (next[block] < b->successor_count) {
				int successor = b->successors[next[block]++];

				if (!seen[successor]) {
					seen[successor] = 1;
					stack[depth++] = successor;
				}
				continue;
			}
			order[finished++] = block;
			depth--;
		}
	}
	/* Backwards, last finished first: each search is one component. */
	for (size_t i = 0; i < count; i++)
		component[i] = -1;
	for (size_t i = count; i-- > 0;) {
		int root = order[i];

		if (component[root] >= 0)
			continue;
		component[root] = root;
		stack[depth++] = root;
		while (depth) {
			const struct block *b = &fn->blocks[stack[--depth]];

			size[root]++;
			for (size_t p = 0; p < b->predecessor_count; p++) {
				int previous = b->predecessors[p];

				if (component[previous] < 0) {
					component[previous] = root;
					stack[depth++] = previous;
				}
			}
		}
	}
	for (size_t b = 0; b < count; b++) {
		const struct block *block = &fn->blocks[b];

		on_cycle[b] = size[component[b]] > 1;
		for (size_t s = 0; s < block->successor_count; s++)
			if (block->successors[s] == (int)b)
				on_cycle[b] = 1;
	}
}

/* Walks up the post-dominator tree to the common ancestor. */
static int intersect(const int *ipdom, const int *postorder, int a, int b)
{
	while (a != b) {
		while (postorder[a] < postorder[b])
			a = ipdom[a];
		while (postorder[b] < postorder[a])
			b = ipdom[b];
	}
	return a;
}

/*
 * Immediate post-dominators (Cooper, Harvey and Kennedy's iteration, on
 * the reversed graph, with one exit after every block without
 * successors).  A block no path leads out of has none.
 */
static void find_joins(const struct function_model *fn, struct arena *arena,
		       int *join)
{
	int count = (int)fn->block_count, exit = count, numbered = 0;
	int *postorder = arena_alloc(arena, (size_t)(count + 1) * sizeof(int));
	int *by_number = arena_alloc(arena, (size_t)(count + 1) * sizeof(int));
	int *ipdom = arena_alloc(arena, (size_t)(count + 1) * sizeof(int));
	int *stack = arena_alloc(arena, (size_t)(count + 1) * sizeof(int));
	size_t *next = arena_alloc(arena, (size_t)(count + 1) * sizeof(size_t));
	size_t depth = 0;
	bool changed = true;

	for (int b = 0; b <= count; b++) {
		postorder[b] = -1;
		ipdom[b] = -1;
	}
	/* Depth first from the exit, along predecessors.  The exit's own
	 * "predecessors" are the blocks without successors. */
	postorder[exit] = -2;
	stack[depth++] = exit;
	while (depth) {
		int node = stack[depth - 1], previous = -1;

		if (node == exit) {
			while (next[exit] < (size_t)count && previous < 0) {
				int b = (int)next[exit]++;

				if (!fn->blocks[b].successor_count &&
				    postorder[b] == -1)
					previous = b;
			}
		} else {
			const struct block *block = &fn->blocks[node];

			while (next[node] < block->predecessor_count &&
			       previous < 0) {
				int p = block->predecessors[next[node]++];

				if (postorder[p] == -1)
					previous = p;
			}
		}
		if (previous >= 0) {
			postorder[previous] = -2;
			stack[depth++] = previous;
			continue;
		}
		postorder[node] = numbered;
		by_number[numbered++] = node;
		depth--;
	}
	ipdom[exit] = exit;
	while (changed) {
		changed = false;
		/* Reverse postorder, the exit (numbered last) first. */
		for (int n = numbered - 2; n >= 0; n--) {
			int node = by_number[n], best = -1;
			const struct block *block = &fn->blocks[node];

			if (!block->successor_count)
				best = exit;
			for (size_t s = 0; s < block->successor_count; s++) {
				int successor = block->successors[s];

				if (ipdom[successor] < 0)
					continue;
				best = best < 0 ? successor :
						  intersect(ipdom, postorder,
							    successor, best);
			}
			if (best >= 0 && ipdom[node] != best) {
				ipdom[node] = best;
				changed = true;
			}
		}
	}
	for (int b = 0; b < count; b++)
		join[b] = ipdom[b] < 0 || ipdom[b] == exit ? -1 : ipdom[b];
}

static struct branch_regions *regions_of(struct walk *walk)
{
	const struct function_model *fn = walk->function;
	size_t count = fn->block_count;
	struct branch_regions *regions;

	if (walk->branch_regions)
		return walk->branch_regions;
	regions = arena_alloc(&walk->arena, sizeof(*regions));
	regions->on_cycle = arena_alloc(&walk->arena, count + 1);
	regions->join = arena_alloc(&walk->arena, (count + 1) * sizeof(int));
	regions->marks = arena_alloc(&walk->arena, count + 1);
	regions->stack = arena_alloc(&walk->arena, (count + 1) * sizeof(int));
	regions->marked = arena_alloc(&walk->arena, (count + 1) * sizeof(int));
	find_cycles(fn, &walk->arena, regions->on_cycle);
	find_joins(fn, &walk->arena, regions->join);
	walk->branch_regions = regions;
	return regions;
}

/*
 * Marks with 'mark' the blocks reachable from 'start' without the branch
 * or its join, and lists the ones it marks first.
 */
static void reach(const struct function_model *fn,
		  struct branch_regions *regions, int start, int branch,
		  int join, unsigned char mark)
{
	unsigned char *marks = regions->marks;
	int *stack = regions->stack;
	size_t depth = 0;

	if (start == branch || start == join || marks[start] & mark)
		return;
	if (!marks[start])
		regions->marked[regions->marked_count++] = start;
	marks[start] |= mark;
	stack[depth++] = start;
	while (depth) {
		const struct block *block = &fn->blocks[stack[--depth]];

		for (size_t i = 0; i < block->successor_count; i++) {
			int next = block->successors[i];

			if (next == branch || next == join ||
			    marks[next] & mark)
				continue;
			if (!marks[next])
				regions->marked[regions->marked_count++] = next;
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
	struct branch_regions *regions = regions_of(walk);
	struct side_effects effects;
	int **sides;

	if (!walk->memory_guards)
		walk->memory_guards = arena_alloc(
			&walk->arena, fn->block_count * sizeof(int **));
	if (walk->memory_guards[index])
		return (const int *const *)walk->memory_guards[index];
	/* Bit 1: the first side's own blocks touch it; bit 2: the second's. */
	effects.decided = calloc((size_t)walk->slot_count + 1, 1);
	effects.destroys = calloc((size_t)walk->slot_count + 1, 1);
	CHECK(effects.decided && effects.destroys);
	regions->marked_count = 0;
	if (!regions->on_cycle[index]) {
		int join = regions->join[index];

		reach(fn, regions, branch->successors[0], index, join, 1);
		reach(fn, regions, branch->successors[1], index, join, 2);
	}
	for (size_t i = 0; i < regions->marked_count; i++) {
		int b = regions->marked[i];
		const struct block *block = &fn->blocks[b];
		unsigned char side = regions->marks[b];

		regions->marks[b] = 0;
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
	free(effects.decided);
	free(effects.destroys);
	walk->memory_guards[index] = sides;
	return (const int *const *)sides;
}

void module_state_take_side(struct walk *walk, struct path_state *state,
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
