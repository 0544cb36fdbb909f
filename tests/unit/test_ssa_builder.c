// SPDX-License-Identifier: GPL-2.0
/*
 * SSA construction from "assign local / read local" events: the phis it
 * makes, the ones it removes, and the uses it rewrites.  Each test feeds the
 * builder in the order a front-end walking the source would: a block is
 * sealed once every edge into it is known.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "model_builder.h"
#include "ssa_builder.h"

/* The locals of the tests. */
enum { X, Y };

static const struct source_location nowhere;

/* A value the block defines in a way the builder does not care about. */
static int define(struct translation_unit *tu, int f, int block)
{
	struct instruction *instruction =
		block_add_instruction(tu, mb_block(tu, f, block), INSN_DEFINE);

	instruction->result = mb_value(tu, f);
	return instruction->result;
}

static struct operand operand_of(struct value value)
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
static size_t use(struct translation_unit *tu, int f, int block,
		  struct value value)
{
	struct block *b = mb_block(tu, f, block);
	struct instruction *instruction =
		block_add_instruction(tu, b, INSN_ASSIGN);

	instruction->source = operand_of(value);
	return b->instruction_count - 1;
}

/* result = left + 1, the way 'x++' reaches the model. */
static int increment(struct translation_unit *tu, int f, int block,
		     struct value left)
{
	struct instruction *instruction =
		block_add_instruction(tu, mb_block(tu, f, block), INSN_BINARY);

	instruction->binary.op = OP_ADD;
	instruction->binary.left = operand_of(left);
	instruction->binary.right = operand_constant(1);
	instruction->result = mb_value(tu, f);
	return instruction->result;
}

static struct operand used(struct translation_unit *tu, int f, int block,
			   size_t index)
{
	return mb_block(tu, f, block)->instructions[index].source;
}

static void branch(struct translation_unit *tu, int f, int block,
		   struct value condition, int then, int otherwise)
{
	struct block *b = mb_block(tu, f, block);

	b->exit = EXIT_BRANCH;
	b->condition = operand_of(condition);
	block_add_edge(tu, mb_fn(tu, f), block, then);
	block_add_edge(tu, mb_fn(tu, f), block, otherwise);
}

static void assert_value_is(struct value value, int id)
{
	assert_int_equal(value.kind, VALUE_ID);
	assert_int_equal(value.id, id);
}

static void assert_operand_is(struct operand operand, int id)
{
	assert_int_equal(operand.kind, OPERAND_VALUE);
	assert_int_equal(operand.value, id);
}

/* The one phi of 'block'. */
static const struct phi *only_phi(struct translation_unit *tu, int f, int block)
{
	struct block *b = mb_block(tu, f, block);

	assert_int_equal(b->phi_count, 1);
	return &b->phis[0];
}

