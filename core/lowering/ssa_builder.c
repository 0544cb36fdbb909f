// SPDX-License-Identifier: GPL-2.0
/*
 * On-the-fly SSA construction, after Braun et al. (CC 2013); see
 * ssa_builder.h.  The names follow the paper: a block's current definitions,
 * incomplete phis, sealing, trivial phis.
 *
 * A phi found trivial is not taken out of its block at once: values the
 * front-end already stored in the model may name it.  Its record says what
 * replaces it, and finish() rewrites every use and drops it then.
 */
#include "ssa_builder.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* What a variable holds at the end of a block, as far as it was emitted. */
struct definition {
	bool written;
	struct value value;
	struct source_location location;
};

struct block_state {
	struct definition *definitions; /* by variable */
	size_t definition_capacity;
	/* Phi records made before the seal: they get incoming values then. */
	int *incomplete;
	size_t incomplete_count, incomplete_capacity;
	bool sealed;
	size_t sealed_predecessors; /* to catch edges added after the seal */
};

struct phi_record {
	int result;
	int block;
	int variable;
	size_t index;  /* in the block's phis, once placed there */
	bool complete; /* placed, with all its incoming values */
	bool removed;  /* replaced by 'replacement' */
	struct value replacement;
	/* The records of the phis that take this one as an incoming value. */
	int *users;
	size_t user_count, user_capacity;
	/* finish(): the values other than phis reaching it, counted up to 2. */
	struct value leaf;
	int leaf_count;
};

struct ssa_builder {
	struct translation_unit *tu;
	struct function_model *fn;
	struct block_state *blocks; /* fn->block_count of them */
	struct phi_record *phis;
	size_t phi_count, phi_capacity;
	/* By value id: 1 + the index of the record of its phi, or 0. */
	int *record_of_value;
	size_t value_capacity;
};

/* Makes room for 'needed' elements of a malloc'ed array; new ones are 0. */
static void *reserve(void *array, size_t *capacity, size_t needed,
		     size_t element_size)
{
	size_t new_capacity = *capacity ? *capacity : 4;

	if (needed <= *capacity)
		return array;
	while (new_capacity < needed)
		new_capacity *= 2;
	array = realloc(array, new_capacity * element_size);
	CHECK(array != NULL);
	memset((char *)array + *capacity * element_size, 0,
	       (new_capacity - *capacity) * element_size);
	*capacity = new_capacity;
	return array;
}

/* Two unknown values are the same here: neither can be followed. */
static bool same_value(struct value a, struct value b)
{
	if (a.kind != b.kind)
		return false;
	if (a.kind == VALUE_CONSTANT)
		return a.constant == b.constant;
	return a.kind == VALUE_UNKNOWN || a.id == b.id;
}

static struct phi_record *record_of(struct ssa_builder *builder,
				    struct value value)
{
	int record;

	if (value.kind != VALUE_ID || value.id < 0 ||
	    (size_t)value.id >= builder->value_capacity)
		return NULL;
	record = builder->record_of_value[value.id];
	return record ? &builder->phis[record - 1] : NULL;
}

/* The value that stands for 'value' now that phis may have been removed. */
static struct value resolve(struct ssa_builder *builder, struct value value)
{
	struct phi_record *record = record_of(builder, value);

	if (!record || !record->removed)
		return value;
	/* Shortens the chain for the next lookup. */
	record->replacement = resolve(builder, record->replacement);
	return record->replacement;
}

static struct phi *model_phi(struct ssa_builder *builder, int record)
{
	const struct phi_record *phi = &builder->phis[record];

	CHECK(phi->index != SIZE_MAX);
	return &builder->fn->blocks[phi->block].phis[phi->index];
}

static void add_user(struct ssa_builder *builder, int record, int user)
{
	struct phi_record *phi = &builder->phis[record];

	phi->users = reserve(phi->users, &phi->user_capacity,
			     phi->user_count + 1, sizeof(*phi->users));
	phi->users[phi->user_count++] = user;
}

