// SPDX-License-Identifier: GPL-2.0
/*
 * The canonical shape's part on values (core/lowering/canonical.c has the whole
 * list and the blocks): which values a function reads, the events that
 * compute one nothing reads, returns of what the model ignores, and phis
 * whose inputs are all one value.
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

			if (event_reads_source(event))
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
		if (block_element_value(block) >= 0)
			mark_read(read, count,
				  value_id(block_element_value(block)));
		if (block->exit == EXIT_RETURN)
			mark_read(read, count, block->return_value);
	}
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
void canonical_return_ignored_as_unknown(struct function_model *function)
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

void canonical_drop_unread_values(struct function_model *function)
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
				if (event_only_computes(event) &&
				    (event->result.kind != VALUE_ID ||
				     !read[event->result.id])) {
					dropped = true;
					continue;
				}
				if (event_only_computes(event))
					event->location =
						(struct source_location){ 0 };
				block->events[kept++] = *event;
			}
			block->event_count = kept;
		}
	}
	free(read);
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

		if ((block->exit == EXIT_TEST && block->test != TEST_UNKNOWN &&
		     block->tested_value == old) ||
		    block_element_value(block) == old)
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

			if (event_reads_source(event))
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
		if (block_element_value(block) == old)
			block->element_value = new.id;
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
bool canonical_remove_trivial_phis(struct function_model *function,
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
