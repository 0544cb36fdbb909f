// SPDX-License-Identifier: GPL-2.0
/*
 * A text dump of the lowered model (--dump-model), as sparse's
 * test-linearize prints its IR: a test can say "this C file gives this
 * model" under every front-end.  Blocks are numbered in reverse postorder
 * from the entry and values in the order the dump first mentions them, so
 * that two front-ends that number things differently print the same text
 * for the same control flow.  Blocks no path reaches are left out.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model.h"

struct dumper {
	const struct translation_unit *tu;
	const struct function_model *function;
	FILE *stream;
	int *block_number; /* -1: unreachable */
	int *order;	   /* blocks in reverse postorder */
	size_t order_count;
	int *value_number; /* -1: not mentioned yet */
	int next_value;
};

static void number_blocks(struct dumper *dumper)
{
	const struct function_model *function = dumper->function;
	size_t count = function->block_count;
	int *stack = malloc((count + 1) * sizeof(int));
	size_t *next_successor = calloc(count + 1, sizeof(size_t));
	bool *visited = calloc(count + 1, sizeof(bool));
	int *postorder = malloc((count + 1) * sizeof(int));
	size_t depth = 0, done = 0;

	CHECK(stack && next_successor && visited && postorder);
	stack[depth++] = 0;
	visited[0] = true;
	while (depth) {
		int block = stack[depth - 1];
		const struct block *b = &function->blocks[block];

		if (next_successor[block] < b->successor_count) {
			int successor = b->successors[next_successor[block]++];

			if (!visited[successor]) {
				visited[successor] = true;
				stack[depth++] = successor;
			}
			continue;
		}
		postorder[done++] = block;
		depth--;
	}
	for (size_t i = 0; i < count; i++)
		dumper->block_number[i] = -1;
	for (size_t i = 0; i < done; i++) {
		dumper->order[i] = postorder[done - 1 - i];
		dumper->block_number[dumper->order[i]] = (int)i;
	}
	dumper->order_count = done;
	free(stack);
	free(next_successor);
	free(visited);
	free(postorder);
}

static void print_value(struct dumper *dumper, struct value value)
{
	switch (value.kind) {
	case VALUE_CONSTANT:
		fprintf(dumper->stream, "%ld", value.constant);
		return;
	case VALUE_ID:
		if (value.id < 0 || value.id >= dumper->function->value_count) {
			fprintf(dumper->stream, "v?");
			return;
		}
		if (dumper->value_number[value.id] < 0)
			dumper->value_number[value.id] = dumper->next_value++;
		fprintf(dumper->stream, "v%d", dumper->value_number[value.id]);
		return;
	default:
		fprintf(dumper->stream, "?");
		return;
	}
}

static void print_location(struct dumper *dumper, struct source_location at)
{
	if (at.file && dumper->tu->main_file &&
	    strcmp(at.file, dumper->tu->main_file))
		fprintf(dumper->stream, "%s:", at.file);
	fprintf(dumper->stream, "%u:%u", at.line, at.column);
}

static void print_cache(struct dumper *dumper, const struct cache_ref *ref)
{
	const struct cache_instance *instance;

	switch (ref->kind) {
	case CACHE_REF_INSTANCE:
		instance = &dumper->tu->instances[ref->index];
		fprintf(dumper->stream, "%s", instance->name);
		if (ref->element == ELEMENT_UNKNOWN)
			fprintf(dumper->stream, "[?]");
		else if (ref->element >= 0)
			fprintf(dumper->stream, "[%ld]", ref->element);
		return;
	case CACHE_REF_PARAMETER:
		fprintf(dumper->stream, "parameter%d", ref->index);
		return;
	default:
		fprintf(dumper->stream, "?");
		return;
	}
}

/* " via table[index]: element function, ..." */
static void print_table(struct dumper *dumper, const struct table_call *table)
{
	fprintf(dumper->stream, " via %s[", table->table);
	print_value(dumper, value_id(table->index));
	fprintf(dumper->stream, "]:");
	for (size_t i = 0; i < table->count; i++)
		fprintf(dumper->stream, "%s %ld %s%s", i ? "," : "",
			table->elements[i], table->calls[i].callee,
			table->calls[i].function >= 0 ? "" : " [unseen]");
}

