// SPDX-License-Identifier: GPL-2.0
/*
 * The model's invariants, checked: a front-end that breaks one hands the
 * rules a model they cannot trust, so tests and debug builds run this on
 * every unit.  The first broken invariant is described, with where it is.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model.h"

struct verifier {
	const struct translation_unit *tu;
	const struct function_model *function;
	size_t block;
	char *error;
	size_t error_size;
	bool failed;
	/* Per value: how often each layer defines it. */
	unsigned char *instruction_definitions;
	unsigned char *event_definitions;
};

static void fail(struct verifier *verifier, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void fail(struct verifier *verifier, const char *fmt, ...)
{
	va_list args;
	int used = 0;

	if (verifier->failed)
		return;
	verifier->failed = true;
	if (!verifier->error_size)
		return;
	if (verifier->function)
		used = snprintf(verifier->error, verifier->error_size,
				"%s, block %zu: ", verifier->function->name,
				verifier->block);
	if (used < 0 || (size_t)used >= verifier->error_size)
		return;
	va_start(args, fmt);
	vsnprintf(verifier->error + used, verifier->error_size - (size_t)used,
		  fmt, args);
	va_end(args);
}

static bool value_in_range(const struct verifier *verifier, int value)
{
	return value >= 0 && value < verifier->function->value_count;
}

static void use_value(struct verifier *verifier, struct value value,
		      const char *what)
{
	if (value.kind == VALUE_ID && !value_in_range(verifier, value.id))
		fail(verifier, "%s uses value %d of %d", what, value.id,
		     verifier->function->value_count);
}

static void use_operand(struct verifier *verifier, struct operand operand,
			const char *what)
{
	if (operand.kind == OPERAND_VALUE)
		use_value(verifier, value_id(operand.value), what);
	if (operand.kind == OPERAND_ADDRESS &&
	    (operand.object < 0 ||
	     (size_t)operand.object >= verifier->tu->object_count))
		fail(verifier, "%s names object %d of %zu", what,
		     operand.object, verifier->tu->object_count);
}

static void define(struct verifier *verifier, unsigned char *definitions,
		   int value, const char *what)
{
	if (!value_in_range(verifier, value)) {
		fail(verifier, "%s defines value %d of %d", what, value,
		     verifier->function->value_count);
		return;
	}
	if (definitions[value]++)
		fail(verifier, "value %d is defined twice (%s)", value, what);
}

static void check_cache_ref(struct verifier *verifier,
			    const struct cache_ref *ref, const char *what)
{
	if (ref->kind == CACHE_REF_INSTANCE &&
	    (ref->index < 0 ||
	     (size_t)ref->index >= verifier->tu->instance_count))
		fail(verifier, "%s refers to instance %d of %zu", what,
		     ref->index, verifier->tu->instance_count);
	if (ref->kind == CACHE_REF_PARAMETER &&
	    (ref->index < 0 ||
	     ref->index >= verifier->function->parameter_count))
		fail(verifier, "%s refers to parameter %d of %d", what,
		     ref->index, verifier->function->parameter_count);
}

static void check_table(struct verifier *verifier,
			const struct table_call *table)
{
	use_value(verifier, value_id(table->index), "a table's index");
	for (size_t i = 0; i < table->count; i++)
		if (table->calls[i].function < -1 ||
		    table->calls[i].function >=
			    (int)verifier->tu->function_count ||
		    table->calls[i].table)
			fail(verifier,
			     "a table's element %ld calls function %d",
			     table->elements[i], table->calls[i].function);
}

static void check_event(struct verifier *verifier, const struct event *event)
{
	if (event->result.kind == VALUE_ID)
		define(verifier, verifier->event_definitions, event->result.id,
		       "an event");
	switch (model_event_members[event->kind]) {
	case EVENT_MEMBERS_CACHE:
		check_cache_ref(verifier, &event->cache, "an event");
		return;
	case EVENT_MEMBERS_CALL:
		if (event->function < -1 ||
		    event->function >= (int)verifier->tu->function_count)
			fail(verifier, "a call to function %d of %zu",
			     event->function, verifier->tu->function_count);
		for (size_t i = 0; i < event->argument_count; i++)
			check_cache_ref(verifier, &event->arguments[i],
					"a call argument");
		if (event->table)
			check_table(verifier, event->table);
		return;
	case EVENT_MEMBERS_SOURCE:
		use_value(verifier, event->source, "a value event");
		return;
	case EVENT_MEMBERS_FIELD:
	case EVENT_MEMBERS_STORAGE:
	case EVENT_MEMBERS_NONE:
		return;
	}
}

static void check_instruction(struct verifier *verifier,
			      const struct model_instruction *instruction)
{
	if (instruction->result >= 0)
		define(verifier, verifier->instruction_definitions,
		       instruction->result, "an instruction");
	switch (instruction->kind) {
	case INSN_CALL:
		use_operand(verifier, instruction->call.target, "a call");
		for (size_t i = 0; i < instruction->call.argument_count; i++)
			use_operand(verifier, instruction->call.arguments[i],
				    "a call argument");
		return;
	case INSN_ASSIGN:
		use_operand(verifier, instruction->source, "an assignment");
		return;
	case INSN_BINARY:
		use_operand(verifier, instruction->binary.left, "an operator");
		use_operand(verifier, instruction->binary.right, "an operator");
		return;
	case INSN_FIELD_WRITE:
		use_operand(verifier, instruction->field_write.object,
			    "a field write");
		use_operand(verifier, instruction->field_write.source,
			    "a field write");
		return;
	case INSN_USE:
		for (size_t i = 0; i < instruction->use.operand_count; i++)
			use_operand(verifier, instruction->use.operands[i],
				    "a use");
		return;
	case INSN_LOAD:
		use_operand(verifier, instruction->load.object, "a load");
		if (instruction->load.indexed)
			use_operand(verifier, instruction->load.index,
				    "a load");
		return;
	default:
		return;
	}
}

/* Each edge is listed once on each side. */
static void check_edges(struct verifier *verifier, const struct block *block)
{
	const struct function_model *function = verifier->function;

	for (size_t i = 0; i < block->successor_count; i++) {
		int successor = block->successors[i];
		size_t out = 0, in = 0;

		if (successor < 0 ||
		    (size_t)successor >= function->block_count) {
			fail(verifier, "successor %d of %zu blocks", successor,
			     function->block_count);
			return;
		}
		for (size_t j = 0; j < block->successor_count; j++)
			out += block->successors[j] == successor;
		for (size_t j = 0;
		     j < function->blocks[successor].predecessor_count; j++)
			in += function->blocks[successor].predecessors[j] ==
			      (int)verifier->block;
		if (in != out)
			fail(verifier,
			     "edge to block %d listed %zu times, "
			     "%zu times back",
			     successor, out, in);
	}
}

static void check_exit(struct verifier *verifier, const struct block *block)
{
	switch (block->exit) {
	case EXIT_BRANCH:
		if (verifier->function->lowered)
			fail(verifier, "a branch was not lowered");
		use_operand(verifier, block->condition, "a branch");
		/* fall through */
	case EXIT_TEST:
		if (block->successor_count != 2)
			fail(verifier, "a test with %zu successors",
			     block->successor_count);
		if (block->exit == EXIT_TEST && block->test != TEST_UNKNOWN &&
		    !value_in_range(verifier, block->tested_value))
			fail(verifier, "a test of value %d",
			     block->tested_value);
		return;
	case EXIT_RETURN:
		use_value(verifier, block->return_value, "a return");
		/* fall through */
	case EXIT_NONE:
		if (block->successor_count)
			fail(verifier, "a block that ends has %zu successors",
			     block->successor_count);
		return;
	default:
		return;
	}
}

static void check_block(struct verifier *verifier, const struct block *block)
{
	check_edges(verifier, block);
	check_exit(verifier, block);
	for (size_t i = 0; i < block->phi_count; i++) {
		const struct phi *phi = &block->phis[i];

		if (phi->incoming_count != block->predecessor_count)
			fail(verifier,
			     "a phi with %zu incoming values, %zu "
			     "predecessors",
			     phi->incoming_count, block->predecessor_count);
		define(verifier, verifier->instruction_definitions, phi->result,
		       "a phi");
		define(verifier, verifier->event_definitions, phi->result,
		       "a phi");
		for (size_t p = 0; p < phi->incoming_count; p++)
			use_value(verifier, phi->incoming[p], "a phi");
	}
	for (size_t i = 0; i < block->instruction_count; i++)
		check_instruction(verifier, &block->instructions[i]);
	for (size_t i = 0; i < block->event_count; i++)
		check_event(verifier, &block->events[i]);
}

/* Every value an event, test, return or phi reads has a definition. */
static void check_uses(struct verifier *verifier, const struct block *block)
{
	/* Until lowering, the instructions are what defines values. */
	const unsigned char *defined =
		verifier->function->described && !verifier->function->lowered ?
			verifier->instruction_definitions :
			verifier->event_definitions;
	struct value used[4];
	size_t count = 0;

	if (block->exit == EXIT_TEST && block->test != TEST_UNKNOWN)
		used[count++] = value_id(block->tested_value);
	if (block->exit == EXIT_RETURN)
		used[count++] = block->return_value;
	for (size_t i = 0; i < count; i++)
		if (used[i].kind == VALUE_ID &&
		    value_in_range(verifier, used[i].id) &&
		    !defined[used[i].id])
			fail(verifier, "value %d is used but never defined",
			     used[i].id);
	for (size_t i = 0; i < block->phi_count; i++)
		for (size_t p = 0; p < block->phis[i].incoming_count; p++) {
			struct value value = block->phis[i].incoming[p];

			if (value.kind == VALUE_ID &&
			    value_in_range(verifier, value.id) &&
			    !defined[value.id])
				fail(verifier, "phi input %d is never defined",
				     value.id);
		}
	for (size_t i = 0; i < block->event_count; i++) {
		const struct event *event = &block->events[i];
		bool reads = event_reads_source(event);

		if (reads && event->source.kind == VALUE_ID &&
		    value_in_range(verifier, event->source.id) &&
		    !defined[event->source.id])
			fail(verifier, "value %d is copied but never defined",
			     event->source.id);
	}
}

static void check_function(struct verifier *verifier,
			   const struct function_model *function)
{
	size_t values = (size_t)function->value_count + 1;

	verifier->function = function;
	if (function->value_count < 0) {
		fail(verifier, "%d values", function->value_count);
		return;
	}
	verifier->instruction_definitions = calloc(values, 1);
	verifier->event_definitions = calloc(values, 1);
	CHECK(verifier->instruction_definitions && verifier->event_definitions);
	for (int p = 0;
	     function->parameter_values && p < function->parameter_count; p++) {
		int value = function->parameter_values[p];

		if (value < 0)
			continue;
		define(verifier, verifier->instruction_definitions, value,
		       "a parameter");
		define(verifier, verifier->event_definitions, value,
		       "a parameter");
	}
	for (verifier->block = 0; verifier->block < function->block_count;
	     verifier->block++)
		check_block(verifier, &function->blocks[verifier->block]);
	for (verifier->block = 0; verifier->block < function->block_count;
	     verifier->block++)
		check_uses(verifier, &function->blocks[verifier->block]);
	free(verifier->instruction_definitions);
	free(verifier->event_definitions);
	verifier->function = NULL;
}

bool model_verify(const struct translation_unit *tu, char *error,
		  size_t error_size)
{
	struct verifier verifier = {
		.tu = tu,
		.error = error,
		.error_size = error_size,
	};

	if (error_size)
		error[0] = '\0';
	for (size_t i = 0; i < tu->object_count; i++)
		if (tu->objects[i].instance < -1 ||
		    tu->objects[i].instance >= (int)tu->instance_count)
			fail(&verifier, "object %zu is instance %d of %zu", i,
			     tu->objects[i].instance, tu->instance_count);
	if (tu->module_init < -1 ||
	    tu->module_init >= (int)tu->function_count ||
	    tu->module_exit < -1 || tu->module_exit >= (int)tu->function_count)
		fail(&verifier, "module init %d or exit %d of %zu functions",
		     tu->module_init, tu->module_exit, tu->function_count);
	for (size_t f = 0; f < tu->function_count && !verifier.failed; f++)
		check_function(&verifier, &tu->functions[f]);
	return !verifier.failed;
}