static size_t phi_total(struct translation_unit *tu, int f)
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
static void assert_well_formed(struct translation_unit *tu, int f)
{
	const struct function_model *fn = mb_fn(tu, f);

	for (size_t b = 0; b < fn->block_count; b++) {
		const struct block *block = &fn->blocks[b];

		for (size_t i = 0; i < block->instruction_count; i++) {
			const struct instruction *insn =
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

/* 0: x = a;  1: x = b;  2: uses x  -- no merge, no phi. */
static void straight_line_has_no_phi(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 3);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	int a, b, values;
	size_t use_a, use_b;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	mb_jump(tu, f, 0, 1);
	ssa_builder_seal(builder, 1);
	use_a = use(tu, f, 1, ssa_builder_read(builder, 1, X));
	b = define(tu, f, 1);
	ssa_builder_write(builder, 1, X, value_id(b), mb_at(12, 2));
	mb_jump(tu, f, 1, 2);
	ssa_builder_seal(builder, 2);
	use_b = use(tu, f, 2, ssa_builder_read(builder, 2, X));
	mb_return(tu, f, 2, ssa_builder_read(builder, 2, X), mb_at(13, 2));
	values = mb_fn(tu, f)->value_count;
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 0);
	assert_int_equal(mb_fn(tu, f)->value_count, values);
	assert_operand_is(used(tu, f, 1, use_a), a);
	assert_operand_is(used(tu, f, 2, use_b), b);
	assert_value_is(mb_block(tu, f, 2)->return_value, b);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a; if (a) goto 1; else goto 2;  1: x = b;  2: x = c;  3: return x;
 * The edge from 2 enters 3 first: the phi follows the predecessors' order.
 */
static void diamond_merges_in_predecessor_order(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value merged;
	const struct phi *phi;
	int a, b, c;
	size_t use_merged;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	branch(tu, f, 0, value_id(a), 1, 2);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 2);
	b = define(tu, f, 1);
	ssa_builder_write(builder, 1, X, value_id(b), mb_at(12, 2));
	c = define(tu, f, 2);
	ssa_builder_write(builder, 2, X, value_id(c), mb_at(13, 2));
	mb_jump(tu, f, 2, 3);
	mb_jump(tu, f, 1, 3);
	ssa_builder_seal(builder, 3);
	merged = ssa_builder_read(builder, 3, X);
	use_merged = use(tu, f, 3, merged);
	mb_return(tu, f, 3, merged, mb_at(14, 2));
	ssa_builder_finish(builder);

	phi = only_phi(tu, f, 3);
	assert_value_is(merged, phi->result);
	assert_value_is(phi->incoming[0], c);
	assert_value_is(phi->incoming[1], b);
	assert_int_equal(phi->incoming_location[0].line, 13);
	assert_int_equal(phi->incoming_location[1].line, 12);
	assert_int_equal(phi_total(tu, f), 1);
	assert_operand_is(used(tu, f, 3, use_merged), phi->result);
	assert_value_is(mb_block(tu, f, 3)->return_value, phi->result);
	assert_well_formed(tu, f);
}

/* 0: x = a; if (a) goto 1; else goto 2;  1: x = b;  2: return x; */
static void one_sided_if_merges_unchanged_value(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 3);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	const struct phi *phi;
	int a, b;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	branch(tu, f, 0, value_id(a), 1, 2);
	ssa_builder_seal(builder, 1);
	b = define(tu, f, 1);
	ssa_builder_write(builder, 1, X, value_id(b), mb_at(12, 2));
	mb_jump(tu, f, 1, 2);
	ssa_builder_seal(builder, 2);
	mb_return(tu, f, 2, ssa_builder_read(builder, 2, X), mb_at(13, 2));
	ssa_builder_finish(builder);

	phi = only_phi(tu, f, 2);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], b);
	assert_value_is(mb_block(tu, f, 2)->return_value, phi->result);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a;  1: while (x) {  2: x = x + 1; }  3: return x;
 * The header is read before its back edge exists: an incomplete phi, which
 * the seal fills.
 */
static void loop_modifying_variable_keeps_header_phi(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value header, in_body;
	const struct phi *phi;
	int a, b;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	mb_jump(tu, f, 0, 1);
	header = ssa_builder_read(builder, 1, X);
	assert_int_equal(header.kind, VALUE_ID);
	/* Not in the block before its predecessors are all known. */
	assert_int_equal(mb_block(tu, f, 1)->phi_count, 0);
	branch(tu, f, 1, header, 2, 3);
	ssa_builder_seal(builder, 2);
	in_body = ssa_builder_read(builder, 2, X);
	assert_value_is(in_body, header.id);
	b = increment(tu, f, 2, in_body);
	ssa_builder_write(builder, 2, X, value_id(b), mb_at(12, 2));
	mb_jump(tu, f, 2, 1);
	ssa_builder_seal(builder, 1);
	phi = only_phi(tu, f, 1);
	assert_int_equal(phi->result, header.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], b);
	ssa_builder_seal(builder, 3);
	mb_return(tu, f, 3, ssa_builder_read(builder, 3, X), mb_at(13, 2));
	ssa_builder_finish(builder);

	phi = only_phi(tu, f, 1);
	assert_int_equal(phi->result, header.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], b);
	assert_int_equal(phi_total(tu, f), 1);
	assert_operand_is(mb_block(tu, f, 1)->condition, header.id);
	assert_operand_is(mb_block(tu, f, 2)->instructions[0].binary.left,
			  header.id);
	assert_value_is(mb_block(tu, f, 3)->return_value, header.id);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a;  1: while (x) {  2: use(x); }  3: return x;
 * The header's phi merges a and itself: a.  Uses stored while it was a phi,
 * in an instruction and in the header's condition, now name a.
 */
