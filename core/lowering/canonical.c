// SPDX-License-Identifier: GPL-2.0
/*
 * The canonical shape of a lowered function: what the rules see does not
 * depend on how the compiler behind the front-end laid out its control
 * flow.  GCC merges every return into one block that returns a phi, Clang
 * keeps one return per statement, sparse does either; GCC opens functions
 * with an empty entry block; each compiler leaves values the model ignores
 * in its own places.  The front-ends describe what their compiler has, and
 * this step, run once after the lowering, reduces every shape to one:
 *
 *   - an event that only computes a value (a definition the model ignores,
 *     a copy, an addition, an errno) that nothing reads is dropped, as is
 *     what only it read; a copy of a value the model does not follow is
 *     a definition; events that only compute values lose their location:
 *     no rule reports one, and each compiler places them differently (the
 *     statement, the operator, the operand);
 *   - a function that returns no value returns nowhere in particular: its
 *     returns lose their location (GCC and Clang give the closing brace,
 *     sparse the last statement; no rule reports a return of nothing);
 *   - a return of a phi, in a block that does nothing else, becomes a
 *     return in each predecessor that only jumps there, and in a block of
 *     its own on each edge from a test (Clang's return per statement), of
 *     the value and at the location of that predecessor's return
 *     statement; a phi whose inputs are all one value is that value;
 *   - a value the model ignores that only returns read is returned as
 *     unknown (Clang returns what it cannot follow as nothing at all);
 *   - a jump to several blocks (a switch the model does not follow) lists
 *     them in source order: compilers order a switch's cases each their
 *     own way;
 *   - a block that only jumps on is bypassed, when it has one predecessor
 *     (GCC splits every edge from a test to a join) or its target has no
 *     phis;
 *   - a block with one predecessor that only jumps to it joins that
 *     predecessor;
 *   - a jump to two blocks, one of them empty and only jumping to the
 *     other, which has no phis, is a jump to the other (what sparse leaves
 *     of an inlined helper's branch, PTR_ERR_OR_ZERO(), once its test is
 *     gone: both ways do the same).
 *
 * None of these changes what a path does, only how many blocks it is
 * told in.  Blocks left with no predecessor stay, empty, where they were,
 * and the return blocks made for test edges come after the others: no
 * block is renumbered, so nothing that names a block needs to be told.
 */
#include <stdlib.h>
#include <string.h>

#include "canonical.h"
#include "check.h"

/* Where a block starts in the source: its first located event or return. */
static struct source_location block_start(const struct block *block)
{
	for (size_t e = 0; e < block->event_count; e++)
		if (block->events[e].location.line)
			return block->events[e].location;
	if (block->exit == EXIT_RETURN)
		return block->return_location;
	return (struct source_location){ 0 };
}

static bool before(struct source_location a, struct source_location b)
{
	return a.line < b.line || (a.line == b.line && a.column < b.column);
}

/*
 * The targets of a jump to several blocks in the order their code is
 * written; a target that shows no location keeps its place after the
 * others (insertion sort: switches are short).
 */
static void order_switch_targets(struct function_model *function)
{
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];
		int *targets = block->successors;

		if (block->exit != EXIT_JUMP || block->successor_count < 2)
			continue;
		for (size_t i = 1; i < block->successor_count; i++) {
			int target = targets[i];
			struct source_location at =
				block_start(&function->blocks[target]);
			size_t j = i;

			if (!at.line)
				continue;
			while (j > 0) {
				struct source_location previous = block_start(
					&function->blocks[targets[j - 1]]);

				if (previous.line && !before(at, previous))
					break;
				targets[j] = targets[j - 1];
				j--;
			}
			targets[j] = target;
		}
	}
}

/* Removes the predecessor at 'position', and its phi inputs. */
static void remove_predecessor(struct block *block, size_t position)
{
	size_t last = block->predecessor_count - 1;

	for (size_t i = position; i < last; i++)
		block->predecessors[i] = block->predecessors[i + 1];
	for (size_t p = 0; p < block->phi_count; p++) {
		struct phi *phi = &block->phis[p];

		for (size_t i = position; i < last; i++) {
			phi->incoming[i] = phi->incoming[i + 1];
			phi->incoming_location[i] =
				phi->incoming_location[i + 1];
		}
		phi->incoming_count = last;
	}
	block->predecessor_count = last;
}

static bool only_jumps_to(const struct block *block, int target)
{
	return block->exit == EXIT_JUMP && block->successor_count == 1 &&
	       block->successors[0] == target;
}

