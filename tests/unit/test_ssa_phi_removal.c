// SPDX-License-Identifier: GPL-2.0
/*
 * The SSA builder's trivial phis: a phi that merges one value (and itself)
 * is removed, the removal cascades to the phis that used it, and every use of
 * a removed phi is rewritten to what replaced it.  Blocks are fed and sealed
 * as a front-end walking the source would.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ssa_checks.h"

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
	struct model_instruction *call, *field_write, *binary;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		MB_TEST(removing_trivial_phi_cascades_to_its_users),
		MB_TEST(users_follow_a_phi_into_its_replacement),
		MB_TEST(every_use_of_removed_phi_is_rewritten),
		MB_TEST(loop_reassigning_same_value_removes_phi_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