static void loop_not_modifying_variable_removes_phi(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value header;
	size_t use_body;
	int a;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	mb_jump(tu, f, 0, 1);
	header = ssa_builder_read(builder, 1, X);
	assert_int_equal(header.kind, VALUE_ID);
	assert_int_not_equal(header.id, a);
	branch(tu, f, 1, header, 2, 3);
	ssa_builder_seal(builder, 2);
	use_body = use(tu, f, 2, ssa_builder_read(builder, 2, X));
	assert_operand_is(used(tu, f, 2, use_body), header.id);
	mb_jump(tu, f, 2, 1);
	ssa_builder_seal(builder, 1);
	/* Known as trivial at the seal already. */
	assert_value_is(ssa_builder_read(builder, 1, X), a);
	ssa_builder_seal(builder, 3);
	mb_return(tu, f, 3, ssa_builder_read(builder, 3, X), mb_at(13, 2));
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 0);
	assert_operand_is(mb_block(tu, f, 1)->condition, a);
	assert_operand_is(used(tu, f, 2, use_body), a);
	assert_value_is(mb_block(tu, f, 3)->return_value, a);
	assert_well_formed(tu, f);
}

/* The same loop with x = 0: the uses become the constant. */
static void loop_over_constant_rewrites_uses_to_constant(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct operand operand;
	size_t use_body;

	ssa_builder_seal(builder, 0);
	ssa_builder_write(builder, 0, X, value_constant(0), mb_at(11, 2));
	mb_jump(tu, f, 0, 1);
	branch(tu, f, 1, ssa_builder_read(builder, 1, X), 2, 3);
	ssa_builder_seal(builder, 2);
	use_body = use(tu, f, 2, ssa_builder_read(builder, 2, X));
	mb_jump(tu, f, 2, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	mb_return(tu, f, 3, ssa_builder_read(builder, 3, X), mb_at(13, 2));
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 0);
	operand = mb_block(tu, f, 1)->condition;
	assert_int_equal(operand.kind, OPERAND_CONSTANT);
	assert_int_equal(operand.constant, 0);
	operand = used(tu, f, 2, use_body);
	assert_int_equal(operand.kind, OPERAND_CONSTANT);
	assert_int_equal(operand.constant, 0);
	assert_int_equal(mb_block(tu, f, 3)->return_value.kind, VALUE_CONSTANT);
	assert_int_equal(mb_block(tu, f, 3)->return_value.constant, 0);
}

/*
 * 0: x = a; y = c;  1: while (c) {  2: x = b; }  3: return x + y;
 * Neither local is read in the loop: the header, sealed by then, gets its
 * phi only when the exit reads through it, and the loop leads back to it.
 */
