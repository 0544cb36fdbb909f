// SPDX-License-Identifier: GPL-2.0
/*
 * The lowering and the function selection: what a front-end describes
 * (objects, calls by name, operands) becomes events through the API table,
 * and the core chooses the bodies it wants.  Branches are
 * test_lower_branch.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lower_checks.h"

/* kmem_cache_setup(&cache, "x", 64, 0, A | B, NULL): size and flags. */
static void test_setup_call(void **state)
{
	struct translation_unit *tu = *state;
	int cache = object(tu, "foo_cache", "kmem_cache_opaque");
	struct function_model *fn = function(tu, "foo_init", 1);
	const struct event *setup;
	struct operand arguments[6];

	fn->value_count = 2;
	binary(tu, fn, 0, BINARY_BIT_OR, operand_constant(0x100),
	       operand_unknown(), 0);
	arguments[0] = operand_address(cache, ELEMENT_WHOLE);
	arguments[1] = (struct operand){ .kind = OPERAND_STRING };
	arguments[2] = operand_constant(64);
	arguments[3] = operand_constant(0);
	arguments[4] = operand_value(0);
	arguments[5] = operand_constant(0);
	call(tu, fn, 0, "kmem_cache_setup", 1, 6, arguments);
	fn->blocks[0].exit = EXIT_RETURN;
	fn->blocks[0].return_value = value_id(1);
	lower_and_verify(tu);

	assert_int_equal(tu->instance_count, 1);
	assert_int_equal(tu->objects[cache].instance, 0);
	setup = only_event(fn, 0, EVENT_SETUP);
	assert_int_equal(setup->cache.kind, CACHE_REF_INSTANCE);
	assert_int_equal(setup->cache.index, 0);
	assert_int_equal(setup->size, 64);
	assert_true(setup->flags_known);
	assert_int_equal(setup->flags, 0x100);
	assert_int_equal(setup->result.id, 1);
	assert_false(setup->result_is_pointer);
}

/* The cache through a copy, to_kmem_cache() and a parameter. */
static void test_cache_references(void **state)
{
	struct translation_unit *tu = *state;
	int cache = object(tu, "bar_cache", "kmem_cache_opaque");
	struct function_model *fn = function(tu, "bar_helper", 1);
	struct model_instruction *copy;
	struct operand argument;

	function_set_parameters(tu, fn, 1);
	fn->parameter_values[0] = 0;
	fn->value_count = 3;
	argument = operand_address(cache, ELEMENT_WHOLE);
	call(tu, fn, 0, "to_kmem_cache", 1, 1, &argument);
	copy = block_add_instruction(tu, &fn->blocks[0], INSN_ASSIGN);
	copy->result = 2;
	copy->source = operand_value(1);
	argument = operand_value(2);
	call(tu, fn, 0, "kmem_cache_destroy", -1, 1, &argument);
	argument = operand_value(0);
	call(tu, fn, 0, "kmem_cache_destroy", -1, 1, &argument);
	fn->blocks[0].exit = EXIT_RETURN;
	lower_and_verify(tu);

	/* The copy and what it copies are read by no event: dropped. */
	assert_int_equal(event_at(fn, 0, 1)->kind, EVENT_DESTROY);
	assert_int_equal(event_at(fn, 0, 1)->cache.kind, CACHE_REF_INSTANCE);
	assert_int_equal(event_at(fn, 0, 2)->cache.kind, CACHE_REF_PARAMETER);
	assert_int_equal(event_at(fn, 0, 2)->cache.index, 0);
	assert_int_equal(fn->blocks[0].event_count, 3);
}

