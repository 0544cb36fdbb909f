// SPDX-License-Identifier: GPL-2.0
/*
 * Braun et al.'s SSA construction (see ssa_builder.h).  Phis live in the
 * builder until finish(): a phi of an unsealed block cannot have its
 * operands yet, and the model's phis are sized by predecessor count.  A
 * removed phi forwards to the value that replaced it; finish() resolves
 * every use in the function through those forwards.
 */
#include "ssa_builder.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

struct definition {
	int variable;
	struct value value;
};

struct block_state {
	struct definition *definitions;
	size_t definition_count, definition_capacity;
	/* Phis placed while the block was unsealed: (variable, phi). */
	int *incomplete;
	size_t incomplete_count, incomplete_capacity;
	bool sealed;
};

struct builder_phi {
	int block;
	int variable;
	int result;
	struct value *operands; /* one per predecessor, once complete */
	size_t operand_count;
	bool complete;
	bool removed;
	struct value replacement;
	/* Phis that use this one, to recheck when it goes away. */
	int *users;
	size_t user_count, user_capacity;
};

struct ssa_builder {
	struct translation_unit *tu;
	struct function_model *function;
	struct block_state *blocks;
	struct builder_phi *phis;
	size_t phi_count, phi_capacity;
	/* Value id -> phi index, or -1: values are added as phis are. */
	int *phi_of_value;
	size_t phi_of_value_capacity;
};

static void *grow(void *array, size_t *capacity, size_t count, size_t size)
{
	if (count < *capacity)
		return array;
	*capacity = *capacity ? *capacity * 2 : 8;
	array = realloc(array, *capacity * size);
	CHECK(array != NULL);
	return array;
}

struct ssa_builder *ssa_builder_new(struct translation_unit *tu,
				    struct function_model *function)
{
	struct ssa_builder *builder = calloc(1, sizeof(*builder));

	CHECK(builder != NULL);
	builder->tu = tu;
	builder->function = function;
	builder->blocks =
		calloc(function->block_count + 1, sizeof(*builder->blocks));
	CHECK(builder->blocks != NULL);
	return builder;
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

static struct builder_phi *phi_of(const struct ssa_builder *builder,
				  struct value value)
{
	if (value.kind != VALUE_ID || value.id < 0 ||
	    (size_t)value.id >= builder->phi_of_value_capacity ||
	    builder->phi_of_value[value.id] < 0)
		return NULL;
	return &builder->phis[builder->phi_of_value[value.id]];
}

/* A value, through the phis that were removed since it was read. */
static struct value resolve(const struct ssa_builder *builder,
			    struct value value)
{
	struct builder_phi *phi;

	while ((phi = phi_of(builder, value)) && phi->removed)
		value = phi->replacement;
	return value;
}

void ssa_builder_write(struct ssa_builder *builder, int block, int variable,
		       struct value value)
{
	struct block_state *state = &builder->blocks[block];

	for (size_t i = 0; i < state->definition_count; i++)
		if (state->definitions[i].variable == variable) {
			state->definitions[i].value = value;
			return;
		}
	state->definitions =
		grow(state->definitions, &state->definition_capacity,
		     state->definition_count, sizeof(*state->definitions));
	state->definitions[state->definition_count++] =
		(struct definition){ variable, value };
}

static int new_phi(struct ssa_builder *builder, int block, int variable)
{
	int result = builder->function->value_count++;
	size_t old = builder->phi_of_value_capacity;

	if ((size_t)result >= old) {
		builder->phi_of_value_capacity = (size_t)result * 2 + 16;
		builder->phi_of_value =
			realloc(builder->phi_of_value,
				builder->phi_of_value_capacity * sizeof(int));
		CHECK(builder->phi_of_value != NULL);
		for (size_t i = old; i < builder->phi_of_value_capacity; i++)
			builder->phi_of_value[i] = -1;
	}
	builder->phis = grow(builder->phis, &builder->phi_capacity,
			     builder->phi_count, sizeof(*builder->phis));
	builder->phis[builder->phi_count] = (struct builder_phi){
		.block = block,
		.variable = variable,
		.result = result,
	};
	builder->phi_of_value[result] = (int)builder->phi_count;
	return (int)builder->phi_count++;
}

static void add_user(struct ssa_builder *builder, struct value used, int user)
{
	struct builder_phi *phi = phi_of(builder, used);

	if (!phi || &builder->phis[user] == phi)
		return;
	phi->users = grow(phi->users, &phi->user_capacity, phi->user_count,
			  sizeof(int));
	phi->users[phi->user_count++] = user;
}

/* A phi whose operands are one value (and itself) is that value. */
static struct value remove_if_trivial(struct ssa_builder *builder, int index)
{
	struct builder_phi *phi = &builder->phis[index];
	struct value self = value_id(phi->result), same = value_unknown();
	bool found = false;

	for (size_t i = 0; i < phi->operand_count; i++) {
		struct value operand = resolve(builder, phi->operands[i]);

		if (same_value(operand, self) ||
		    (found && same_value(operand, same)))
			continue;
		if (found)
			return self;
		same = operand;
		found = true;
	}
	phi->removed = true;
	phi->replacement = same;
	/* Users may have become trivial in turn. */
	for (size_t i = 0; i < builder->phis[index].user_count; i++) {
		int user = builder->phis[index].users[i];

		if (!builder->phis[user].removed &&
		    builder->phis[user].complete)
			remove_if_trivial(builder, user);
	}
	return resolve(builder, same);
}

static struct value add_operands(struct ssa_builder *builder, int index)
{
	const struct block *block =
		&builder->function->blocks[builder->phis[index].block];
	size_t count = block->predecessor_count;
	struct value *operands = calloc(count + 1, sizeof(struct value));