static void loop_read_only_after_it(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	const struct phi *phi;
	struct value after;
	int a, b, c;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	c = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	ssa_builder_write(builder, 0, Y, value_id(c), mb_at(11, 9));
	mb_jump(tu, f, 0, 1);
	branch(tu, f, 1, value_id(c), 2, 3);
	ssa_builder_seal(builder, 2);
	b = define(tu, f, 2);
	ssa_builder_write(builder, 2, X, value_id(b), mb_at(12, 3));
	mb_jump(tu, f, 2, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	assert_int_equal(mb_block(tu, f, 1)->phi_count, 0);
	after = ssa_builder_read(builder, 3, X);
	use(tu, f, 3, after);
	use(tu, f, 3, ssa_builder_read(builder, 3, Y));
	ssa_builder_finish(builder);

	phi = only_phi(tu, f, 1);
	assert_int_equal(phi->result, after.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], b);
	assert_operand_is(used(tu, f, 3, 0), after.id);
	assert_operand_is(used(tu, f, 3, 1), c);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a; y = c;
 * 1: while (use(x, y)) {         -- outer header, back edge from 4
 * 2:     while (use(x, y)) {     -- inner header, back edge from 3
 * 3:         x = x + 1; }
 * 4: }
 * 5: return x;
 * x has a phi in each header; y, never written in the loops, has none, and
 * its uses in the headers read c.
 */
static void nested_loops(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 6);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value outer, inner;
	size_t outer_y, inner_y;
	const struct phi *phi;
	int a, b, c;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	c = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	ssa_builder_write(builder, 0, Y, value_id(c), mb_at(11, 9));
	mb_jump(tu, f, 0, 1);
	outer = ssa_builder_read(builder, 1, X);
	outer_y = use(tu, f, 1, ssa_builder_read(builder, 1, Y));
	branch(tu, f, 1, outer, 2, 5);
	inner = ssa_builder_read(builder, 2, X);
	inner_y = use(tu, f, 2, ssa_builder_read(builder, 2, Y));
	branch(tu, f, 2, inner, 3, 4);
	ssa_builder_seal(builder, 3);
	b = increment(tu, f, 3, ssa_builder_read(builder, 3, X));
	ssa_builder_write(builder, 3, X, value_id(b), mb_at(13, 3));
	mb_jump(tu, f, 3, 2);
	ssa_builder_seal(builder, 2);
	ssa_builder_seal(builder, 4);
	mb_jump(tu, f, 4, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 5);
	mb_return(tu, f, 5, ssa_builder_read(builder, 5, X), mb_at(15, 2));
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 2);
	phi = only_phi(tu, f, 1);
	assert_int_equal(phi->result, outer.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], inner.id);
	phi = only_phi(tu, f, 2);
	assert_int_equal(phi->result, inner.id);
	assert_value_is(phi->incoming[0], outer.id);
	assert_value_is(phi->incoming[1], b);
	assert_operand_is(used(tu, f, 1, outer_y), c);
	assert_operand_is(used(tu, f, 2, inner_y), c);
	assert_operand_is(mb_block(tu, f, 3)->instructions[0].binary.left,
			  inner.id);
	assert_value_is(mb_block(tu, f, 5)->return_value, outer.id);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a; if (a) goto 1; else goto 2;
 * 1: if (a) goto 3; else goto 4;
 * 2: goto 3;                  -- emitted last: 3 is sealed late
 * 3: goto 4;
 * 4: return x;
 * The phi of 4 merges a and the incomplete phi of 3.  Sealing 3 finds its phi
 * trivial (a twice), which makes the phi of 4 trivial in turn, before finish.
 */
static void removing_trivial_phi_cascades_to_its_users(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 5);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value merged;
	size_t use_merged;
	const struct phi *phi;
	int a;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	branch(tu, f, 0, value_id(a), 1, 2);
	ssa_builder_seal(builder, 1);
	branch(tu, f, 1, value_id(a), 3, 4);
	mb_jump(tu, f, 3, 4);
	ssa_builder_seal(builder, 4);
	merged = ssa_builder_read(builder, 4, X);
	use_merged = use(tu, f, 4, merged);
	mb_return(tu, f, 4, merged, mb_at(15, 2));
	phi = only_phi(tu, f, 4);
	assert_int_equal(phi->result, merged.id);
	assert_value_is(phi->incoming[0], a);
	assert_int_equal(phi->incoming[1].kind, VALUE_ID);
	assert_int_not_equal(phi->incoming[1].id, a);

	ssa_builder_seal(builder, 2);
	mb_jump(tu, f, 2, 3);
	ssa_builder_seal(builder, 3);
	assert_value_is(ssa_builder_read(builder, 4, X), a);
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 0);
	assert_operand_is(used(tu, f, 4, use_merged), a);
	assert_value_is(mb_block(tu, f, 4)->return_value, a);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a; if (a) goto 1; else goto 4;
 * 1: if (a) goto 3; else goto 2;      -- sealed last
 * 2: goto 3;                          -- sealed late
 * 3: goto 4;
 * 4: return x;
 * The phi of 4 merges a and the phi of 3, which merges those of 1 and 2.
 * Sealing 2 replaces its phi by 1's, which makes 3's that phi too: 4's phi
 * now uses 1's, and must hear when sealing 1 replaces it by a.
 */