/* A create whose args carry .preallocated is a setup, wherever it is. */
static void test_preallocated_args(void **state)
{
	struct translation_unit *tu = *state;
	int cache = object(tu, "baz_cache", "kmem_cache_opaque");
	int literal = object(tu, "<literal>", "kmem_cache_args");
	int plain = object(tu, "<literal>", "kmem_cache_args");
	struct function_model *fn = function(tu, "baz_init", 3);
	static const char *macro[] = { "__KMEM_CACHE_SETUP",
				       "KMEM_CACHE_SETUP" };
	struct model_instruction *write, *create;
	struct operand arguments[4];

	fn->value_count = 2;
	/*
	 * The field is written in block 0, the create is in block 1, which
	 * block 0 branches to: a plain jump would join the two blocks into
	 * one (core/lowering/canonical.c).
	 */
	write = block_add_instruction(tu, &fn->blocks[0], INSN_FIELD_WRITE);
	write->field_write.object = operand_address(literal, ELEMENT_WHOLE);
	write->field_write.type_tag = "kmem_cache_args";
	write->field_write.field = "preallocated";
	write->field_write.source = operand_address(cache, ELEMENT_WHOLE);
	write->macros = macro;
	write->macro_count = 2;
	fn->blocks[0].exit = EXIT_BRANCH;
	fn->blocks[0].condition = operand_unknown();
	block_add_edge(tu, fn, 0, 1);
	block_add_edge(tu, fn, 0, 2);
	arguments[0] = (struct operand){ .kind = OPERAND_STRING };
	arguments[1] = operand_constant(32);
	arguments[2] = operand_address(literal, ELEMENT_WHOLE);
	arguments[3] = operand_constant(0);
	create = call(tu, fn, 1, "__kmem_cache_create_args", 0, 4, arguments);
	create->macros = macro;
	create->macro_count = 2;
	arguments[2] = operand_address(plain, ELEMENT_WHOLE);
	call(tu, fn, 1, "__kmem_cache_create_args", 1, 4, arguments);
	/* A hand-written .owner into the plain args. */
	write = block_add_instruction(tu, &fn->blocks[1], INSN_FIELD_WRITE);
	write->field_write.object = operand_address(plain, ELEMENT_WHOLE);
	write->field_write.type_tag = "kmem_cache_args";
	write->field_write.field = "owner";
	write->field_write.source = operand_unknown();
	fn->blocks[1].exit = EXIT_JUMP;
	block_add_edge(tu, fn, 1, 2);
	fn->blocks[2].exit = EXIT_RETURN;
	lower_and_verify(tu);

	assert_true(only_event(fn, 0, EVENT_ARGS_FIELD)->from_api_macro);
	assert_int_equal(only_event(fn, 1, EVENT_SETUP)->cache.index, 0);
	assert_int_equal(only_event(fn, 1, EVENT_SETUP)->size, 32);
	assert_true(only_event(fn, 1, EVENT_SETUP)->result_is_pointer);
	assert_non_null(only_event(fn, 1, EVENT_CREATE));
	assert_false(only_event(fn, 1, EVENT_ARGS_FIELD)->from_api_macro);
}

/* Calls: of wanted bodies by index, of the rest by name only. */
static void test_calls_kept(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *helper = function(tu, "helper", 1);
	struct function_model *caller;
	struct function_model *unwanted;
	struct operand argument = operand_constant(0);

	helper->blocks[0].exit = EXIT_RETURN;
	unwanted = function(tu, "plain", 1);
	unwanted->wanted = false;
	unwanted->blocks[0].exit = EXIT_RETURN;
	caller = function(tu, "caller", 1);
	call(tu, caller, 0, "helper", -1, 0, NULL);
	call(tu, caller, 0, "plain", -1, 0, NULL);
	call(tu, caller, 0, "elsewhere", -1, 1, &argument);
	caller->blocks[0].exit = EXIT_RETURN;
	lower_and_verify(tu);
	assert_int_equal(event_at(caller, 0, 0)->function, 0);
	assert_int_equal(event_at(caller, 0, 1)->function, -1);
	assert_string_equal(event_at(caller, 0, 1)->callee, "plain");
	assert_int_equal(event_at(caller, 0, 2)->function, -1);
	assert_string_equal(event_at(caller, 0, 2)->callee, "elsewhere");
	assert_int_equal(event_at(caller, 0, 2)->argument_count, 1);
}

/* A load of a function pointer: result = object[index].field. */
static struct model_instruction *load(struct translation_unit *tu,
				      struct function_model *fn, int block,
				      struct operand object,
				      const struct operand *index,
				      const char *field, int result)
{
	struct model_instruction *instruction =
		block_add_instruction(tu, &fn->blocks[block], INSN_LOAD);

	instruction->load.object = object;
	instruction->load.indexed = index != NULL;
	if (index)
		instruction->load.index = *index;
	instruction->load.field = field;
	instruction->result = result;
	return instruction;
}

