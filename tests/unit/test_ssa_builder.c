// SPDX-License-Identifier: GPL-2.0
/*
 * The SSA builder: locals written and read block by block become values
 * and phis, with trivial phis removed and every use rewritten.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"
#include "ssa_builder.h"

#define X 0 /* the locals of the tests */
#define Y 1

struct fixture {
	struct translation_unit tu;
	struct function_model *fn;
};

static int open_unit(void **state)
{
	struct fixture *fixture = test_calloc(1, sizeof(*fixture));

	tu_init(&fixture->tu, "ssa.c");
	*state = fixture;
	return 0;
}

static int close_unit(void **state)
{
	struct fixture *fixture = *state;

	tu_release(&fixture->tu);
	test_free(fixture);
	return 0;
}

static struct function_model *function(struct fixture *fixture, size_t blocks)
{
	struct source_location nowhere = { "ssa.c", 1, 1 };
	int index = tu_add_function(&fixture->tu, "f", nowhere);

	fixture->fn = &fixture->tu.functions[index];
	function_set_blocks(&fixture->tu, fixture->fn, blocks);
	fixture->fn->described = true;
	return fixture->fn;
}

static void edge(struct fixture *fixture, int from, int to)
{
	block_add_edge(&fixture->tu, fixture->fn, from, to);
}

/* A call in 'block' whose result is a new value: "x = f();" */
static int defined(struct fixture *fixture, int block)
{
	struct instruction *call = block_add_instruction(
		&fixture->tu, &fixture->fn->blocks[block], INSN_CALL);

	call->call.name = "f";
	call->result = fixture->fn->value_count++;
	return call->result;
}

/* A call in 'block' that uses 'value': "g(x);"; returns the instruction. */
static struct instruction *use(struct fixture *fixture, int block,
			       struct value value)
{
	struct instruction *call = block_add_instruction(
		&fixture->tu, &fixture->fn->blocks[block], INSN_CALL);

	call->call.name = "g";
	call->call.argument_count = 1;
	call->call.arguments = tu_operands(&fixture->tu, 1);
	if (value.kind == VALUE_ID)
		call->call.arguments[0] = operand_value(value.id);
	else if (value.kind == VALUE_CONSTANT)
		call->call.arguments[0] = operand_constant(value.constant);
	return call;
}

static const struct phi *only_phi(const struct function_model *fn, int block)
{
	assert_int_equal(fn->blocks[block].phi_count, 1);
	return &fn->blocks[block].phis[0];
}

static void assert_value_is(struct value value, int id)
{
	assert_int_equal(value.kind, VALUE_ID);
	assert_int_equal(value.id, id);
}

static void finish_and_verify(struct ssa_builder *builder,
			      struct fixture *fixture)
{
	char error[256];

	ssa_builder_finish(builder);
	if (!model_verify(&fixture->tu, error, sizeof(error)))
		fail_msg("%s", error);
}

/* x = f(); g(x); in one block: no phi. */
static void test_straight_line(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 1);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	int x = defined(fixture, 0);

	ssa_builder_seal(builder, 0);
	ssa_builder_write(builder, 0, X, value_id(x));
	assert_value_is(ssa_builder_read(builder, 0, X), x);
	fn->blocks[0].exit = EXIT_RETURN;
	finish_and_verify(builder, fixture);
	assert_int_equal(fn->blocks[0].phi_count, 0);
}

/* if (c) x = a; else x = b; g(x); -- one phi in the join. */
static void test_diamond(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 4);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	int a, b;
	struct value joined;
	const struct phi *phi;

	edge(fixture, 0, 1);
	edge(fixture, 0, 2);
	edge(fixture, 1, 3);
	edge(fixture, 2, 3);
	ssa_builder_seal(builder, 0);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 2);
	a = defined(fixture, 1);
	ssa_builder_write(builder, 1, X, value_id(a));
	b = defined(fixture, 2);
	ssa_builder_write(builder, 2, X, value_id(b));
	ssa_builder_seal(builder, 3);
	joined = ssa_builder_read(builder, 3, X);
	use(fixture, 3, joined);
	fn->blocks[3].exit = EXIT_RETURN;
	finish_and_verify(builder, fixture);

	phi = only_phi(fn, 3);
	assert_value_is(joined, phi->result);
	assert_value_is(phi->incoming[0], a);
	assert_value_is(phi->incoming[1], b);
}

/* x = 0; if (c) x = 1; g(x); -- the phi keeps the unchanged constant. */
static void test_one_sided_if(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 3);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	const struct phi *phi;

	edge(fixture, 0, 1);
	edge(fixture, 0, 2);
	edge(fixture, 1, 2);
	ssa_builder_seal(builder, 0);
	ssa_builder_write(builder, 0, X, value_constant(0));
	ssa_builder_seal(builder, 1);
	ssa_builder_write(builder, 1, X, value_constant(1));
	ssa_builder_seal(builder, 2);
	ssa_builder_read(builder, 2, X);
	fn->blocks[2].exit = EXIT_RETURN;
	fn->blocks[2].return_value = ssa_builder_read(builder, 2, X);
	finish_and_verify(builder, fixture);

	phi = only_phi(fn, 2);
	assert_int_equal(phi->incoming[0].kind, VALUE_CONSTANT);
	assert_int_equal(phi->incoming[0].constant, 0);
	assert_int_equal(phi->incoming[1].constant, 1);
	assert_value_is(fn->blocks[2].return_value, phi->result);
}