	CHECK(operands != NULL);
	builder->phis[index].operands = operands;
	builder->phis[index].operand_count = count;
	for (size_t p = 0; p < count; p++) {
		struct value operand =
			ssa_builder_read(builder, block->predecessors[p],
					 builder->phis[index].variable);

		builder->phis[index].operands[p] = operand;
		add_user(builder, operand, index);
	}
	builder->phis[index].complete = true;
	return remove_if_trivial(builder, index);
}

static struct value read_recursive(struct ssa_builder *builder, int block,
				   int variable)
{
	struct block_state *state = &builder->blocks[block];
	const struct block *b = &builder->function->blocks[block];
	struct value value;
	int phi;

	if (!state->sealed) {
		phi = new_phi(builder, block, variable);
		state->incomplete =
			grow(state->incomplete, &state->incomplete_capacity,
			     state->incomplete_count, sizeof(int));
		state->incomplete[state->incomplete_count++] = phi;
		value = value_id(builder->phis[phi].result);
	} else if (b->predecessor_count == 1) {
		value = ssa_builder_read(builder, b->predecessors[0], variable);
	} else if (b->predecessor_count == 0) {
		value = value_unknown();
	} else {
		/* Break cycles: the phi is the definition while it is built. */
		phi = new_phi(builder, block, variable);
		ssa_builder_write(builder, block, variable,
				  value_id(builder->phis[phi].result));
		value = add_operands(builder, phi);
	}
	ssa_builder_write(builder, block, variable, value);
	return value;
}

struct value ssa_builder_read(struct ssa_builder *builder, int block,
			      int variable)
{
	const struct block_state *state = &builder->blocks[block];

	for (size_t i = 0; i < state->definition_count; i++)
		if (state->definitions[i].variable == variable)
			return resolve(builder, state->definitions[i].value);
	return read_recursive(builder, block, variable);
}

void ssa_builder_seal(struct ssa_builder *builder, int block)
{
	struct block_state *state = &builder->blocks[block];

	if (state->sealed)
		return;
	state->sealed = true;
	for (size_t i = 0; i < state->incomplete_count; i++)
		add_operands(builder, state->incomplete[i]);
	state->incomplete_count = 0;
}

static void rewrite_operand(const struct ssa_builder *builder,
			    struct operand *operand)
{
	struct value value;

	if (operand->kind != OPERAND_VALUE)
		return;
	value = resolve(builder, value_id(operand->value));
	if (value.kind == VALUE_ID) {
		operand->value = value.id;
	} else if (value.kind == VALUE_CONSTANT) {
		operand->kind = OPERAND_CONSTANT;
		operand->constant = value.constant;
	} else {
		operand->kind = OPERAND_UNKNOWN;
	}
}

static void rewrite_instruction(const struct ssa_builder *builder,
				struct instruction *instruction)
{
	switch (instruction->kind) {
	case INSN_CALL:
		rewrite_operand(builder, &instruction->call.target);
		for (size_t i = 0; i < instruction->call.argument_count; i++)
			rewrite_operand(builder,
					&instruction->call.arguments[i]);
		return;
	case INSN_ASSIGN:
		rewrite_operand(builder, &instruction->source);
		return;
	case INSN_BINARY:
		rewrite_operand(builder, &instruction->binary.left);
		rewrite_operand(builder, &instruction->binary.right);
		return;
	case INSN_FIELD_WRITE:
		rewrite_operand(builder, &instruction->field_write.object);
		rewrite_operand(builder, &instruction->field_write.source);
		return;
	default:
		return;
	}
}

static void rewrite_block(const struct ssa_builder *builder,
			  struct block *block)
{
	for (size_t i = 0; i < block->instruction_count; i++)
		rewrite_instruction(builder, &block->instructions[i]);
	rewrite_operand(builder, &block->condition);
	block->return_value = resolve(builder, block->return_value);
	for (size_t i = 0; i < block->phi_count; i++)
		for (size_t p = 0; p < block->phis[i].incoming_count; p++)
			block->phis[i].incoming[p] =
				resolve(builder, block->phis[i].incoming[p]);
}

void ssa_builder_finish(struct ssa_builder *builder)
{
	struct function_model *function = builder->function;

	for (size_t b = 0; b < function->block_count; b++)
		ssa_builder_seal(builder, (int)b);
	for (size_t i = 0; i < builder->phi_count; i++) {
		const struct builder_phi *phi = &builder->phis[i];
		struct block *block = &function->blocks[phi->block];
		struct phi *added;

		if (phi->removed)
			continue;
		added = block_add_phi(builder->tu, block, phi->result);
		for (size_t p = 0; p < phi->operand_count; p++)
			added->incoming[p] = resolve(builder, phi->operands[p]);
	}
	for (size_t b = 0; b < function->block_count; b++)
		rewrite_block(builder, &function->blocks[b]);
	for (size_t b = 0; b < function->block_count; b++) {
		free(builder->blocks[b].definitions);
		free(builder->blocks[b].incomplete);
	}
	for (size_t i = 0; i < builder->phi_count; i++) {
		free(builder->phis[i].operands);
		free(builder->phis[i].users);
	}
	free(builder->blocks);
	free(builder->phis);
	free(builder->phi_of_value);
	free(builder);
}