/* A call through the pointer 'target'. */
static void call_pointer(struct translation_unit *tu, struct function_model *fn,
			 int block, struct operand target)
{
	struct model_instruction *instruction =
		call(tu, fn, block, NULL, -1, 0, NULL);

	instruction->call.target = target;
}

/*
 * static void (*exits[])(void) = { a_exit, b_exit, c_exit };
 * exits[i]() in a function of the unit: a_exit is a wanted body, b_exit
 * is elsewhere and c_exit is a body the core did not want.
 */
static void test_table_call_by_index(void **state)
{
	struct translation_unit *tu = *state;
	int table = object(tu, "exits", NULL);
	struct function_model *fn;
	const struct table_call *calls;
	const struct event *event;
	struct operand index = operand_value(0);
	int a_exit;

	tu->objects[table].is_const = true;
	tu_describe_function_entry(tu, table, 0, NULL, "a_exit");
	tu_describe_function_entry(tu, table, 1, NULL, "b_exit");
	tu_describe_function_entry(tu, table, 2, NULL, "c_exit");
	a_exit = (int)tu->function_count;
	function(tu, "a_exit", 1)->blocks[0].exit = EXIT_RETURN;
	function(tu, "c_exit", 1)->wanted = false;
	fn = function(tu, "foo_exit", 1);
	fn->value_count = 2;
	call(tu, fn, 0, "probe", 0, 0, NULL);
	load(tu, fn, 0, operand_address(table, ELEMENT_WHOLE), &index, NULL, 1);
	call_pointer(tu, fn, 0, operand_value(1));
	fn->blocks[0].exit = EXIT_RETURN;
	lower_and_verify(tu);

	/* The load's definition is read by nothing: it is dropped. */
	event = event_at(fn, 0, 1);
	assert_int_equal(event->kind, EVENT_CALL);
	assert_int_equal(event->function, -1);
	assert_true(event->indirect);
	calls = event->table;
	assert_non_null(calls);
	assert_int_equal(calls->index, 0);
	assert_int_equal(calls->count, 3);
	assert_int_equal(calls->elements[0], 0);
	assert_int_equal(calls->calls[0].function, a_exit);
	assert_false(calls->calls[0].indirect);
	assert_null(calls->calls[0].table);
	assert_int_equal(calls->calls[1].function, -1);
	assert_string_equal(calls->calls[1].callee, "b_exit");
	assert_int_equal(calls->calls[2].function, -1);
	assert_string_equal(calls->calls[2].callee, "c_exit");
}

/*
 * The call becomes direct: a member of a struct (ops.exit()), a constant
 * element (exits[1]()), a member through a pointer to the struct, and a
 * pointer that is a function already (GCC folds const loads).
 */
