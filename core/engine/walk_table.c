// SPDX-License-Identifier: GPL-2.0
/*
 * Calls through tables of the unit's functions (core/lowering/lower_table.c),
 * on a path.  Where the path knows the index (a loop counter compared with
 * constants, as value_facts.c tracks them), the call is the table's element for
 * that index: a direct call of its function.  Where it does not, the call
 * stays one that may reach anything.  The elements' calls get event
 * numbers after those of the blocks, so that a state can name one as the
 * place where a cache was set up or destroyed.  A loop over a table is
 * counted pass by pass up to one more than its elements, so that a path
 * knows the index on every pass (walk_internal.h, WIDEN_AFTER).
 */
#include "walk_internal.h"

/* A loop over the table is walked whole, if it is not too long. */
static void table_add(struct walk *walk, const struct table_call *table)
{
	walk->tables[walk->table_count++] = table;
	for (size_t i = 0; i < table->count; i++) {
		long passes = table->elements[i] + 2;

		if (passes <= TABLE_WIDEN_LIMIT &&
		    (unsigned int)passes > walk->widen_after)
			walk->widen_after = (unsigned int)passes;
	}
}

void tables_prepare(struct walk *walk, size_t block_events)
{
	const struct function_model *fn = walk->function;
	size_t count = 0;

	walk->widen_after = WIDEN_AFTER;
	walk->block_event_count = block_events;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t b = 0; b < fn->block_count; b++)
			for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
				const struct event *event =
					&fn->blocks[b].events[e];

				if (event->kind != EVENT_CALL || !event->table)
					continue;
				if (pass)
					table_add(walk, event->table);
				else
					count++;
			}
		if (!pass && !count)
			return;
		if (!pass)
			walk->tables = arena_alloc(
				&walk->arena, count * sizeof(*walk->tables));
	}
}

struct value table_index(const struct event *event)
{
	if (event->kind != EVENT_CALL || !event->table)
		return value_unknown();
	return value_id(event->table->index);
}

const struct event *table_call_on_path(const struct walk *walk,
				       const struct path_state *state,
				       const struct event *call)
{
	const struct table_call *table = call->table;
	int64_t index;

	if (!table ||
	    !known_constant(walk, state, value_id(table->index), &index))
		return call;
	for (size_t i = 0; i < table->count; i++)
		if (table->elements[i] == index)
			return &table->calls[i];
	/* No function there: a NULL slot, or an index past the end. */
	return call;
}

int table_event_number(const struct walk *walk, const struct event *event)
{
	size_t number = walk->block_event_count;

	for (size_t t = 0; t < walk->table_count; t++) {
		const struct table_call *table = walk->tables[t];

		for (size_t i = 0; i < table->count; i++) {
			number++;
			if (&table->calls[i] == event)
				return (int)number;
		}
	}
	return 0;
}

const struct event *table_event_at(const struct walk *walk, size_t number)
{
	if (number < walk->block_event_count)
		return NULL;
	number -= walk->block_event_count;
	for (size_t t = 0; t < walk->table_count; t++) {
		if (number < walk->tables[t]->count)
			return &walk->tables[t]->calls[number];
		number -= walk->tables[t]->count;
	}
	return NULL;
}
