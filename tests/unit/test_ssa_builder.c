// SPDX-License-Identifier: GPL-2.0
/*
 * SSA construction from "assign local / read local" events: the phis it
 * makes for branches, loops, nested and irreducible loops, and what a read
 * before any write gives.  Each test feeds the builder in the order a
 * front-end walking the source would: a block is sealed once every edge into
 * it is known.  Removing trivial phis is test_ssa_phi_removal.c; random
 * functions against their execution, test_ssa_random.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "ssa_checks.h"

static const struct source_location nowhere;

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
		MB_TEST(read_before_any_write_is_unknown),
		MB_TEST(irreducible_loop_without_write_has_no_phi),
		MB_TEST(irreducible_loop_with_write_keeps_phis),
		MB_TEST(many_variables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