static void users_follow_a_phi_into_its_replacement(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 5);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value merged;
	size_t use_merged;
	int a;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	branch(tu, f, 0, value_id(a), 1, 4);
	branch(tu, f, 1, value_id(a), 3, 2);
	mb_jump(tu, f, 2, 3);
	ssa_builder_seal(builder, 3);
	mb_jump(tu, f, 3, 4);
	ssa_builder_seal(builder, 4);
	merged = ssa_builder_read(builder, 4, X);
	use_merged = use(tu, f, 4, merged);
	mb_return(tu, f, 4, merged, mb_at(15, 2));
	assert_int_equal(mb_block(tu, f, 3)->phi_count, 1);
	assert_int_equal(only_phi(tu, f, 4)->result, merged.id);

	ssa_builder_seal(builder, 2);
	assert_int_equal(ssa_builder_read(builder, 4, X).id, merged.id);
	ssa_builder_seal(builder, 1);
	assert_value_is(ssa_builder_read(builder, 4, X), a);
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 0);
	assert_operand_is(used(tu, f, 4, use_merged), a);
	assert_value_is(mb_block(tu, f, 4)->return_value, a);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a; if (a) goto 1; else goto 2;
 * 1: L: (*x)(x, 5, x); x->f = x; 7 + x; use(x); if (x) goto 3; else goto 4;
 * 2: x = b;  3: return x;  4: return x;
 * 1 is sealed last: x reads as its phi everywhere in it, and in the phi of 3
 * and the return of 4.  The phi turns out to be a: every use says so.
 */
static void every_use_of_removed_phi_is_rewritten(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 5);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct instruction *call, *field_write, *binary;
	struct value label, merged;
	const struct phi *phi;
	int a, b;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	branch(tu, f, 0, value_id(a), 1, 2);

	label = ssa_builder_read(builder, 1, X);
	call = block_add_instruction(tu, mb_block(tu, f, 1), INSN_CALL);
	call->call.target = operand_of(label);
	call->call.arguments = tu_operands(tu, 3);
	call->call.arguments[0] = operand_of(label);
	call->call.arguments[1] = operand_constant(5);
	call->call.arguments[2] = operand_of(label);
	call->call.argument_count = 3;
	field_write =
		block_add_instruction(tu, mb_block(tu, f, 1), INSN_FIELD_WRITE);
	field_write->field_write.object = operand_of(label);
	field_write->field_write.source = operand_of(label);
	binary = block_add_instruction(tu, mb_block(tu, f, 1), INSN_BINARY);
	binary->binary.left = operand_constant(7);
	binary->binary.right = operand_of(label);
	use(tu, f, 1, label);
	branch(tu, f, 1, label, 3, 4);

	ssa_builder_seal(builder, 2);
	b = define(tu, f, 2);
	ssa_builder_write(builder, 2, X, value_id(b), mb_at(13, 2));
	mb_jump(tu, f, 2, 3);
	ssa_builder_seal(builder, 3);
	merged = ssa_builder_read(builder, 3, X);
	mb_return(tu, f, 3, merged, mb_at(14, 2));
	ssa_builder_seal(builder, 4);
	mb_return(tu, f, 4, ssa_builder_read(builder, 4, X), mb_at(15, 2));
	assert_value_is(only_phi(tu, f, 3)->incoming[0], label.id);
	ssa_builder_seal(builder, 1);
	ssa_builder_finish(builder);

	call = &mb_block(tu, f, 1)->instructions[0];
	assert_operand_is(call->call.target, a);
	assert_operand_is(call->call.arguments[0], a);
	assert_int_equal(call->call.arguments[1].kind, OPERAND_CONSTANT);
	assert_int_equal(call->call.arguments[1].constant, 5);
	assert_operand_is(call->call.arguments[2], a);
	field_write = &mb_block(tu, f, 1)->instructions[1];
	assert_operand_is(field_write->field_write.object, a);
	assert_operand_is(field_write->field_write.source, a);
	binary = &mb_block(tu, f, 1)->instructions[2];
	assert_int_equal(binary->binary.left.constant, 7);
	assert_operand_is(binary->binary.right, a);
	assert_operand_is(used(tu, f, 1, 3), a);
	assert_operand_is(mb_block(tu, f, 1)->condition, a);
	phi = only_phi(tu, f, 3);
	assert_int_equal(phi->result, merged.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], b);
	assert_value_is(mb_block(tu, f, 3)->return_value, merged.id);
	assert_value_is(mb_block(tu, f, 4)->return_value, a);
	assert_int_equal(phi_total(tu, f), 1);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a;  1: while (x) {  2: if (x) { 3: x = a; }  4: }  5: return x;
 * Assigning x the value it has: the phis of 1 and 4 merge a and each other,
 * neither alone trivial.  finish() removes the set.
 */
