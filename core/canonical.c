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
 *     return in each predecessor that only jumps there, of the value and
 *     at the location of that predecessor's return statement;
 *   - a value the model ignores that only returns read is returned as
 *     unknown (Clang returns what it cannot follow as nothing at all);
 *   - a jump to several blocks (a switch the model does not follow) lists
 *     them in source order: compilers order a switch's cases each their
 *     own way;
 *   - a block that only jumps on is bypassed, when it has one predecessor
 *     (GCC splits every edge from a test to a join) or its target has no
 *     phis;
 *   - a block with one predecessor that only jumps to it joins that
 *     predecessor.
 *
 * None of these changes what a path does, only how many blocks it is
 * told in.  Blocks left with no predecessor stay, empty, where they were:
 * block numbers are not renumbered, so nothing that names a block needs
 * to be told.
 */
#include <stdlib.h>
#include <string.h>

#include "canonical.h"
#include "check.h"

static void mark_read(bool *read, int count, struct value value)
{
	if (value.kind == VALUE_ID && value.id >= 0 && value.id < count)
		read[value.id] = true;
}

void function_values_read(const struct function_model *function, bool *read)
{
	int count = function->value_count;

	memset(read, 0, (size_t)count + 1);
	for (size_t b = 0; b < function->block_count; b++) {
		const struct block *block = &function->blocks[b];

		for (size_t e = 0; e < block->event_count; e++) {
			const struct event *event = &block->events[e];

			if (event->kind == EVENT_VALUE_COPY ||
			    event->kind == EVENT_VALUE_ADD ||
			    event->kind == EVENT_VALUE_ERRNO)
				mark_read(read, count, event->source);
			if (event->kind == EVENT_CALL && event->table)
				mark_read(read, count,
					  value_id(event->table->index));
		}
		for (size_t p = 0; p < block->phi_count; p++)
			for (size_t i = 0; i < block->phis[p].incoming_count;
			     i++)
				mark_read(read, count,
					  block->phis[p].incoming[i]);
		if (block->exit == EXIT_TEST && block->test != TEST_UNKNOWN)
			mark_read(read, count, value_id(block->tested_value));
		if (block->exit == EXIT_RETURN)
			mark_read(read, count, block->return_value);
	}
}

static bool only_computes_value(const struct event *event)
{
	return event->kind == EVENT_DEFINE || event->kind == EVENT_VALUE_COPY ||
	       event->kind == EVENT_VALUE_ADD ||
	       event->kind == EVENT_VALUE_ERRNO;
}

/*
 * Drops the events that only compute a value nothing reads, until none is
 * left: dropping one can leave its source unread.
 */
/* Values defined by an EVENT_DEFINE (ignored[v]). */
static void find_ignored_values(const struct function_model *function,
				bool *ignored)
{
	memset(ignored, 0, (size_t)function->value_count + 1);
	for (size_t b = 0; b < function->block_count; b++)
		for (size_t e = 0; e < function->blocks[b].event_count; e++) {
			const struct event *event =
				&function->blocks[b].events[e];

			if (event->kind == EVENT_DEFINE &&
			    event->result.kind == VALUE_ID &&
			    event->result.id >= 0 &&
			    event->result.id < function->value_count)
				ignored[event->result.id] = true;
		}
}

/*
 * A return of a value the model ignores returns something unknown: say
 * so, so that the definition goes when nothing else reads it.
 */
static void return_ignored_as_unknown(struct function_model *function)
{
	bool *ignored = calloc((size_t)function->value_count + 1, 1);

	CHECK(ignored != NULL);
	find_ignored_values(function, ignored);
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];
		struct value *returned = &block->return_value;

		if (block->exit == EXIT_RETURN && returned->kind == VALUE_ID &&
		    returned->id >= 0 && returned->id < function->value_count &&
		    ignored[returned->id])
			*returned = value_unknown();
	}
	free(ignored);
}

static void drop_unread_values(struct function_model *function)
{
	bool *read = calloc((size_t)function->value_count + 1, sizeof(bool));
	bool dropped = true;

	CHECK(read != NULL);
	while (dropped) {
		dropped = false;
		function_values_read(function, read);
		for (size_t b = 0; b < function->block_count; b++) {
			struct block *block = &function->blocks[b];
			size_t kept = 0;

			for (size_t e = 0; e < block->event_count; e++) {
				struct event *event = &block->events[e];

				if (event->kind == EVENT_VALUE_COPY &&
				    event->source.kind == VALUE_UNKNOWN)
					event->kind = EVENT_DEFINE;
				if (only_computes_value(event) &&
				    (event->result.kind != VALUE_ID ||
				     !read[event->result.id])) {
					dropped = true;
					continue;
				}
				if (only_computes_value(event))
					event->location =
						(struct source_location){ 0 };
				block->events[kept++] = *event;
			}
			block->event_count = kept;
		}
	}
	free(read);
}

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

