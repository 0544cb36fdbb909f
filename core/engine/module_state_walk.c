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
 *
 * A flag per element, `for (i = ...) { if (!done[i]) continue;
 * steps[i].exit(); }` as fs/btrfs runs its table of init steps: where the
 * path knows i, the branch guards what element i of the table does, and
 * nothing else, also on a cycle, since each pass tests a flag of its
 * own.  What such a side runs is marked guarded by the element's flag, so
 * that a destroy under one element's flag, met again under another's (a
 * table that lists a step twice), is the use after destroy it is; met
 * after a destroy under no element's flag (the step's own init failed and
 * cleaned up, so its flag was never set), it is forgotten as any other.
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

/* A branch on a flag per element: which value picks it, which one it is. */
struct element_guard {
	int value;
	long element;
};

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
 * Under a flag per element (guard->value), a call by the same index is
 * the element guard->element.
 */
static void call_decides(struct walk *walk, const struct event *call,
			 const struct element_guard *guard,
			 struct side_effects *effects, unsigned char side)
{
	callee_decides(walk, call, effects, side);
	if (!call->table)
		return;
	for (size_t i = 0; i < call->table->count; i++)
		if (!guard || call->table->index != guard->value ||
		    call->table->elements[i] == guard->element)
			callee_decides(walk, &call->table->calls[i], effects,
				       side);
}

/*
 * Per side of the branch at the end of 'index', the slots to forget on it:
 * those that only the other side sets up or destroys.  A slot both sides
 * touch (destroyed in the if and in the else) is followed as it is.
 * Entries 2 and 3: the slots that only side 0, or side 1, destroys.
 * With a guard, for the flag of one element.
 */
static int **compute_skipped_slots(struct walk *walk, int index,
				   const struct element_guard *guard)
{
	const struct function_model *fn = walk->function;
	const struct block *branch = &fn->blocks[index];
	struct branch_regions *regions = regions_of(walk);
	struct side_effects effects;
	int **sides;

	/* Bit 1: the first side's own blocks touch it; bit 2: the second's. */
	effects.decided = calloc((size_t)walk->slot_count + 1, 1);
	effects.destroys = calloc((size_t)walk->slot_count + 1, 1);
	CHECK(effects.decided && effects.destroys);
	regions->marked_count = 0;
	if (guard || !regions->on_cycle[index]) {
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
				call_decides(walk, event, guard, &effects,
					     side);
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
	return sides;
}

/*
 * The flag the path tests at the branch that ends 'index': one element's
 * (*guard, true), when the path knows which, or the whole variable's.
 */
static bool element_of_path(struct walk *walk, const struct path_state *state,
			    int index, struct element_guard *guard)
{
	const struct block *branch = &walk->function->blocks[index];
	int64_t element;

	if (!branch->tests_element ||
	    !known_constant(walk, state, value_id(branch->element_value),
			    &element) ||
	    element < 0 || element >= ELEMENT_GUARD_LIMIT)
		return false;
	*guard = (struct element_guard){ branch->element_value, (long)element };
	return true;
}

static const int *const *skipped_slots(struct walk *walk, int index,
				       const struct element_guard *guard)
{
	size_t count = walk->function->block_count;
	int ***cached;

	if (!walk->memory_guards)
		walk->memory_guards =
			arena_alloc(&walk->arena, count * sizeof(int **));
	if (!walk->element_guards && guard)
		walk->element_guards =
			arena_alloc(&walk->arena, count * sizeof(int ***));
	if (guard && !walk->element_guards[index])
		walk->element_guards[index] = arena_alloc(
			&walk->arena, ELEMENT_GUARD_LIMIT * sizeof(int **));
	cached = guard ? &walk->element_guards[index][guard->element] :
			 &walk->memory_guards[index];
	if (!*cached)
		*cached = compute_skipped_slots(walk, index, guard);
	return (const int *const *)*cached;
}

bool module_state_take_side(struct walk *walk, struct path_state *state,
			    int index, int side)
{
	struct element_guard element;
	bool by_element = element_of_path(walk, state, index, &element);
	const int *const *sides =
		skipped_slots(walk, index, by_element ? &element : NULL);
	/* Which flag this side runs under: the variable, or an element. */
	unsigned char flag =
		by_element ?
			(unsigned char)(GUARDED_BY_ELEMENT + element.element) :
			GUARDED_BY_VARIABLE;

	/*
	 * The side that skips a step under its own flag, and does nothing
	 * itself: all it would add is a path on which that step's caches are
	 * unknown, about which no rule speaks, and which is otherwise the
	 * path that runs the step.  Walking it doubles the paths at each
	 * step that touches a cache (fs/btrfs has a dozen such steps).
	 */
	if (by_element && sides[side][0] >= 0 && sides[!side][0] < 0)
		return false;
	for (size_t i = 0; sides[side][i] >= 0; i++)
		walk_settle(walk, state, sides[side][i], SLOT_UNKNOWN);
	/*
	 * A cache this path already destroyed, destroyed again only under
	 * the flag (`if (foo_ready) { destroy; foo_ready = false; }`, called
	 * twice on a failing path): the flag tells whether it runs, and the
	 * first destroy may have cleared it, or never set it (a step of a
	 * table whose init failed and cleaned up).  Cannot tell: forget it.
	 * Unless both destroys are under flags of two elements: each
	 * element's flag says that its own step ran, so both ran, and a
	 * table that lists one step twice destroys its cache twice.
	 */
	for (size_t i = 0; sides[2 + side][i] >= 0; i++) {
		int slot = sides[2 + side][i];
		unsigned char before = *state_guarded_byte(walk, state, slot);

		if (state_status(walk, state, slot) == SLOT_DESTROYED &&
		    (!by_element || before < GUARDED_BY_ELEMENT ||
		     before == flag))
			walk_settle(walk, state, slot, SLOT_UNKNOWN);
	}
	/*
	 * What the other side skips, this one runs: under the flag.  A step
	 * whose setup failed on this path never set its flag either.
	 */
	for (size_t i = 0; sides[!side][i] >= 0; i++) {
		int slot = sides[!side][i];

		if (by_element && state_status(walk, state, slot) == SLOT_UNSET)
			walk_settle(walk, state, slot, SLOT_UNKNOWN);
		*state_guarded_byte(walk, state, slot) = flag;
	}
	return true;
}