static void print_event(struct dumper *dumper, const struct event *event)
{
	FILE *stream = dumper->stream;

	fprintf(stream, "    ");
	if (event->result.kind == VALUE_ID) {
		print_value(dumper, event->result);
		fprintf(stream, " = ");
	}
	fprintf(stream, "%s", model_event_names[event->kind]);
	switch (model_event_members[event->kind]) {
	case EVENT_MEMBERS_CACHE:
		fprintf(stream, " %s ", event->callee ? event->callee : "?");
		print_cache(dumper, &event->cache);
		if (event->size)
			fprintf(stream, " size=%lu", event->size);
		if (event->flags_known)
			fprintf(stream, " flags=%#llx", event->flags);
		if (event->type_name)
			fprintf(stream, " type='%s'", event->type_name);
		if (event->kind == EVENT_SETUP && event->result_unread)
			fprintf(stream, " [result unread]");
		if (event->kind == EVENT_SETUP &&
		    event->result_error_pointer_only)
			fprintf(stream,
				" [result tested for an error pointer only]");
		break;
	case EVENT_MEMBERS_CALL:
		fprintf(stream, " %s%s(", event->callee ? event->callee : "?",
			event->function >= 0 ? "" : " [unseen]");
		for (size_t i = 0; i < event->argument_count; i++) {
			fprintf(stream, i ? ", " : "");
			print_cache(dumper, &event->arguments[i]);
		}
		fprintf(stream, ")");
		if (event->table)
			print_table(dumper, event->table);
		break;
	case EVENT_MEMBERS_FIELD:
		fprintf(stream, " .%s%s", event->field,
			event->from_api_macro ? " [api macro]" : "");
		break;
	case EVENT_MEMBERS_STORAGE:
		fprintf(stream, " %s", event->storage_name);
		/* The allocator a heap object comes from. */
		if (event->kind == EVENT_HEAP_STORAGE)
			fprintf(stream, " from %s", event->callee);
		break;
	case EVENT_MEMBERS_SOURCE:
		fprintf(stream, " ");
		print_value(dumper, event->source);
		if (event->kind == EVENT_VALUE_ADD)
			fprintf(stream, " %+lld", event->addend);
		if (event->kind == EVENT_VALUE_ERRNO && event->or_zero)
			fprintf(stream, " or zero");
		break;
	case EVENT_MEMBERS_NONE:
		break;
	}
	/* Events that only compute values have none
	 * (core/lowering/canonical.c). */
	if (event->location.line) {
		fprintf(stream, " @");
		print_location(dumper, event->location);
	}
	fprintf(stream, "\n");
}

static void print_exit(struct dumper *dumper, const struct block *block)
{
	FILE *stream = dumper->stream;

	switch (block->exit) {
	case EXIT_TEST:
		fprintf(stream, "    test %s", model_test_names[block->test]);
		if (block->test != TEST_UNKNOWN) {
			fprintf(stream, " ");
			print_value(dumper, value_id(block->tested_value));
		}
		if (block->test == TEST_EQUAL || block->test == TEST_LESS)
			fprintf(stream, " %lld%s", block->test_constant,
				block->test_unsigned ? "u" : "");
		if (block->test == TEST_IN_SET)
			fprintf(stream, " {%#llx}",
				(unsigned long long)block->test_constant);
		if (block->tests_memory && block->tests_element) {
			fprintf(stream, " (memory [");
			print_value(dumper, value_id(block->element_value));
			fprintf(stream, "])");
		} else if (block->tests_memory) {
			fprintf(stream, " (memory)");
		}
		fprintf(stream, " ? b%d : b%d\n",
			dumper->block_number[block->successors[0]],
			dumper->block_number[block->successors[1]]);
		return;
	case EXIT_RETURN:
		fprintf(stream, "    return ");
		print_value(dumper, block->return_value);
		if (block->return_location.line) {
			fprintf(stream, " @");
			print_location(dumper, block->return_location);
		}
		fprintf(stream, "\n");
		return;
	case EXIT_NONE:
		fprintf(stream, "    unreachable\n");
		return;
	default:
		fprintf(stream, "    jump");
		for (size_t i = 0; i < block->successor_count; i++)
			fprintf(stream, " b%d",
				dumper->block_number[block->successors[i]]);
		fprintf(stream, "\n");
		return;
	}
}

/*
 * The positions of the block's reachable predecessors, in the order of
 * their numbers: the order front-ends add edges in says nothing.
 */
static size_t sorted_predecessors(const struct dumper *dumper,
				  const struct block *block, size_t *positions)
{
	size_t count = 0;

	for (size_t p = 0; p < block->predecessor_count; p++) {
		int number = dumper->block_number[block->predecessors[p]];
		size_t at = count++;

		if (number < 0) {
			count--;
			continue;
		}
		while (at &&
		       dumper->block_number[block->predecessors[positions[at -
									  1]]] >
			       number) {
			positions[at] = positions[at - 1];
			at--;
		}
		positions[at] = p;
	}
	return count;
}

