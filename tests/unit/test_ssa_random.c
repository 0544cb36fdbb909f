// SPDX-License-Identifier: GPL-2.0
/*
 * The SSA builder against execution, on random functions: whatever the
 * shape of the graph and the order blocks are sealed in, a use must see
 * through the phis the value the local holds when the assignments run in
 * order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ssa_checks.h"

/*
 * Random functions, built the way a front-end walks them (blocks in order,
 * each sealed once its predecessors are filled, some only by finish()), then
 * run along random paths: at every use, the value the SSA form computes
 * through its phis must be the one the local holds when the assignments run
 * in order.  A value defined in a loop is told apart per iteration.
 */
#define RANDOM_FUNCTIONS 400
#define RANDOM_BLOCKS 9
#define RANDOM_OPS 5
#define RANDOM_LOCALS 3

enum op_kind { OP_DEFINE, OP_CONSTANT, OP_COPY, OP_USE };

struct random_op {
	enum op_kind kind;
	int variable, other; /* OP_COPY: variable = other */
	size_t instruction;  /* OP_DEFINE, OP_USE */
};

/* A value while running: unknown, a constant, or a definition's n-th run. */
struct token {
	bool defined; /* a value id: its definition ran */
	enum value_kind kind;
	long number;
	int run;
};

static unsigned int random_state = 12345;

static unsigned int random_below(unsigned int bound)
{
	random_state = random_state * 1103515245u + 12345u;
	return (random_state >> 16) % bound;
}

static struct token token_of(struct value value, const struct token *ssa)
{
	if (value.kind == VALUE_ID) {
		/* Defined on every path that gets here, or not SSA. */
		assert_true(ssa[value.id].defined);
		return ssa[value.id];
	}
	return (struct token){ true, value.kind, value.constant, 0 };
}

static struct value value_of(struct operand operand)
{
	if (operand.kind == OPERAND_VALUE)
		return value_id(operand.value);
	if (operand.kind == OPERAND_CONSTANT)
		return value_constant((long)operand.constant);
	return value_unknown();
}

static void assert_same_token(struct token a, struct token b)
{
	assert_int_equal(a.kind, b.kind);
	assert_int_equal(a.number, b.number);
	assert_int_equal(a.run, b.run);
}

static void run_random_path(struct translation_unit *tu, int f,
			    struct random_op ops[][RANDOM_OPS],
			    const size_t *op_count)
{
	const struct function_model *fn = mb_fn(tu, f);
	struct token *ssa = calloc((size_t)fn->value_count + 1, sizeof(*ssa));
	struct token local[RANDOM_LOCALS], phi_tokens[RANDOM_LOCALS * 4];
	int runs = 0, block = 0, from = -1;

	assert_non_null(ssa);
	for (int v = 0; v < RANDOM_LOCALS; v++)
		local[v] = (struct token){ true, VALUE_UNKNOWN, 0, 0 };
	for (int step = 0; step < 40; step++) {
		const struct block *b = &fn->blocks[block];
		size_t p = 0;

		while (from >= 0 && b->predecessors[p] != from)
			p++;
		/* Phis read their incoming values all at once. */
		assert_true(b->phi_count <= RANDOM_LOCALS * 4);
		for (size_t i = 0; from >= 0 && i < b->phi_count; i++)
			phi_tokens[i] = token_of(b->phis[i].incoming[p], ssa);
		for (size_t i = 0; from >= 0 && i < b->phi_count; i++)
			ssa[b->phis[i].result] = phi_tokens[i];
		for (size_t i = 0; i < op_count[block]; i++) {
			const struct random_op *op = &ops[block][i];
			const struct model_instruction *insn =
				&b->instructions[op->instruction];

			switch (op->kind) {
			case OP_DEFINE:
				ssa[insn->result] =
					(struct token){ true, VALUE_ID,
							insn->result, ++runs };
				local[op->variable] = ssa[insn->result];
				break;
			case OP_CONSTANT:
				local[op->variable] =
					(struct token){ true, VALUE_CONSTANT,
							block, 0 };
				break;
			case OP_COPY:
				local[op->variable] = local[op->other];
				break;
			case OP_USE:
				assert_same_token(
					token_of(value_of(insn->source), ssa),
					local[op->variable]);
				break;
			}
		}
		if (!b->successor_count)
			break;
		from = block;
		block = b->successors[random_below(
			(unsigned int)b->successor_count)];
	}
	free(ssa);
}

static void random_function(struct translation_unit *tu)
{
	int blocks = 2 + (int)random_below(RANDOM_BLOCKS - 1);
	int f = mb_function(tu, "f", 10, (size_t)blocks);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct random_op ops[RANDOM_BLOCKS][RANDOM_OPS];
	size_t op_count[RANDOM_BLOCKS];
	bool sealed[RANDOM_BLOCKS] = { false };

	/* Edges first: every block's predecessors are known from the start. */
	for (int b = 0; b < blocks; b++) {
		int first = 1 + (int)random_below((unsigned int)blocks - 1);
		int second = 1 + (int)random_below((unsigned int)blocks - 1);
		unsigned int count = random_below(3);

		if (count >= 1)
			mb_jump(tu, f, b, first);
		if (count == 2 && second != first)
			mb_jump(tu, f, b, second);
	}
	for (int b = 0; b < blocks; b++) {
		op_count[b] = random_below(RANDOM_OPS + 1);
		for (size_t i = 0; i < op_count[b]; i++) {
			struct random_op *op = &ops[b][i];
			struct value value;

			op->kind = (enum op_kind)random_below(4);
			op->variable = (int)random_below(RANDOM_LOCALS);
			op->other = (int)random_below(RANDOM_LOCALS);
			op->instruction = mb_block(tu, f, b)->instruction_count;
			switch (op->kind) {
			case OP_DEFINE:
				value = value_id(define(tu, f, b));
				break;
			case OP_CONSTANT:
				value = value_constant(b);
				break;
			case OP_COPY:
				value = ssa_builder_read(builder, b, op->other);
				break;
			case OP_USE:
				use(tu, f, b,
				    ssa_builder_read(builder, b, op->variable));
				continue;
			}
			ssa_builder_write(builder, b, op->variable, value,
					  mb_at(20, 1));
		}
		/* Blocks whose predecessors are all filled now, mostly. */
		for (int s = 0; s < blocks; s++) {
			const struct block *target = mb_block(tu, f, s);
			bool filled = true;

			for (size_t p = 0; p < target->predecessor_count; p++)
				filled &= target->predecessors[p] <= b;
			if (!sealed[s] && filled && random_below(4)) {
				ssa_builder_seal(builder, s);
				sealed[s] = true;
			}
		}
	}
	ssa_builder_finish(builder);
	assert_well_formed(tu, f);
	for (int walk = 0; walk < 6; walk++)
		run_random_path(tu, f, ops, op_count);
}

static void random_functions_agree_with_execution(void **state)
{
	for (int i = 0; i < RANDOM_FUNCTIONS; i++)
		random_function(*state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(random_functions_agree_with_execution),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