static void test_table_call_direct(void **state)
{
	struct translation_unit *tu = *state;
	int ops = object(tu, "foo_ops", "foo_ops");
	int exits = object(tu, "exits", NULL);
	struct function_model *fn;
	struct operand one = operand_constant(1);
	struct operand folded = { .kind = OPERAND_FUNCTION, .name = "a_exit" };
	struct model_instruction *copy;
	int a_exit, b_exit;

	tu->objects[ops].is_const = true;
	tu->objects[exits].is_const = true;
	tu_describe_function_entry(tu, ops, ELEMENT_WHOLE, "init", "a_init");
	tu_describe_function_entry(tu, ops, ELEMENT_WHOLE, "exit", "a_exit");
	tu_describe_function_entry(tu, exits, 0, NULL, "a_exit");
	tu_describe_function_entry(tu, exits, 1, NULL, "b_exit");
	a_exit = (int)tu->function_count;
	function(tu, "a_exit", 1)->blocks[0].exit = EXIT_RETURN;
	b_exit = (int)tu->function_count;
	function(tu, "b_exit", 1)->blocks[0].exit = EXIT_RETURN;
	fn = function(tu, "foo_exit", 1);
	fn->value_count = 5;
	load(tu, fn, 0, operand_address(ops, ELEMENT_WHOLE), NULL, "exit", 0);
	call_pointer(tu, fn, 0, operand_value(0));
	load(tu, fn, 0, operand_address(exits, ELEMENT_WHOLE), &one, NULL, 1);
	call_pointer(tu, fn, 0, operand_value(1));
	copy = block_add_instruction(tu, &fn->blocks[0], INSN_ASSIGN);
	copy->result = 2;
	copy->source = operand_address(ops, ELEMENT_WHOLE);
	load(tu, fn, 0, operand_value(2), NULL, "exit", 3);
	call_pointer(tu, fn, 0, operand_value(3));
	copy = block_add_instruction(tu, &fn->blocks[0], INSN_ASSIGN);
	copy->result = 4;
	copy->source = folded;
	call_pointer(tu, fn, 0, operand_value(4));
	fn->blocks[0].exit = EXIT_RETURN;
	lower_and_verify(tu);

	for (size_t i = 0; i < fn->blocks[0].event_count; i++) {
		const struct event *event = event_at(fn, 0, i);

		if (event->kind != EVENT_CALL)
			continue;
		assert_false(event->indirect);
		assert_null(event->table);
		assert_int_equal(event->function,
				 !strcmp(event->callee, "b_exit") ? b_exit :
								    a_exit);
	}
}

/*
 * Whether a table holds its initializer and nothing else, decided by the
 * core from what front-ends describe of the object (each used to decide it
 * itself, three times).
 */
static void test_object_never_written(void **state)
{
	struct object object = { 0 };

	(void)state;
	/* static, internal, never written in the unit */
	assert_true(object_never_written(&object));
	object.written_in_unit = true;
	assert_false(object_never_written(&object));
	/* const holds whatever the unit does (it cannot write it) */
	object.is_const = true;
	assert_true(object_never_written(&object));
	/* volatile: something else may write it */
	object.is_volatile = true;
	assert_false(object_never_written(&object));
	object = (struct object){ .external = true };
	assert_false(object_never_written(&object));
	object = (struct object){ .is_extern = true };
	assert_false(object_never_written(&object));
	object = (struct object){ .automatic = true };
	assert_false(object_never_written(&object));
	object = (struct object){ .external = true, .is_const = true };
	assert_true(object_never_written(&object));
}

/*
 * The call stays one that may reach anything: the table may be written,
 * the element holds no function, or the index is not a value.
 */
static void test_table_call_unresolved(void **state)
{
	struct translation_unit *tu = *state;
	int written = object(tu, "backend_ops", "backend_ops");
	int exits = object(tu, "exits", NULL);
	struct function_model *fn;
	struct operand past_end = operand_constant(4);
	struct operand unknown = operand_unknown();

	tu_describe_function_entry(tu, written, ELEMENT_WHOLE, "exit",
				   "a_exit");
	tu->objects[written].written_in_unit = true;
	tu->objects[exits].is_const = true;
	tu_describe_function_entry(tu, exits, 0, NULL, "a_exit");
	function(tu, "a_exit", 1)->blocks[0].exit = EXIT_RETURN;
	fn = function(tu, "foo_exit", 1);
	fn->value_count = 3;
	load(tu, fn, 0, operand_address(written, ELEMENT_WHOLE), NULL, "exit",
	     0);
	call_pointer(tu, fn, 0, operand_value(0));
	load(tu, fn, 0, operand_address(exits, ELEMENT_WHOLE), &past_end, NULL,
	     1);
	call_pointer(tu, fn, 0, operand_value(1));
	load(tu, fn, 0, operand_address(exits, ELEMENT_WHOLE), &unknown, NULL,
	     2);
	call_pointer(tu, fn, 0, operand_value(2));
	fn->blocks[0].exit = EXIT_RETURN;
	lower_and_verify(tu);

	for (size_t i = 0; i < fn->blocks[0].event_count; i++) {
		const struct event *event = event_at(fn, 0, i);

		if (event->kind != EVENT_CALL)
			continue;
		assert_true(event->indirect);
		assert_int_equal(event->function, -1);
		assert_null(event->table);
	}
}