static void dump_block(struct dumper *dumper, int index)
{
	const struct block *block = &dumper->function->blocks[index];
	FILE *stream = dumper->stream;
	size_t *positions =
		malloc((block->predecessor_count + 1) * sizeof(*positions));
	size_t count;

	CHECK(positions != NULL);
	count = sorted_predecessors(dumper, block, positions);
	fprintf(stream, "  b%d:", dumper->block_number[index]);
	for (size_t i = 0; i < count; i++)
		fprintf(stream, " <- b%d",
			dumper->block_number
				[block->predecessors[positions[i]]]);
	fprintf(stream, "\n");
	for (size_t i = 0; i < block->phi_count; i++) {
		const struct phi *phi = &block->phis[i];

		fprintf(stream, "    ");
		print_value(dumper, value_id(phi->result));
		fprintf(stream, " = phi");
		for (size_t j = 0; j < count; j++) {
			size_t p = positions[j];

			fprintf(stream, " [b%d: ",
				dumper->block_number[block->predecessors[p]]);
			print_value(dumper, phi->incoming[p]);
			fprintf(stream, "]");
		}
		fprintf(stream, "\n");
	}
	free(positions);
	for (size_t i = 0; i < block->event_count; i++)
		print_event(dumper, &block->events[i]);
	print_exit(dumper, block);
}

static void dump_function(struct dumper *dumper, int index)
{
	const struct translation_unit *tu = dumper->tu;
	const struct function_model *function = &tu->functions[index];
	size_t blocks = function->block_count + 1;

	dumper->function = function;
	fprintf(dumper->stream, "function %s", function->name);
	if (index == tu->module_init)
		fprintf(dumper->stream, " [module init]");
	if (index == tu->module_exit)
		fprintf(dumper->stream, " [module exit]");
	fprintf(dumper->stream, "\n");
	if (!function->block_count)
		return;
	dumper->block_number = malloc(blocks * sizeof(int));
	dumper->order = malloc(blocks * sizeof(int));
	dumper->value_number =
		malloc(((size_t)function->value_count + 1) * sizeof(int));
	CHECK(dumper->block_number && dumper->order && dumper->value_number);
	for (int v = 0; v < function->value_count; v++)
		dumper->value_number[v] = -1;
	dumper->next_value = 0;
	/* Parameters come first, so that their numbers say which they are. */
	for (int p = 0;
	     function->parameter_values && p < function->parameter_count; p++)
		if (function->parameter_values[p] >= 0)
			dumper->value_number[function->parameter_values[p]] =
				dumper->next_value++;
	number_blocks(dumper);
	for (size_t i = 0; i < dumper->order_count; i++)
		dump_block(dumper, dumper->order[i]);
	free(dumper->block_number);
	free(dumper->order);
	free(dumper->value_number);
}

static const struct translation_unit *sorted_unit;

/* Source order: front-ends list functions in orders of their own. */
static int compare_functions(const void *left, const void *right)
{
	const struct function_model *a = &sorted_unit->functions[*(int *)left];
	const struct function_model *b = &sorted_unit->functions[*(int *)right];

	if (a->location.line != b->location.line)
		return a->location.line < b->location.line ? -1 : 1;
	return strcmp(a->name, b->name);
}

void model_dump(const struct translation_unit *tu, FILE *stream)
{
	struct dumper dumper = { .tu = tu, .stream = stream };
	int *order = malloc((tu->function_count + 1) * sizeof(int));

	fprintf(stream, "unit %s%s\n", tu->main_file,
		tu->is_module ? " [module]" : "");
	for (size_t i = 0; i < tu->instance_count; i++) {
		const struct cache_instance *instance = &tu->instances[i];

		fprintf(stream, "instance %s%s%s%s%s", instance->name,
			instance->is_array ? " [array]" : "",
			instance->automatic ? " [automatic]" : "",
			instance->is_const ? " [const]" : "",
			instance->is_extern ? " [extern]" : "");
		if (instance->section)
			fprintf(stream, " [section %s]", instance->section);
		fprintf(stream, "\n");
	}
	/* Functions with a body the core wanted; the others are names. */
	CHECK(order != NULL);
	for (size_t f = 0; f < tu->function_count; f++)
		order[f] = (int)f;
	sorted_unit = tu;
	qsort(order, tu->function_count, sizeof(int), compare_functions);
	for (size_t f = 0; f < tu->function_count; f++)
		if (tu->functions[order[f]].block_count)
			dump_function(&dumper, order[f]);
	free(order);
}