/* A phi record with a new value id; not in the block's phis yet. */
static int new_phi(struct ssa_builder *builder, int block, int variable)
{
	int result = builder->fn->value_count++;
	int record = (int)builder->phi_count++;

	builder->phis = reserve(builder->phis, &builder->phi_capacity,
				builder->phi_count, sizeof(*builder->phis));
	builder->record_of_value =
		reserve(builder->record_of_value, &builder->value_capacity,
			(size_t)result + 1, sizeof(*builder->record_of_value));
	builder->phis[record] = (struct phi_record){ .result = result,
						     .block = block,
						     .variable = variable,
						     .index = SIZE_MAX };
	builder->record_of_value[result] = record + 1;
	return record;
}

/* Once the block's predecessors are final: block_add_phi() sizes by them. */
static void place_phi(struct ssa_builder *builder, int record)
{
	struct phi_record *phi = &builder->phis[record];
	struct block *block = &builder->fn->blocks[phi->block];

	block_add_phi(builder->tu, block, phi->result);
	phi->index = block->phi_count - 1;
}

static void write_definition(struct ssa_builder *builder, int block,
			     int variable, struct definition definition)
{
	struct block_state *state = &builder->blocks[block];

	state->definitions =
		reserve(state->definitions, &state->definition_capacity,
			(size_t)variable + 1, sizeof(*state->definitions));
	state->definitions[variable] = definition;
}

/*
 * A phi that merges one value besides itself is that value; one that merges
 * nothing but itself is never written.  Returns what stands for the phi.
 */
static struct value try_remove_trivial(struct ssa_builder *builder, int record)
{
	struct phi_record *phi = &builder->phis[record];
	struct value self = value_id(phi->result);
	size_t count = builder->fn->blocks[phi->block].predecessor_count;
	struct value same = value_unknown();
	struct phi_record *target;
	bool found = false;

	if (phi->removed)
		return resolve(builder, self);
	/* Being filled, or waiting for the seal: not all is known. */
	if (!phi->complete)
		return self;
	for (size_t p = 0; p < count; p++) {
		struct value incoming = resolve(
			builder, model_phi(builder, record)->incoming[p]);

		if (same_value(incoming, self) ||
		    (found && same_value(incoming, same)))
			continue;
		if (found)
			return self;
		same = incoming;
		found = true;
	}
	phi->removed = true;
	phi->replacement = same;
	/* The users now use 'same': they must hear when it goes in turn. */
	target = record_of(builder, same);
	for (size_t i = 0; target && i < phi->user_count; i++)
		add_user(builder, (int)(target - builder->phis), phi->users[i]);
	/* A user may have merged this phi and one other value only. */
	for (size_t i = 0; i < phi->user_count; i++)
		try_remove_trivial(builder, phi->users[i]);
	return same;
}

static struct definition read_definition(struct ssa_builder *builder, int block,
					 int variable);

static struct value add_phi_operands(struct ssa_builder *builder, int record)
{
	int block = builder->phis[record].block;
	const struct block *model = &builder->fn->blocks[block];

	for (size_t p = 0; p < model->predecessor_count; p++) {
		struct definition definition =
			read_definition(builder, model->predecessors[p],
					builder->phis[record].variable);
		struct phi_record *operand =
			record_of(builder, definition.value);
		struct phi *phi = model_phi(builder, record);

		phi->incoming[p] = definition.value;
		phi->incoming_location[p] = definition.location;
		if (operand && operand != &builder->phis[record])
			add_user(builder, (int)(operand - builder->phis),
				 record);
	}
	builder->phis[record].complete = true;
	return try_remove_trivial(builder, record);
}

static bool written(struct ssa_builder *builder, int block, int variable)
{
	const struct block_state *state = &builder->blocks[block];

	return (size_t)variable < state->definition_capacity &&
	       state->definitions[variable].written;
}