/*
 * Setups whose result nothing reads are marked: a value is read by an
 * operand of any instruction (an INSN_USE too), a phi, a branch or a
 * return.
 */
static void test_setup_result_unread(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = function(tu, "foo_init", 4);
	struct model_instruction *use;
	struct operand arguments[6];
	struct phi *phi;
	const struct event *setups[5];
	size_t found = 0;

	fn->value_count = 6;
	for (int i = 0; i < 5; i++) {
		arguments[0] = operand_address(
			object(tu, "cache", "kmem_cache_opaque"),
			ELEMENT_WHOLE);
		arguments[1] = (struct operand){ .kind = OPERAND_STRING };
		arguments[2] = operand_constant(64);
		arguments[3] = operand_constant(0);
		arguments[4] = operand_constant(0);
		arguments[5] = operand_constant(0);
		call(tu, fn, 0, "kmem_cache_setup", i, 6, arguments);
	}
	/* v0 is overwritten, v1 stored to memory, v2 logged. */
	use = block_add_instruction(tu, &fn->blocks[0], INSN_USE);
	use->use.operand_count = 1;
	use->use.operands = tu_operands(tu, 1);
	use->use.operands[0] = operand_value(1);
	arguments[0] = operand_value(2);
	call(tu, fn, 0, "printk", -1, 1, arguments);
	/* v3 is tested, v4 returned through a phi. */
	fn->blocks[0].exit = EXIT_BRANCH;
	fn->blocks[0].condition = operand_value(3);
	block_add_edge(tu, fn, 0, 1);
	block_add_edge(tu, fn, 0, 2);
	block_add_edge(tu, fn, 1, 3);
	block_add_edge(tu, fn, 2, 3);
	phi = block_add_phi(tu, &fn->blocks[3], 5);
	phi->incoming[0] = value_id(4);
	phi->incoming[1] = value_constant(0);
	fn->blocks[3].exit = EXIT_RETURN;
	fn->blocks[3].return_value = value_id(5);
	lower_and_verify(tu);

	for (size_t i = 0; i < fn->blocks[0].event_count; i++)
		if (event_at(fn, 0, i)->kind == EVENT_SETUP)
			setups[found++] = event_at(fn, 0, i);
	assert_int_equal(found, 5);
	assert_true(setups[0]->result_unread);
	for (int i = 1; i < 5; i++)
		assert_false(setups[i]->result_unread);
}

/* What the core wants: API users, their callers, module init and exit. */
static void test_select(void **state)
{
	struct translation_unit *tu = *state;
	const char *names[] = { "kmem_cache_setup", "uses_api", "caller",
				"unrelated",	    "my_init",	"only_tests" };

	for (int i = 0; i < 6; i++)
		tu_add_function(tu, names[i], at(1));
	function_add_callee(tu, &tu->functions[0], "__kmem_cache_create_args");
	function_add_callee(tu, &tu->functions[1], "kmem_cache_alloc_noprof");
	function_add_callee(tu, &tu->functions[2], "uses_api");
	function_add_callee(tu, &tu->functions[3], "printk");
	function_add_callee(tu, &tu->functions[5], "IS_ERR");
	tu_describe_alias(tu, "init_module", "my_init");
	tu_describe_macro(tu, "MODULE");
	model_select(tu);
	assert_false(tu->functions[0].wanted);
	assert_true(tu->functions[1].wanted);
	assert_true(tu->functions[2].wanted);
	assert_false(tu->functions[3].wanted);
	assert_true(tu->functions[4].wanted);
	assert_false(tu->functions[5].wanted);
	assert_int_equal(tu->module_init, 4);
	assert_int_equal(tu->module_exit, -1);
	assert_true(tu->is_module);
}

/* The verifier finds what a broken front-end would hand the rules. */
static void test_verify_catches(void **state)
{
	struct translation_unit *tu = *state;
	struct function_model *fn = function(tu, "broken", 3);
	char error[256];

	fn->value_count = 1;
	branch(tu, fn, operand_value(0));
	model_lower(tu);
	/* Value 0 is tested but nothing defines it. */
	assert_false(model_verify(tu, error, sizeof(error)));
	assert_non_null(strstr(error, "never defined"));
}

