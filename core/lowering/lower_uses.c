// SPDX-License-Identifier: GPL-2.0
/*
 * Which values a function reads.  Front-ends name every value the code
 * reads in some operand (an INSN_USE holds those no other instruction
 * names: stores to memory, asm operands, switches, operators the model has
 * no name for), in a phi, a branch or a return.  A value none of these
 * reads is dropped or overwritten before anything looks at it: for a setup
 * that can fail, nobody will notice the failure (kmem-unchecked-setup).
 */
#include <stdlib.h>

#include "api.h"
#include "check.h"
#include "lower.h"

static void note_read(struct operand *operand, void *data)
{
	struct lowering *lowering = data;
	int value = operand->kind == OPERAND_VALUE ||
				    operand->kind == OPERAND_MEMBER_ADDRESS ?
			    operand->value :
			    -1;

	if (value >= 0 && value < lowering->function->value_count)
		lowering->read[value] = 1;
}

static void note_value(struct lowering *lowering, struct value value)
{
	if (value.kind == VALUE_ID && value.id >= 0 &&
	    value.id < lowering->function->value_count)
		lowering->read[value.id] = 1;
}

void lower_collect_reads(struct lowering *lowering)
{
	struct function_model *function = lowering->function;

	for (size_t b = 0; b < function->block_count; b++) {
		struct block *block = &function->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++)
			instruction_visit_operands(&block->instructions[i],
						   note_read, lowering);
		for (size_t i = 0; i < block->phi_count; i++)
			for (size_t p = 0; p < block->phis[i].incoming_count;
			     p++)
				note_value(lowering,
					   block->phis[i].incoming[p]);
		if (block->exit == EXIT_BRANCH)
			note_read(&block->condition, lowering);
		if (block->exit == EXIT_RETURN)
			note_value(lowering, block->return_value);
	}
}

/* The values a pointer's reads follow, and what they have seen. */
struct error_reads {
	const struct lowering *lowering;
	bool *followed;
	bool other;	 /* read by anything but the three below */
	bool error_test; /* by IS_ERR() or PTR_ERR_OR_ZERO() */
	bool added;	 /* a copy joined 'followed' */
	const struct model_instruction *instruction; /* being visited */
};

static bool followed_operand(const struct error_reads *reads,
			     const struct operand *operand)
{
	return operand->kind == OPERAND_VALUE && operand->value >= 0 &&
	       operand->value < reads->lowering->function->value_count &&
	       reads->followed[operand->value];
}

static void note_error_read(struct operand *operand, void *data)
{
	struct error_reads *reads = data;
	const struct model_instruction *instruction = reads->instruction;
	const struct api_entry *api;

	if (!followed_operand(reads, operand))
		return;
	if (instruction->kind == INSN_ASSIGN && instruction->result >= 0 &&
	    instruction->result < reads->lowering->function->value_count) {
		reads->added |= !reads->followed[instruction->result];
		reads->followed[instruction->result] = true;
		return;
	}
	api = lowered_api(instruction);
	if (instruction->kind == INSN_CALL && api &&
	    instruction->call.argument_count >= 1 &&
	    operand == &instruction->call.arguments[0] &&
	    (api->role == API_IS_ERROR || api->role == API_ERRNO ||
	     api->role == API_ERRNO_OR_ZERO)) {
		reads->error_test |= api->role != API_ERRNO;
		return;
	}
	reads->other = true;
}

static bool value_followed(const struct error_reads *reads, struct value value)
{
	return value.kind == VALUE_ID && value.id >= 0 &&
	       value.id < reads->lowering->function->value_count &&
	       reads->followed[value.id];
}

bool lowered_read_as_error_pointer_only(const struct lowering *lowering,
					int value)
{
	struct function_model *function = lowering->function;
	struct error_reads reads = { .lowering = lowering };
	bool result;

	if (value < 0 || value >= function->value_count)
		return false;
	reads.followed = calloc((size_t)function->value_count + 1, 1);
	CHECK(reads.followed != NULL);
	reads.followed[value] = true;
	/* Again while a copy joins: copies are few, and come after. */
	do {
		reads.added = false;
		for (size_t b = 0; b < function->block_count && !reads.other;
		     b++) {
			struct block *block = &function->blocks[b];

			for (size_t i = 0; i < block->instruction_count; i++) {
				reads.instruction = &block->instructions[i];
				instruction_visit_operands(
					&block->instructions[i],
					note_error_read, &reads);
			}
			for (size_t i = 0; i < block->phi_count; i++)
				for (size_t p = 0;
				     p < block->phis[i].incoming_count; p++)
					reads.other |= value_followed(
						&reads,
						block->phis[i].incoming[p]);
			if (block->exit == EXIT_BRANCH ||
			    block->exit == EXIT_TEST)
				reads.other |= followed_operand(
					&reads, &block->condition);
			if (block->exit == EXIT_RETURN)
				reads.other |= value_followed(
					&reads, block->return_value);
		}
	} while (reads.added && !reads.other);
	result = reads.error_test && !reads.other;
	free(reads.followed);
	return result;
}

bool lowered_unread(const struct lowering *lowering, int value)
{
	return lowering->read && value >= 0 &&
	       value < lowering->function->value_count &&
	       !lowering->read[value];
}