static const struct phi *phi_defining(const struct block *block,
				      struct value value)
{
	if (value.kind != VALUE_ID)
		return NULL;
	for (size_t p = 0; p < block->phi_count; p++)
		if (block->phis[p].result == value.id)
			return &block->phis[p];
	return NULL;
}

/* The first successor of the block that is 'old' becomes 'new'. */
static void replace_successor(struct block *block, int old, int new)
{
	for (size_t s = 0; s < block->successor_count; s++)
		if (block->successors[s] == old) {
			block->successors[s] = new;
			return;
		}
}

/*
 * The return of a block that does nothing else, made in each predecessor
 * that only jumps to it, and on an edge of its own from each that tests
 * (as Clang has a return block per return statement).  A phi of a return
 * the front-end described has, per predecessor, the location of that
 * predecessor's return statement; a block that became a return here
 * ('made_return') has phis that join values on the way to a return, whose
 * locations are the assignments': its predecessors return where it does.
 * A block left with one predecessor is that predecessor's own return.
 */
static bool split_return(struct translation_unit *tu,
			 struct function_model *function, int index,
			 bool *made_return)
{
	struct block *block = &function->blocks[index];
	const struct phi *returned;
	bool changed = false;

	if (block->exit != EXIT_RETURN || block->event_count || index == 0)
		return false;
	returned = made_return[index] ?
			   NULL :
			   phi_defining(block, block->return_value);
	/* Any other phi is read by nothing: the block only returns. */
	for (size_t position = block->predecessor_count; position-- > 0;) {
		int predecessor = block->predecessors[position];
		struct block *from = &function->blocks[predecessor];
		struct value value = block->return_value;
		struct source_location location = block->return_location;
		const struct phi *phi = phi_defining(block, value);
		int own;

		if (predecessor == index)
			continue;
		if (!only_jumps_to(from, index) &&
		    (block->predecessor_count < 2 || from->exit == EXIT_RETURN))
			continue;
		if (phi)
			value = phi->incoming[position];
		if (returned && returned->incoming_location[position].line)
			location = returned->incoming_location[position];
		if (only_jumps_to(from, index)) {
			from->exit = EXIT_RETURN;
			from->successor_count = 0;
			own = predecessor;
		} else {
			own = function_add_block(tu, function);
			/* Blocks moved. */
			block = &function->blocks[index];
			from = &function->blocks[predecessor];
			replace_successor(from, index, own);
			block_add_predecessor(tu, &function->blocks[own],
					      predecessor);
			function->blocks[own].exit = EXIT_RETURN;
		}
		function->blocks[own].return_value = value;
		function->blocks[own].return_location = location;
		made_return[own] = true;
		remove_predecessor(block, position);
		changed = true;
		returned = made_return[index] ?
				   NULL :
				   phi_defining(block, block->return_value);
	}
	return changed;
}

static void replace_predecessor(struct block *block, int old, int new)
{
	for (size_t i = 0; i < block->predecessor_count; i++)
		if (block->predecessors[i] == old)
			block->predecessors[i] = new;
}

static bool is_predecessor(const struct block *block, int candidate)
{
	for (size_t i = 0; i < block->predecessor_count; i++)
		if (block->predecessors[i] == candidate)
			return true;
	return false;
}

/*
 * A block that only jumps on is bypassed by each predecessor.  A phi of
 * the block it jumps to has one input per edge: one predecessor can take
 * this block's edge and input; more would need inputs of their own.
 */
static bool bypass_jump(struct translation_unit *tu,
			struct function_model *function, int index)
{
	struct block *block = &function->blocks[index];
	struct block *target;
	int next;

	if (index == 0 || block->event_count || block->phi_count ||
	    block->exit != EXIT_JUMP || block->successor_count != 1 ||
	    !block->predecessor_count)
		return false;
	next = block->successors[0];
	target = &function->blocks[next];
	if (next == index ||
	    (target->phi_count && block->predecessor_count > 1))
		return false;
	/* A test whose two sides would meet in one block decides nothing. */
	for (size_t i = 0; i < block->predecessor_count; i++)
		if (is_predecessor(target, block->predecessors[i]))
			return false;
	for (size_t i = 0; i < block->predecessor_count; i++) {
		struct block *from = &function->blocks[block->predecessors[i]];

		for (size_t s = 0; s < from->successor_count; s++)
			if (from->successors[s] == index)
				from->successors[s] = next;
	}
	/* The target's edge from this block goes to the first predecessor. */
	replace_predecessor(target, index, block->predecessors[0]);
	for (size_t i = 1; i < block->predecessor_count; i++) {
		int from = block->predecessors[i];

		block_add_predecessor(tu, target, from);
	}
	block->predecessor_count = 0;
	block->successor_count = 0;
	block->exit = EXIT_NONE;
	return true;
}