/*
 * `slabcheck convert`'s question (lower_what_if.c): p = create(); if (p)
 * destroy(p).  Asked, the create stored into p is the what-if instance's
 * setup, the test right after reads the create's result, and p read back
 * is the instance; not asked, as a check lowers it, a dynamic create, a
 * test the model cannot follow and a destroy of no cache it follows.
 */
static void what_if_unit(struct translation_unit *tu, bool asked)
{
	struct cache_instance instance = { .name = "foo_cachep",
					   .what_if = true };
	const struct operand pointer = { .kind = OPERAND_MEMORY,
					 .value = -1,
					 .name = "foo_cachep" };
	struct function_model *fn = function(tu, "foo_init", 3);
	struct model_instruction *instruction;
	struct operand arguments[5] = {
		{ .kind = OPERAND_STRING }, operand_constant(64),
		operand_constant(0),	    operand_constant(0),
		operand_constant(0),
	};

	if (asked)
		tu_add_instance(tu, &instance);
	fn->value_count = 3;
	call(tu, fn, 0, "kmem_cache_create", 0, 5, arguments);
	instruction = block_add_instruction(tu, &fn->blocks[0], INSN_STORE);
	instruction->store = "foo_cachep";
	instruction->stored_value = operand_value(0);
	instruction = block_add_instruction(tu, &fn->blocks[0], INSN_ASSIGN);
	instruction->result = 1;
	instruction->source = pointer;
	branch(tu, fn, operand_value(1));
	instruction = block_add_instruction(tu, &fn->blocks[1], INSN_ASSIGN);
	instruction->result = 2;
	instruction->source = pointer;
	arguments[0] = operand_value(2);
	call(tu, fn, 1, "kmem_cache_destroy", -1, 1, arguments);
	fn->blocks[1].exit = EXIT_RETURN;
	fn->blocks[2].exit = EXIT_RETURN;
	lower_and_verify(tu);
}

static void test_what_if_asked(void **state)
{
	struct translation_unit *tu = *state;
	const struct function_model *fn;
	const struct event *setup, *destroy;

	what_if_unit(tu, true);
	fn = &tu->functions[0];
	setup = only_event(fn, 0, EVENT_SETUP);
	assert_int_equal(setup->cache.kind, CACHE_REF_INSTANCE);
	assert_int_equal(setup->cache.index, 0);
	assert_true(setup->result_is_pointer);
	assert_int_not_equal(fn->blocks[0].test, TEST_UNKNOWN);
	destroy = only_event(fn, 1, EVENT_DESTROY);
	assert_int_equal(destroy->cache.kind, CACHE_REF_INSTANCE);
	assert_int_equal(destroy->cache.index, 0);
}

static void test_what_if_not_asked(void **state)
{
	struct translation_unit *tu = *state;
	const struct function_model *fn;

	what_if_unit(tu, false);
	fn = &tu->functions[0];
	assert_non_null(only_event(fn, 0, EVENT_CREATE));
	assert_int_equal(fn->blocks[0].test, TEST_UNKNOWN);
	assert_int_equal(only_event(fn, 1, EVENT_DESTROY)->cache.kind,
			 CACHE_REF_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_setup_call, setup_unit,
						release_unit),
		cmocka_unit_test_setup_teardown(test_cache_references,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_preallocated_args,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_calls_kept, setup_unit,
						release_unit),
		cmocka_unit_test_setup_teardown(test_table_call_by_index,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_table_call_direct,
						setup_unit, release_unit),
		cmocka_unit_test(test_object_never_written),
		cmocka_unit_test_setup_teardown(test_table_call_unresolved,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_setup_result_unread,
						setup_unit, release_unit),
		cmocka_unit_test_setup_teardown(test_select, setup_unit,
						release_unit),
		cmocka_unit_test_setup_teardown(test_verify_catches, setup_unit,
						release_unit),
		cmocka_unit_test_setup_teardown(test_what_if_asked, setup_unit,
						release_unit),
		cmocka_unit_test_setup_teardown(test_what_if_not_asked,
						setup_unit, release_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