/* What 'variable' holds at the end of 'block', as far as it was emitted. */
static struct definition read_definition(struct ssa_builder *builder, int block,
					 int variable)
{
	const struct function_model *fn = builder->fn;
	struct definition definition = { .written = true,
					 .value = value_unknown() };
	struct block_state *state;
	size_t climbed = 0;
	int top = block;
	int record;

	/*
	 * Nothing merges in a sealed block with one predecessor: climb to the
	 * block that writes or merges, without recursion.  A climb longer than
	 * the function goes round a cycle nothing enters: never written.
	 */
	while (!written(builder, top, variable) &&
	       builder->blocks[top].sealed &&
	       fn->blocks[top].predecessor_count == 1 &&
	       climbed++ <= fn->block_count)
		top = fn->blocks[top].predecessors[0];
	state = &builder->blocks[top];
	if (written(builder, top, variable)) {
		definition = state->definitions[variable];
		definition.value = resolve(builder, definition.value);
	} else if (!state->sealed) {
		/* More predecessors may come: filled by the seal. */
		record = new_phi(builder, top, variable);
		state->incomplete =
			reserve(state->incomplete, &state->incomplete_capacity,
				state->incomplete_count + 1,
				sizeof(*state->incomplete));
		state->incomplete[state->incomplete_count++] = record;
		definition.value = value_id(builder->phis[record].result);
	} else if (fn->blocks[top].predecessor_count > 1) {
		record = new_phi(builder, top, variable);
		place_phi(builder, record);
		/* Defined before its operands are read: loops come back. */
		definition.value = value_id(builder->phis[record].result);
		write_definition(builder, top, variable, definition);
		definition.value = add_phi_operands(builder, record);
	}
	/* No predecessor, or round a cycle: never written. */
	write_definition(builder, top, variable, definition);
	/* Remembered on the way down, as the paper's recursion does. */
	for (int b = block; b != top; b = fn->blocks[b].predecessors[0])
		write_definition(builder, b, variable, definition);
	return definition;
}

struct ssa_builder *ssa_builder_new(struct translation_unit *tu,
				    struct function_model *fn)
{
	struct ssa_builder *builder = calloc(1, sizeof(*builder));

	CHECK(builder != NULL);
	builder->tu = tu;
	builder->fn = fn;
	builder->blocks = calloc(fn->block_count + 1, sizeof(*builder->blocks));
	CHECK(builder->blocks != NULL);
	return builder;
}

void ssa_builder_write(struct ssa_builder *builder, int block, int variable,
		       struct value value, struct source_location location)
{
	CHECK(block >= 0 && (size_t)block < builder->fn->block_count);
	CHECK(variable >= 0);
	write_definition(builder, block, variable,
			 (struct definition){ true, value, location });
}

struct value ssa_builder_read(struct ssa_builder *builder, int block,
			      int variable)
{
	CHECK(block >= 0 && (size_t)block < builder->fn->block_count);
	CHECK(variable >= 0);
	return read_definition(builder, block, variable).value;
}

void ssa_builder_seal(struct ssa_builder *builder, int block)
{
	struct block_state *state;

	CHECK(block >= 0 && (size_t)block < builder->fn->block_count);
	state = &builder->blocks[block];
	CHECK(!state->sealed);
	/* What locals hold on entry comes from no block: no phi can say it. */
	CHECK(block != 0 || builder->fn->blocks[0].predecessor_count == 0);
	for (size_t i = 0; i < state->incomplete_count; i++) {
		place_phi(builder, state->incomplete[i]);
		add_phi_operands(builder, state->incomplete[i]);
	}
	state->incomplete_count = 0;
	state->sealed = true;
	state->sealed_predecessors =
		builder->fn->blocks[block].predecessor_count;
}

/* Adds 'count' leaves, the first being 'leaf'; true when that changed. */
static bool add_leaves(struct phi_record *phi, struct value leaf, int count)
{
	if (phi->leaf_count == 2 ||
	    (phi->leaf_count == 1 && count == 1 && same_value(phi->leaf, leaf)))
		return false;
	if (phi->leaf_count == 0)
		phi->leaf = leaf;
	phi->leaf_count = phi->leaf_count ? 2 : count;
	return true;
}