/*
 * A jump (no test) to two blocks, one of which only jumps on to the other:
 * both ways reach the other with nothing done, so the jump goes there.
 */
static bool collapse_empty_side(struct function_model *function, int index)
{
	struct block *block = &function->blocks[index];

	if (block->exit != EXIT_JUMP || block->successor_count != 2)
		return false;
	for (int side = 0; side < 2; side++) {
		int empty = block->successors[side];
		int other = block->successors[!side];
		struct block *skipped = &function->blocks[empty];
		struct block *target = &function->blocks[other];

		if (empty == index || empty == other || skipped->event_count ||
		    skipped->phi_count || skipped->predecessor_count != 1 ||
		    !only_jumps_to(skipped, other) || target->phi_count)
			continue;
		for (size_t p = 0; p < target->predecessor_count; p++)
			if (target->predecessors[p] == empty) {
				remove_predecessor(target, p);
				break;
			}
		block->successors[0] = other;
		block->successor_count = 1;
		skipped->predecessor_count = 0;
		skipped->successor_count = 0;
		skipped->exit = EXIT_NONE;
		return true;
	}
	return false;
}

/* A block whose one predecessor only jumps to it joins that predecessor. */
static bool join_predecessor(struct translation_unit *tu,
			     struct function_model *function, int index,
			     bool *made_return)
{
	struct block *block = &function->blocks[index];
	struct block *into;
	int predecessor;

	if (index == 0 || block->predecessor_count != 1 || block->phi_count)
		return false;
	predecessor = block->predecessors[0];
	into = &function->blocks[predecessor];
	if (predecessor == index || !only_jumps_to(into, index))
		return false;
	for (size_t e = 0; e < block->event_count; e++)
		*block_add_event(tu, into, block->events[e].kind) =
			block->events[e];
	for (size_t s = 0; s < block->successor_count; s++)
		replace_predecessor(&function->blocks[block->successors[s]],
				    index, predecessor);
	/* Its phis, if any, join values: they are no return's. */
	made_return[predecessor] = block->exit == EXIT_RETURN;
	into->exit = block->exit;
	into->condition = block->condition;
	into->test = block->test;
	into->tested_value = block->tested_value;
	into->test_constant = block->test_constant;
	into->test_unsigned = block->test_unsigned;
	into->tests_memory = block->tests_memory;
	into->tests_element = block->tests_element;
	into->element_value = block->element_value;
	into->return_value = block->return_value;
	into->return_location = block->return_location;
	into->successors = block->successors;
	into->successor_count = block->successor_count;
	block->successors = NULL;
	block->successor_count = 0;
	block->predecessor_count = 0;
	block->event_count = 0;
	block->exit = EXIT_NONE;
	return true;
}

void function_canonicalize(struct translation_unit *tu,
			   struct function_model *function)
{
	/* Each block split_return() adds takes an edge of the function. */
	size_t edges = 0;
	bool *made_return;
	bool changed = true;

	for (size_t b = 0; b < function->block_count; b++)
		edges += function->blocks[b].successor_count;
	made_return = calloc(function->block_count + edges + 1, sizeof(bool));

	CHECK(made_return != NULL);
	canonical_return_ignored_as_unknown(function);
	canonical_drop_unread_values(function);
	order_switch_targets(function);
	if (!function->returns_value)
		for (size_t b = 0; b < function->block_count; b++)
			function->blocks[b].return_location =
				(struct source_location){ 0 };
	while (changed) {
		changed = canonical_remove_trivial_phis(function, made_return);
		for (size_t b = 0; b < function->block_count; b++) {
			changed |=
				split_return(tu, function, (int)b, made_return);
			changed |= bypass_jump(tu, function, (int)b);
			changed |= collapse_empty_side(function, (int)b);
			changed |= join_predecessor(tu, function, (int)b,
						    made_return);
		}
	}
	/*
	 * What a return made here returns, it returns where the block it
	 * came from did: the walk must not take its phis' locations for
	 * return statements (walk.c, return_location()).
	 */
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		if (!made_return[b])
			continue;
		for (size_t p = 0; p < block->phi_count; p++)
			memset(block->phis[p].incoming_location, 0,
			       block->phis[p].incoming_count *
				       sizeof(struct source_location));
	}
	free(made_return);
}
