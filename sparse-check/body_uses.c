// SPDX-License-Identifier: GPL-2.0
/*
 * Every value the function's own code reads is an operand somewhere, so
 * that the core can tell a value nothing reads (core/lowering/lower_uses.c): what
 * an instruction's description does not name (a store to memory, an asm's
 * input, a switch, an operator the model has no name for, a load's
 * pointer) is read by one INSN_USE, as GCC's front-end has it.
 */
#include "body_internal.h"

#define MAX_READS 16

struct reads {
	pseudo_t pseudos[MAX_READS];
	int count;
};

static void read_pseudo(struct reads *reads, pseudo_t pseudo)
{
	if (pseudo && pseudo != VOID && reads->count < MAX_READS)
		reads->pseudos[reads->count++] = pseudo;
}

/*
 * The pseudos an instruction reads.  A conversion or an address is no
 * instruction of the model (its readers read what it converts), and the
 * end of a block, a phi and a marker of an inlined body are described
 * with the block, the phi, or the call they are.
 */
static void instruction_reads(struct instruction *insn, struct reads *reads)
{
	struct asm_constraint *input;
	pseudo_t argument;

	switch (insn->opcode) {
	case OP_BINARY ... OP_BINARY_END:
	case OP_BINCMP ... OP_BINCMP_END:
		read_pseudo(reads, insn->src1);
		read_pseudo(reads, insn->src2);
		return;
	case OP_SEL:
		read_pseudo(reads, insn->src1);
		read_pseudo(reads, insn->src2);
		read_pseudo(reads, insn->src3);
		return;
	case OP_NOT:
	case OP_NEG:
	case OP_LOAD:
	case OP_SWITCH:
	case OP_COMPUTEDGOTO:
		read_pseudo(reads, insn->src);
		return;
	case OP_STORE:
		read_pseudo(reads, insn->src);
		read_pseudo(reads, insn->target);
		return;
	case OP_CALL:
		read_pseudo(reads, insn->func);
		FOR_EACH_PTR(insn->arguments, argument) {
			read_pseudo(reads, argument);
		}
		END_FOR_EACH_PTR(argument);
		return;
	case OP_ASM:
		if (!insn->asm_rules)
			return;
		FOR_EACH_PTR(insn->asm_rules->inputs, input) {
			read_pseudo(reads, input->pseudo);
		}
		END_FOR_EACH_PTR(input);
		return;
	default:
		return;
	}
}

void describe_other_uses(struct function_translation *ft,
			 struct instruction *insn, size_t first)
{
	struct model_instruction *use;
	struct operand unnamed[MAX_READS];
	struct reads reads = { .count = 0 };
	size_t count = 0;

	instruction_reads(insn, &reads);
	for (int i = 0; i < reads.count; i++) {
		struct operand operand = operand_of(ft, reads.pseudos[i], 0);
		bool seen = false;

		if (operand.kind != OPERAND_VALUE ||
		    block_reads_value(ft->block, first, operand.value))
			continue;
		for (size_t j = 0; j < count; j++)
			seen |= unnamed[j].value == operand.value;
		if (!seen)
			unnamed[count++] = operand;
	}
	if (!count)
		return;
	use = describe_instruction(ft, insn, INSN_USE, false);
	use->use.operand_count = count;
	use->use.operands = tu_operands(ft->tu, count);
	for (size_t i = 0; i < count; i++)
		use->use.operands[i] = unnamed[i];
}
