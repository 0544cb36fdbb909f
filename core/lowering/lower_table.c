// SPDX-License-Identifier: GPL-2.0
/*
 * Calls through tables of the unit's functions: `_exits[i]()` in
 * drivers/md/dm.c, `ops.exit()` or `ops->exit()` on an ops struct.  A
 * front-end describes the load of the pointer (INSN_LOAD), the functions
 * the table's initializer holds, and whether that initializer is all the
 * table ever holds; here an indirect call whose pointer comes from such a
 * load gets its targets.
 *
 * A constant element, or a member of a struct, names one function: the
 * call becomes a direct call of it.  An element that is a value gets a
 * table_call: the walk calls the element that a path's index picks
 * (core/engine/walk_table.c), and where the path does not know the index the
 * call stays what it was, a call that may reach anything.  A table that
 * may be written, or a pointer that does not come from a load the model
 * can follow, also leaves the call as it was.
 */
#include <string.h>

#include "lower.h"

/* Follows copies of a value back to what they copy. */
static struct operand follow_copies(const struct lowering *lowering,
				    struct operand operand,
				    const struct model_instruction **definition)
{
	*definition = NULL;
	for (int depth = 0; depth < FOLLOW_DEPTH; depth++) {
		*definition = lowered_definition(lowering, operand);
		if (!*definition || (*definition)->kind != INSN_ASSIGN)
			return operand;
		operand = (*definition)->source;
	}
	*definition = NULL;
	return operand_unknown();
}

static bool same_field(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static const struct function_entry *find_entry(const struct object *object,
					       long element, const char *field)
{
	for (size_t i = 0; i < object->function_entry_count; i++) {
		const struct function_entry *entry =
			&object->function_entries[i];

		if (entry->element == element &&
		    same_field(entry->field, field))
			return entry;
	}
	return NULL;
}

/* The call names 'function' now, as a direct call would. */
static void make_direct(const struct lowering *lowering, struct event *call,
			const char *function)
{
	int callee = tu_find_function(lowering->tu, function);

	/* As for a direct call: a body the core did not ask for is unseen. */
	if (callee >= 0 && !lowering->tu->functions[callee].wanted)
		callee = -1;
	call->function = callee;
	call->callee = function;
	call->indirect = false;
	call->table = NULL;
}

static void make_table(struct lowering *lowering, struct event *call,
		       const struct object *object, int index,
		       const char *field)
{
	struct arena *arena = &lowering->tu->arena;
	struct table_call *table = arena_alloc(arena, sizeof(*table));
	size_t count = 0;

	for (size_t i = 0; i < object->function_entry_count; i++)
		count += object->function_entries[i].element >= 0 &&
			 same_field(object->function_entries[i].field, field);
	if (!count)
		return;
	table->table = object->name;
	table->index = index;
	table->elements = arena_alloc(arena, (count + 1) * sizeof(long));
	table->calls = arena_alloc(arena, (count + 1) * sizeof(struct event));
	for (size_t i = 0; i < object->function_entry_count; i++) {
		const struct function_entry *entry =
			&object->function_entries[i];

		if (entry->element < 0 || !same_field(entry->field, field))
			continue;
		table->elements[table->count] = entry->element;
		table->calls[table->count] = *call;
		make_direct(lowering, &table->calls[table->count],
			    entry->function);
		table->count++;
	}
	call->table = table;
}

/*
 * The element a load reads: the object's own (an address of an element,
 * or ELEMENT_WHOLE) or its index operand, but not both (pointer
 * arithmetic on an element).
 */
static bool loaded_element(const struct model_instruction *load, long address,
			   struct operand *index)
{
	if (!load->load.indexed) {
		*index = operand_constant(address);
		return true;
	}
	if (address != ELEMENT_WHOLE)
		return false;
	*index = load->load.index;
	if (index->kind == OPERAND_CONSTANT)
		return index->constant >= 0;
	return index->kind == OPERAND_VALUE;
}

void lower_table_call(struct lowering *lowering, struct event *call,
		      const struct model_instruction *instruction)
{
	const struct model_instruction *load, *definition;
	const struct function_entry *entry;
	const struct object *object;
	struct operand target, address, index;

	target = follow_copies(lowering, instruction->call.target, &load);
	/* A pointer that is a function already (GCC folds const loads). */
	if (target.kind == OPERAND_FUNCTION && target.name) {
		make_direct(lowering, call, target.name);
		return;
	}
	if (!load || load->kind != INSN_LOAD)
		return;
	address = follow_copies(lowering, load->load.object, &definition);
	if (address.kind != OPERAND_ADDRESS)
		return;
	object = &lowering->tu->objects[address.object];
	if (!object_never_written(object) || !object->function_entry_count ||
	    address.element == ELEMENT_UNKNOWN ||
	    !loaded_element(load, address.element, &index))
		return;
	if (index.kind == OPERAND_VALUE) {
		make_table(lowering, call, object, index.value,
			   load->load.field);
		return;
	}
	/* An element with no function (NULL, or past the end) stays. */
	entry = find_entry(object, (long)index.constant, load->load.field);
	if (entry)
		make_direct(lowering, call, entry->function);
}

/*
 * `if (mod_init_seq[i].exit_func) mod_init_seq[i].exit_func();`, as
 * fs/btrfs/super.c runs its table backwards: a test of the pointer the
 * element holds.  A path knows the index (a loop counter), not what is
 * loaded, so the test is given to the index: non-NULL exactly when the
 * index is one of the elements that hold a function for that member.
 * Those elements are a set of bits, so a table whose elements with a
 * function go past the 63rd leaves the test as it is.
 */
bool lower_table_entry_test(const struct lowering *lowering,
			    struct operand tested, int *index,
			    unsigned long long *elements)
{
	const struct model_instruction *load, *definition;
	const struct object *object;
	struct operand address, element;

	tested = follow_copies(lowering, tested, &load);
	if (tested.kind != OPERAND_VALUE || !load || load->kind != INSN_LOAD)
		return false;
	address = follow_copies(lowering, load->load.object, &definition);
	if (address.kind != OPERAND_ADDRESS)
		return false;
	object = &lowering->tu->objects[address.object];
	if (!object_never_written(object) || !object->function_entry_count ||
	    address.element == ELEMENT_UNKNOWN ||
	    !loaded_element(load, address.element, &element) ||
	    element.kind != OPERAND_VALUE)
		return false;
	*elements = 0;
	for (size_t i = 0; i < object->function_entry_count; i++) {
		const struct function_entry *entry =
			&object->function_entries[i];

		if (entry->element < 0 ||
		    !same_field(entry->field, load->load.field))
			continue;
		if (entry->element >= TEST_SET_LIMIT)
			return false;
		*elements |= 1ull << entry->element;
	}
	if (!*elements)
		return false;
	*index = element.value;
	return true;
}