static void loop_reassigning_same_value_removes_phi_set(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 6);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value header;
	int a;

	ssa_builder_seal(builder, 0);
	a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(a), mb_at(11, 2));
	mb_jump(tu, f, 0, 1);
	header = ssa_builder_read(builder, 1, X);
	branch(tu, f, 1, header, 2, 5);
	ssa_builder_seal(builder, 2);
	branch(tu, f, 2, ssa_builder_read(builder, 2, X), 3, 4);
	ssa_builder_seal(builder, 3);
	ssa_builder_write(builder, 3, X, value_id(a), mb_at(13, 3));
	mb_jump(tu, f, 3, 4);
	ssa_builder_seal(builder, 4);
	mb_jump(tu, f, 4, 1);
	ssa_builder_seal(builder, 1);
	/* Both still there: neither merges only one value. */
	assert_int_equal(phi_total(tu, f), 2);
	ssa_builder_seal(builder, 5);
	mb_return(tu, f, 5, ssa_builder_read(builder, 5, X), mb_at(15, 2));
	ssa_builder_finish(builder);

	assert_int_equal(phi_total(tu, f), 0);
	assert_operand_is(mb_block(tu, f, 1)->condition, a);
	assert_operand_is(mb_block(tu, f, 2)->condition, a);
	assert_value_is(mb_block(tu, f, 5)->return_value, a);
	assert_well_formed(tu, f);
}

/*
 * 0: y = b; use(x);  1: while (use(x)) {  2: use(x); }  3: if (b) goto 4;
 * else goto 5;  4: x = c;  5: return x;
 * Never written: unknown, also through the header's phi, and merged as an
 * unknown value with c.
 */