/*
 * Phis that merge only each other and one value v are v (Braun et al.,
 * section 3.2): irreducible loops, and loops that assign a local the value it
 * holds, leave such sets, where no phi alone is trivial.  A phi belongs to
 * one exactly when the values other than phis that reach it through phis are
 * one value; it has none in a cycle nothing enters, which is unreachable.
 * Each phi changes at most twice: the loop ends.
 */
static void remove_redundant_sets(struct ssa_builder *builder)
{
	bool changed = true;

	while (changed) {
		changed = false;
		for (size_t r = 0; r < builder->phi_count; r++) {
			struct phi_record *phi = &builder->phis[r];
			size_t count = builder->fn->blocks[phi->block]
					       .predecessor_count;

			for (size_t p = 0; !phi->removed && p < count; p++) {
				struct value incoming = resolve(
					builder, model_phi(builder, (int)r)
							 ->incoming[p]);
				struct phi_record *operand =
					record_of(builder, incoming);

				if (!operand)
					changed |= add_leaves(phi, incoming, 1);
				else if (operand != phi && operand->leaf_count)
					changed |=
						add_leaves(phi, operand->leaf,
							   operand->leaf_count);
			}
		}
	}
	/* Leaves are no phis: no replacement chain to follow. */
	for (size_t r = 0; r < builder->phi_count; r++) {
		struct phi_record *phi = &builder->phis[r];

		if (phi->removed || phi->leaf_count == 2)
			continue;
		phi->removed = true;
		phi->replacement =
			phi->leaf_count ? phi->leaf : value_unknown();
	}
}

static void rewrite_operand(struct operand *operand, void *data)
{
	struct ssa_builder *builder = data;
	struct value value;

	if (operand->kind != OPERAND_VALUE)
		return;
	value = resolve(builder, value_id(operand->value));
	if (value.kind == VALUE_ID) {
		operand->value = value.id;
		return;
	}
	operand->value = 0;
	operand->kind = OPERAND_UNKNOWN;
	if (value.kind == VALUE_CONSTANT) {
		operand->kind = OPERAND_CONSTANT;
		operand->constant = value.constant;
	}
}

/* Rewrites the uses in one block and drops its removed phis. */
static void rewrite_block(struct ssa_builder *builder, struct block *block)
{
	size_t kept = 0;

	for (size_t i = 0; i < block->instruction_count; i++)
		instruction_visit_operands(&block->instructions[i],
					   rewrite_operand, builder);
	rewrite_operand(&block->condition, builder);
	block->return_value = resolve(builder, block->return_value);
	for (size_t i = 0; i < block->phi_count; i++) {
		struct phi_record *record =
			record_of(builder, value_id(block->phis[i].result));

		if (record && record->removed)
			continue;
		for (size_t p = 0; p < block->predecessor_count; p++)
			block->phis[i].incoming[p] =
				resolve(builder, block->phis[i].incoming[p]);
		block->phis[kept++] = block->phis[i];
	}
	block->phi_count = kept;
}

void ssa_builder_finish(struct ssa_builder *builder)
{
	struct function_model *fn = builder->fn;

	for (size_t b = 0; b < fn->block_count; b++)
		if (!builder->blocks[b].sealed)
			ssa_builder_seal(builder, (int)b);
	for (size_t b = 0; b < fn->block_count; b++)
		CHECK(fn->blocks[b].predecessor_count ==
		      builder->blocks[b].sealed_predecessors);
	remove_redundant_sets(builder);
	for (size_t b = 0; b < fn->block_count; b++)
		rewrite_block(builder, &fn->blocks[b]);

	for (size_t b = 0; b < fn->block_count; b++) {
		free(builder->blocks[b].definitions);
		free(builder->blocks[b].incomplete);
	}
	for (size_t r = 0; r < builder->phi_count; r++)
		free(builder->phis[r].users);
	free(builder->blocks);
	free(builder->phis);
	free(builder->record_of_value);
	free(builder);
}