/*
 * i = 0; while (i < n) i = i + 1;  Blocks: 0 entry, 1 header (read while
 * unsealed: the back edge comes later), 2 body, 3 exit.
 */
static void test_loop_counter(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 4);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	struct value header;
	struct instruction *add;
	const struct phi *phi;

	ssa_builder_seal(builder, 0);
	ssa_builder_write(builder, 0, X, value_constant(0));
	edge(fixture, 0, 1);
	header = ssa_builder_read(builder, 1, X);
	fn->blocks[1].exit = EXIT_BRANCH;
	fn->blocks[1].condition = operand_value(header.id);
	edge(fixture, 1, 2);
	edge(fixture, 1, 3);
	ssa_builder_seal(builder, 2);
	add = block_add_instruction(&fixture->tu, &fn->blocks[2], INSN_BINARY);
	add->binary.op = OP_ADD;
	add->binary.left = operand_value(ssa_builder_read(builder, 2, X).id);
	add->binary.right = operand_constant(1);
	add->result = fn->value_count++;
	ssa_builder_write(builder, 2, X, value_id(add->result));
	edge(fixture, 2, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	fn->blocks[3].exit = EXIT_RETURN;
	finish_and_verify(builder, fixture);

	phi = only_phi(fn, 1);
	assert_value_is(header, phi->result);
	assert_int_equal(phi->incoming[0].kind, VALUE_CONSTANT);
	assert_value_is(phi->incoming[1], add->result);
	assert_int_equal(add->binary.left.value, phi->result);
}

/*
 * x = f(); loop { g(x); } -- x never changes in the loop: the header's
 * phi is trivial, and uses already described (an argument, a condition)
 * are rewritten to x.
 */
static void test_loop_invariant(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 4);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	struct instruction *call;
	struct value header;
	int x;

	ssa_builder_seal(builder, 0);
	x = defined(fixture, 0);
	ssa_builder_write(builder, 0, X, value_id(x));
	edge(fixture, 0, 1);
	header = ssa_builder_read(builder, 1, X);
	assert_true(header.kind == VALUE_ID && header.id != x);
	call = use(fixture, 1, header);
	fn->blocks[1].exit = EXIT_BRANCH;
	fn->blocks[1].condition = operand_value(header.id);
	edge(fixture, 1, 2);
	edge(fixture, 1, 3);
	ssa_builder_seal(builder, 2);
	edge(fixture, 2, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	fn->blocks[3].exit = EXIT_RETURN;
	fn->blocks[3].return_value = ssa_builder_read(builder, 3, X);
	finish_and_verify(builder, fixture);

	assert_int_equal(fn->blocks[1].phi_count, 0);
	assert_int_equal(call->call.arguments[0].value, x);
	assert_int_equal(fn->blocks[1].condition.value, x);
	assert_value_is(fn->blocks[3].return_value, x);
}

/*
 * Nested loops, the inner one changes y only: x needs no phi anywhere,
 * y needs one in each header.  0 -> 1 (outer) -> 2 (inner) -> 3 (inner
 * body) -> 2; 2 -> 4 (outer latch) -> 1; 1 -> 5 (exit).
 */
static void test_nested_loops(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 6);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	int x, y0, y1;
	struct value x_exit, y_exit;

	ssa_builder_seal(builder, 0);
	x = defined(fixture, 0);
	y0 = defined(fixture, 0);
	ssa_builder_write(builder, 0, X, value_id(x));
	ssa_builder_write(builder, 0, Y, value_id(y0));
	edge(fixture, 0, 1);
	use(fixture, 1, ssa_builder_read(builder, 1, Y));
	edge(fixture, 1, 2);
	edge(fixture, 1, 5);
	use(fixture, 2, ssa_builder_read(builder, 2, X));
	edge(fixture, 2, 3);
	edge(fixture, 2, 4);
	ssa_builder_seal(builder, 3);
	y1 = defined(fixture, 3);
	ssa_builder_write(builder, 3, Y, value_id(y1));
	edge(fixture, 3, 2);
	ssa_builder_seal(builder, 2);
	ssa_builder_seal(builder, 4);
	edge(fixture, 4, 1);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 5);
	x_exit = ssa_builder_read(builder, 5, X);
	y_exit = ssa_builder_read(builder, 5, Y);
	fn->blocks[5].exit = EXIT_RETURN;
	finish_and_verify(builder, fixture);

	assert_value_is(x_exit, x);
	assert_int_equal(fn->blocks[1].phi_count, 1);
	assert_int_equal(fn->blocks[2].phi_count, 1);
	assert_value_is(y_exit, fn->blocks[1].phis[0].result);
	assert_int_equal(fn->blocks[5].phi_count, 0);
	(void)y1;
}