static void read_before_any_write_is_unknown(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 6);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	struct value entry;
	size_t use_header, use_body;
	const struct phi *phi;
	int b, c;

	ssa_builder_seal(builder, 0);
	b = define(tu, f, 0);
	ssa_builder_write(builder, 0, Y, value_id(b), mb_at(11, 2));
	entry = ssa_builder_read(builder, 0, X);
	assert_int_equal(entry.kind, VALUE_UNKNOWN);
	mb_jump(tu, f, 0, 1);
	use_header = use(tu, f, 1, ssa_builder_read(builder, 1, X));
	assert_int_equal(used(tu, f, 1, use_header).kind, OPERAND_VALUE);
	branch(tu, f, 1, ssa_builder_read(builder, 1, Y), 2, 3);
	ssa_builder_seal(builder, 2);
	use_body = use(tu, f, 2, ssa_builder_read(builder, 2, X));
	mb_jump(tu, f, 2, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	branch(tu, f, 3, value_id(b), 4, 5);
	ssa_builder_seal(builder, 4);
	c = define(tu, f, 4);
	ssa_builder_write(builder, 4, X, value_id(c), mb_at(14, 3));
	mb_jump(tu, f, 4, 5);
	ssa_builder_seal(builder, 5);
	mb_return(tu, f, 5, ssa_builder_read(builder, 5, X), mb_at(15, 2));
	ssa_builder_finish(builder);

	assert_int_equal(used(tu, f, 1, use_header).kind, OPERAND_UNKNOWN);
	assert_int_equal(used(tu, f, 2, use_body).kind, OPERAND_UNKNOWN);
	assert_int_equal(mb_block(tu, f, 1)->phi_count, 0);
	phi = only_phi(tu, f, 5);
	assert_int_equal(phi->incoming[0].kind, VALUE_UNKNOWN);
	assert_value_is(phi->incoming[1], c);
	assert_int_equal(phi_total(tu, f), 1);
	assert_well_formed(tu, f);
}

/*
 * 0: x = a; if (a) goto 1; else goto 2;
 * 1: L: use(x); if (x) goto 2; else goto 3;
 * 2: M: use(x); [x = d;] goto L;
 * 3: return x;
 * Two entries into the loop {1, 2}, irreducible: 1 is sealed only once the
 * goto from 2 is known.  Without the assignment, the phis of 1 and 2 merge a
 * and each other: a set finish() removes.  With it, both stay.
 */
static void build_irreducible(struct translation_unit *tu, int f, bool assign,
			      int *a, int *d, struct value *at_l,
			      struct value *at_m)
{
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));

	ssa_builder_seal(builder, 0);
	*a = define(tu, f, 0);
	ssa_builder_write(builder, 0, X, value_id(*a), mb_at(11, 2));
	branch(tu, f, 0, value_id(*a), 1, 2);
	*at_l = ssa_builder_read(builder, 1, X);
	use(tu, f, 1, *at_l);
	branch(tu, f, 1, *at_l, 2, 3);
	ssa_builder_seal(builder, 2);
	*at_m = ssa_builder_read(builder, 2, X);
	use(tu, f, 2, *at_m);
	*d = -1;
	if (assign) {
		*d = define(tu, f, 2);
		ssa_builder_write(builder, 2, X, value_id(*d), mb_at(13, 3));
	}
	mb_jump(tu, f, 2, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	mb_return(tu, f, 3, ssa_builder_read(builder, 3, X), mb_at(14, 2));
	ssa_builder_finish(builder);
}

static void irreducible_loop_without_write_has_no_phi(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct value at_l, at_m;
	int a, d;

	build_irreducible(tu, f, false, &a, &d, &at_l, &at_m);
	assert_int_equal(phi_total(tu, f), 0);
	assert_operand_is(used(tu, f, 1, 0), a);
	assert_operand_is(used(tu, f, 2, 0), a);
	assert_operand_is(mb_block(tu, f, 1)->condition, a);
	assert_value_is(mb_block(tu, f, 3)->return_value, a);
	assert_well_formed(tu, f);
}

static void irreducible_loop_with_write_keeps_phis(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct value at_l, at_m;
	const struct phi *phi;
	int a, d;

	build_irreducible(tu, f, true, &a, &d, &at_l, &at_m);
	assert_int_equal(phi_total(tu, f), 2);
	/* 1's predecessors: 0, 2; 2's: 0, 1. */
	phi = only_phi(tu, f, 1);
	assert_int_equal(phi->result, at_l.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], d);
	phi = only_phi(tu, f, 2);
	assert_int_equal(phi->result, at_m.id);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], at_l.id);
	assert_operand_is(used(tu, f, 1, 0), at_l.id);
	assert_operand_is(used(tu, f, 2, 0), at_m.id);
	assert_value_is(mb_block(tu, f, 3)->return_value, at_l.id);
	assert_well_formed(tu, f);
}

