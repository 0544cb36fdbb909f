// SPDX-License-Identifier: GPL-2.0
/*
 * Which values a function reads.  Front-ends name every value the code
 * reads in some operand (an INSN_USE holds those no other instruction
 * names: stores to memory, asm operands, switches, operators the model has
 * no name for), in a phi, a branch or a return.  A value none of these
 * reads is dropped or overwritten before anything looks at it: for a setup
 * that can fail, nobody will notice the failure (kmem-unchecked-setup).
 */
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

bool lowered_unread(const struct lowering *lowering, int value)
{
	return lowering->read && value >= 0 &&
	       value < lowering->function->value_count &&
	       !lowering->read[value];
}
