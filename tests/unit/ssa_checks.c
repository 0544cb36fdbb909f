// SPDX-License-Identifier: GPL-2.0
/* What the SSA builder's tests share: see ssa_checks.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ssa_checks.h"

/* A value the block defines in a way the builder does not care about. */
int define(struct translation_unit *tu, int f, int block)
{
	struct model_instruction *instruction =
		block_add_instruction(tu, mb_block(tu, f, block), INSN_DEFINE);

	instruction->result = mb_value(tu, f);
	return instruction->result;
}

struct operand operand_of(struct value value)
{
	switch (value.kind) {
	case VALUE_ID:
		return operand_value(value.id);
	case VALUE_CONSTANT:
		return operand_constant(value.constant);
	default:
		return operand_unknown();
	}
}

/* An instruction that uses 'value'; returns its index in the block. */
size_t use(struct translation_unit *tu, int f, int block, struct value value)
{
	struct block *b = mb_block(tu, f, block);
	struct model_instruction *instruction =
		block_add_instruction(tu, b, INSN_ASSIGN);

	instruction->source = operand_of(value);
	return b->instruction_count - 1;
}

/* result = left + 1, the way 'x++' reaches the model. */
int increment(struct translation_unit *tu, int f, int block, struct value left)
{
	struct model_instruction *instruction =
		block_add_instruction(tu, mb_block(tu, f, block), INSN_BINARY);

	instruction->binary.op = BINARY_ADD;
	instruction->binary.left = operand_of(left);
	instruction->binary.right = operand_constant(1);
	instruction->result = mb_value(tu, f);
	return instruction->result;
}

struct operand used(struct translation_unit *tu, int f, int block, size_t index)
{
	return mb_block(tu, f, block)->instructions[index].source;
}

void branch(struct translation_unit *tu, int f, int block,
	    struct value condition, int then, int otherwise)
{
	struct block *b = mb_block(tu, f, block);

	b->exit = EXIT_BRANCH;
	b->condition = operand_of(condition);
	block_add_edge(tu, mb_fn(tu, f), block, then);
	block_add_edge(tu, mb_fn(tu, f), block, otherwise);
}

void assert_value_is(struct value value, int id)
{
	assert_int_equal(value.kind, VALUE_ID);
	assert_int_equal(value.id, id);
}

void assert_operand_is(struct operand operand, int id)
{
	assert_int_equal(operand.kind, OPERAND_VALUE);
	assert_int_equal(operand.value, id);
}

/* The one phi of 'block'. */
const struct phi *only_phi(struct translation_unit *tu, int f, int block)
{
	struct block *b = mb_block(tu, f, block);

	assert_int_equal(b->phi_count, 1);
	return &b->phis[0];
}

size_t phi_total(struct translation_unit *tu, int f)
{
	struct function_model *fn = mb_fn(tu, f);
	size_t total = 0;

	for (size_t b = 0; b < fn->block_count; b++)
		total += fn->blocks[b].phi_count;
	return total;
}

static bool defines(const struct function_model *fn, int id)
{
	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++)
			if (block->instructions[i].result == id)
				return true;
		for (size_t i = 0; i < block->phi_count; i++)
			if (block->phis[i].result == id)
				return true;
	}
	return false;
}

static void assert_defined(const struct function_model *fn,
			   struct operand operand)
{
	if (operand.kind == OPERAND_VALUE)
		assert_true(defines(fn, operand.value));
}

/*
 * What finish() promises: every value used is defined by an instruction or a
 * phi that is still there, and no phi merges fewer than two values.
 */
void assert_well_formed(struct translation_unit *tu, int f)
{
	const struct function_model *fn = mb_fn(tu, f);

	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++) {
			const struct model_instruction *insn =
				&block->instructions[i];

			if (insn->kind == INSN_ASSIGN)
				assert_defined(fn, insn->source);
			if (insn->kind == INSN_BINARY) {
				assert_defined(fn, insn->binary.left);
				assert_defined(fn, insn->binary.right);
			}
		}
		assert_defined(fn, block->condition);
		if (block->return_value.kind == VALUE_ID)
			assert_true(defines(fn, block->return_value.id));
		for (size_t i = 0; i < block->phi_count; i++) {
			const struct phi *phi = &block->phis[i];
			struct value first = value_id(phi->result);
			int distinct = 0;

			for (size_t p = 0; p < block->predecessor_count; p++) {
				struct value in = phi->incoming[p];

				if (in.kind == VALUE_ID) {
					assert_true(defines(fn, in.id));
					if (in.id == phi->result)
						continue;
				}
				if (distinct == 0)
					first = in;
				if (distinct == 0 || in.kind != first.kind ||
				    in.id != first.id ||
				    in.constant != first.constant)
					distinct++;
			}
			assert_true(distinct >= 2);
		}
	}
}