/*
 * A diamond over many locals: those written on one side or both get a phi,
 * with the right incoming values; the others none.
 */
#define LOCALS 100

static void many_variables(void **state)
{
	struct translation_unit *tu = *state;
	int f = mb_function(tu, "f", 10, 4);
	struct ssa_builder *builder = ssa_builder_new(tu, mb_fn(tu, f));
	int entry[LOCALS], left[LOCALS], right[LOCALS];
	struct value merged[LOCALS];
	struct block *join;
	size_t expected = 0;

	ssa_builder_seal(builder, 0);
	for (int v = 0; v < LOCALS; v++) {
		entry[v] = define(tu, f, 0);
		ssa_builder_write(builder, 0, v, value_id(entry[v]), nowhere);
	}
	branch(tu, f, 0, value_id(entry[0]), 1, 2);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 2);
	for (int v = 0; v < LOCALS; v++) {
		left[v] = right[v] = -1;
		if (v % 2 == 0) {
			left[v] = define(tu, f, 1);
			ssa_builder_write(builder, 1, v, value_id(left[v]),
					  nowhere);
		}
		if (v % 3 == 0) {
			right[v] = define(tu, f, 2);
			ssa_builder_write(builder, 2, v, value_id(right[v]),
					  nowhere);
		}
		expected += v % 2 == 0 || v % 3 == 0;
	}
	mb_jump(tu, f, 1, 3);
	mb_jump(tu, f, 2, 3);
	ssa_builder_seal(builder, 3);
	for (int v = LOCALS - 1; v >= 0; v--) {
		merged[v] = ssa_builder_read(builder, 3, v);
		use(tu, f, 3, merged[v]);
	}
	ssa_builder_finish(builder);

	join = mb_block(tu, f, 3);
	assert_int_equal(join->phi_count, expected);
	assert_int_equal(phi_total(tu, f), expected);
	for (int v = 0; v < LOCALS; v++) {
		const struct phi *phi = NULL;

		assert_operand_is(used(tu, f, 3, LOCALS - 1 - v), merged[v].id);
		if (left[v] < 0 && right[v] < 0) {
			assert_value_is(merged[v], entry[v]);
			continue;
		}
		for (size_t i = 0; i < join->phi_count; i++)
			if (join->phis[i].result == merged[v].id)
				phi = &join->phis[i];
		assert_non_null(phi);
		assert_value_is(phi->incoming[0],
				left[v] < 0 ? entry[v] : left[v]);
		assert_value_is(phi->incoming[1],
				right[v] < 0 ? entry[v] : right[v]);
	}
	assert_well_formed(tu, f);
}

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
			const struct instruction *insn =
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
		MB_TEST(straight_line_has_no_phi),
		MB_TEST(diamond_merges_in_predecessor_order),
		MB_TEST(one_sided_if_merges_unchanged_value),
		MB_TEST(loop_modifying_variable_keeps_header_phi),
		MB_TEST(loop_not_modifying_variable_removes_phi),
		MB_TEST(loop_over_constant_rewrites_uses_to_constant),
		MB_TEST(loop_read_only_after_it),
		MB_TEST(nested_loops),
		MB_TEST(removing_trivial_phi_cascades_to_its_users),
		MB_TEST(users_follow_a_phi_into_its_replacement),
		MB_TEST(every_use_of_removed_phi_is_rewritten),
		MB_TEST(loop_reassigning_same_value_removes_phi_set),
		MB_TEST(read_before_any_write_is_unknown),
		MB_TEST(irreducible_loop_without_write_has_no_phi),
		MB_TEST(irreducible_loop_with_write_keeps_phis),
		MB_TEST(many_variables),
		MB_TEST(random_functions_agree_with_execution),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