static bool same_value(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return false;
	if (a.kind == VALUE_ID)
		return a.id == b.id;
	if (a.kind == VALUE_CONSTANT)
		return a.constant == b.constant;
	return true;
}

/* The one value a phi's inputs all are (itself aside), or false. */
static bool phi_single_input(const struct phi *phi, struct value *single)
{
	bool found = false;

	for (size_t i = 0; i < phi->incoming_count; i++) {
		struct value input = phi->incoming[i];

		if (input.kind == VALUE_ID && input.id == phi->result)
			continue;
		if (found && !same_value(input, *single))
			return false;
		*single = input;
		found = true;
	}
	return found;
}

static void substitute(struct value *use, int old, struct value new)
{
	if (use->kind == VALUE_ID && use->id == old)
		*use = new;
}

/*
 * Whether a value can be replaced by 'new' everywhere: tests and tables
 * name their value by number, so only by another numbered value.
 */
static bool replaceable(const struct function_model *function, int old,
			struct value new)
{
	if (new.kind == VALUE_ID)
		return true;
	for (size_t b = 0; b < function->block_count; b++) {
		const struct block *block = &function->blocks[b];

		if (block->exit == EXIT_TEST && block->test != TEST_UNKNOWN &&
		    block->tested_value == old)
			return false;
		for (size_t e = 0; e < block->event_count; e++)
			if (block->events[e].kind == EVENT_CALL &&
			    block->events[e].table &&
			    block->events[e].table->index == old)
				return false;
	}
	return true;
}

static void replace_value(struct function_model *function, int old,
			  struct value new)
{
	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		for (size_t e = 0; e < block->event_count; e++) {
			struct event *event = &block->events[e];

			if (event->kind == EVENT_VALUE_COPY ||
			    event->kind == EVENT_VALUE_ADD ||
			    event->kind == EVENT_VALUE_ERRNO)
				substitute(&event->source, old, new);
		}
		for (size_t p = 0; p < block->phi_count; p++)
			for (size_t i = 0; i < block->phis[p].incoming_count;
			     i++)
				substitute(&block->phis[p].incoming[i], old,
					   new);
		if (block->exit == EXIT_RETURN)
			substitute(&block->return_value, old, new);
		if (block->exit == EXIT_TEST && block->tested_value == old)
			block->tested_value = new.id;
		for (size_t e = 0; e < block->event_count; e++)
			if (block->events[e].kind == EVENT_CALL &&
			    block->events[e].table &&
			    block->events[e].table->index == old)
				((struct table_call *)block->events[e].table)
					->index = new.id;
	}
}

/*
 * A phi whose inputs are all one value is that value (splitting returns
 * leaves phis of one input).  A return of it from a return block the
 * front-end described keeps the location the phi gave for its statement.
 */
static bool remove_trivial_phis(struct function_model *function,
				const bool *made_return)
{
	bool changed = false;

	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		for (size_t p = 0; p < block->phi_count;) {
			struct phi *phi = &block->phis[p];
			struct value single = value_unknown();

			if (!phi_single_input(phi, &single) ||
			    !replaceable(function, phi->result, single)) {
				p++;
				continue;
			}
			if (block->exit == EXIT_RETURN && !made_return[b] &&
			    block->return_value.kind == VALUE_ID &&
			    block->return_value.id == phi->result &&
			    phi->incoming_count == 1 &&
			    phi->incoming_location[0].line)
				block->return_location =
					phi->incoming_location[0];
			replace_value(function, phi->result, single);
			block->phi_count--;
			memmove(phi, phi + 1,
				(block->phi_count - p) * sizeof(*phi));
			changed = true;
		}
	}
	return changed;
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
	return_ignored_as_unknown(function);
	drop_unread_values(function);
	order_switch_targets(function);
	if (!function->returns_value)
		for (size_t b = 0; b < function->block_count; b++)
			function->blocks[b].return_location =
				(struct source_location){ 0 };
	while (changed) {
		changed = remove_trivial_phis(function, made_return);
		for (size_t b = 0; b < function->block_count; b++) {
			changed |=
				split_return(tu, function, (int)b, made_return);
			changed |= bypass_jump(tu, function, (int)b);
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