/*
 * Removing one trivial phi makes another trivial: two loop headers read
 * x while unsealed, nothing writes it, both phis go and every use is x.
 */
static void test_cascade(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 4);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	struct instruction *inner_use;
	int x;

	ssa_builder_seal(builder, 0);
	x = defined(fixture, 0);
	ssa_builder_write(builder, 0, X, value_id(x));
	edge(fixture, 0, 1);
	edge(fixture, 1, 2);
	inner_use = use(fixture, 2, ssa_builder_read(builder, 2, X));
	edge(fixture, 2, 2);
	edge(fixture, 2, 1);
	edge(fixture, 1, 3);
	ssa_builder_seal(builder, 2);
	ssa_builder_seal(builder, 1);
	ssa_builder_seal(builder, 3);
	fn->blocks[3].exit = EXIT_RETURN;
	fn->blocks[3].return_value = ssa_builder_read(builder, 3, X);
	finish_and_verify(builder, fixture);

	for (size_t b = 0; b < fn->block_count; b++)
		assert_int_equal(fn->blocks[b].phi_count, 0);
	assert_int_equal(inner_use->call.arguments[0].value, x);
	assert_value_is(fn->blocks[3].return_value, x);
}

/* A local read before anything writes it holds nothing worth following. */
static void test_read_before_write(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 3);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	struct value merged;
	int x;

	edge(fixture, 0, 1);
	edge(fixture, 0, 2);
	edge(fixture, 1, 2);
	ssa_builder_seal(builder, 0);
	assert_int_equal(ssa_builder_read(builder, 0, Y).kind, VALUE_UNKNOWN);
	ssa_builder_seal(builder, 1);
	x = defined(fixture, 1);
	ssa_builder_write(builder, 1, X, value_id(x));
	ssa_builder_seal(builder, 2);
	merged = ssa_builder_read(builder, 2, X);
	fn->blocks[2].exit = EXIT_RETURN;
	fn->blocks[2].return_value = merged;
	finish_and_verify(builder, fixture);

	/* Unknown on one side, x on the other: a real phi. */
	assert_value_is(merged, only_phi(fn, 2)->result);
	assert_int_equal(only_phi(fn, 2)->incoming[0].kind, VALUE_UNKNOWN);
	assert_value_is(only_phi(fn, 2)->incoming[1], x);
}

/* A goto into a block whose other entry is described later. */
static void test_late_entry(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 4);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);
	struct value at_label;
	int a, b;

	ssa_builder_seal(builder, 0);
	a = defined(fixture, 0);
	ssa_builder_write(builder, 0, X, value_id(a));
	edge(fixture, 0, 3);
	edge(fixture, 0, 1);
	/* The label's block is described before the block that jumps in. */
	at_label = ssa_builder_read(builder, 3, X);
	ssa_builder_seal(builder, 1);
	edge(fixture, 1, 2);
	ssa_builder_seal(builder, 2);
	b = defined(fixture, 2);
	ssa_builder_write(builder, 2, X, value_id(b));
	edge(fixture, 2, 3);
	ssa_builder_seal(builder, 3);
	fn->blocks[3].exit = EXIT_RETURN;
	fn->blocks[3].return_value = at_label;
	finish_and_verify(builder, fixture);

	assert_value_is(fn->blocks[3].return_value, only_phi(fn, 3)->result);
	assert_value_is(only_phi(fn, 3)->incoming[0], a);
	assert_value_is(only_phi(fn, 3)->incoming[1], b);
}

/* Forty locals through a diamond: phis only for those that differ. */
static void test_many_variables(void **state)
{
	struct fixture *fixture = *state;
	struct function_model *fn = function(fixture, 4);
	struct ssa_builder *builder = ssa_builder_new(&fixture->tu, fn);

	edge(fixture, 0, 1);
	edge(fixture, 0, 2);
	edge(fixture, 1, 3);
	edge(fixture, 2, 3);
	for (int b = 0; b < 3; b++)
		ssa_builder_seal(builder, b);
	for (int v = 0; v < 40; v++)
		ssa_builder_write(builder, 0, v, value_constant(v));
	for (int v = 0; v < 40; v += 2)
		ssa_builder_write(builder, 1, v, value_constant(100 + v));
	ssa_builder_seal(builder, 3);
	for (int v = 0; v < 40; v++) {
		struct value value = ssa_builder_read(builder, 3, v);

		if (v % 2)
			assert_int_equal(value.constant, v);
		else
			assert_int_equal(value.kind, VALUE_ID);
	}
	fn->blocks[3].exit = EXIT_RETURN;
	finish_and_verify(builder, fixture);
	assert_int_equal(fn->blocks[3].phi_count, 20);
}

int main(void)
{
#define TEST(name) cmocka_unit_test_setup_teardown(name, open_unit, close_unit)
	const struct CMUnitTest tests[] = {
		TEST(test_straight_line),  TEST(test_diamond),
		TEST(test_one_sided_if),   TEST(test_loop_counter),
		TEST(test_loop_invariant), TEST(test_nested_loops),
		TEST(test_cascade),	   TEST(test_read_before_write),
		TEST(test_late_entry),	   TEST(test_many_variables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
