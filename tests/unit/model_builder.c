// SPDX-License-Identifier: GPL-2.0
#define _POSIX_C_SOURCE 200809L /* open_memstream() */

#include "model_builder.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

struct source_location mb_at(unsigned int line, unsigned int column)
{
	return (struct source_location){ MB_FILE, line, column };
}

void mb_unit(struct translation_unit *tu, const char *main_file)
{
	tu_init(tu, main_file ? main_file : MB_FILE);
}

int mb_instance(struct translation_unit *tu, const char *name,
		unsigned int line, bool is_array)
{
	struct cache_instance instance = {
		.name = name,
		.location = mb_at(line, 33),
		.is_array = is_array,
	};

	return tu_add_instance(tu, &instance);
}

int mb_function(struct translation_unit *tu, const char *name,
		unsigned int line, size_t blocks)
{
	int function = tu_add_function(tu, name, mb_at(line, 1));

	function_set_blocks(tu, mb_fn(tu, function), blocks);
	return function;
}

struct function_model *mb_fn(struct translation_unit *tu, int function)
{
	assert_true(function >= 0 && (size_t)function < tu->function_count);
	return &tu->functions[function];
}

struct block *mb_block(struct translation_unit *tu, int function, int block)
{
	struct function_model *fn = mb_fn(tu, function);

	assert_true(block >= 0 && (size_t)block < fn->block_count);
	return &fn->blocks[block];
}

int mb_value(struct translation_unit *tu, int function)
{
	return mb_fn(tu, function)->value_count++;
}

void mb_jump(struct translation_unit *tu, int function, int from, int to)
{
	mb_block(tu, function, from)->exit = EXIT_JUMP;
	block_add_edge(tu, mb_fn(tu, function), from, to);
}

void mb_test(struct translation_unit *tu, int function, int block,
	     enum value_test test, int value, int holds, int fails)
{
	struct block *b = mb_block(tu, function, block);

	assert_int_equal(b->successor_count, 0);
	b->exit = EXIT_TEST;
	b->test = test;
	b->tested_value = value;
	block_add_edge(tu, mb_fn(tu, function), block, holds);
	block_add_edge(tu, mb_fn(tu, function), block, fails);
}

void mb_test_constant(struct translation_unit *tu, int function, int block,
		      enum value_test test, int value, long long constant,
		      int holds, int fails)
{
	mb_test(tu, function, block, test, value, holds, fails);
	mb_block(tu, function, block)->test_constant = constant;
}

struct event *mb_value_event(struct translation_unit *tu, int function,
			     int block, enum event_kind kind, int result,
			     struct value source, long long addend)
{
	struct event *event =
		block_add_event(tu, mb_block(tu, function, block), kind);

	event->result = value_id(result);
	event->source = source;
	event->addend = addend;
	return event;
}

void mb_return(struct translation_unit *tu, int function, int block,
	       struct value value, struct source_location at)
{
	struct block *b = mb_block(tu, function, block);

	b->exit = EXIT_RETURN;
	b->return_value = value;
	b->return_location = at;
}

void mb_return_void(struct translation_unit *tu, int function, int block)
{
	mb_return(tu, function, block, value_unknown(),
		  (struct source_location){ NULL, 0, 0 });
}

void mb_phi(struct translation_unit *tu, int function, int block, int result,
	    int predecessor, struct value value, struct source_location at)
{
	struct block *b = mb_block(tu, function, block);
	struct phi *phi = NULL;
	size_t p;

	for (size_t i = 0; i < b->phi_count; i++)
		if (b->phis[i].result == result)
			phi = &b->phis[i];
	if (!phi)
		phi = block_add_phi(tu, b, result);
	for (p = 0; p < b->predecessor_count; p++)
		if (b->predecessors[p] == predecessor)
			break;
	/* The edge must exist before the phi names it. */
	assert_true(p < b->predecessor_count);
	phi->incoming[p] = value;
	phi->incoming_location[p] = at;
}

static const char *default_callee(enum event_kind kind)
{
	switch (kind) {
	case EVENT_SETUP:
		return "kmem_cache_setup";
	case EVENT_CREATE:
		return "kmem_cache_create";
	case EVENT_DESTROY:
		return "kmem_cache_destroy";
	case EVENT_ALLOC:
		return "kmem_cache_alloc_noprof";
	case EVENT_FREE:
		return "kmem_cache_free";
	case EVENT_CACHE_CAST:
		return "to_kmem_cache";
	default:
		return NULL;
	}
}

struct event *mb_event(struct translation_unit *tu, int function, int block,
		       enum event_kind kind, struct source_location at)
{
	struct event *event =
		block_add_event(tu, mb_block(tu, function, block), kind);

	event->location = at;
	event->callee = default_callee(kind);
	return event;
}

struct event *mb_setup(struct translation_unit *tu, int function, int block,
		       struct cache_ref cache, struct source_location at)
{
	struct event *event = mb_event(tu, function, block, EVENT_SETUP, at);

	event->cache = cache;
	return event;
}

struct event *mb_destroy(struct translation_unit *tu, int function, int block,
			 struct cache_ref cache, struct source_location at)
{
	struct event *event = mb_event(tu, function, block, EVENT_DESTROY, at);

	event->cache = cache;
	return event;
}

struct event *mb_call(struct translation_unit *tu, int function, int block,
		      int callee, struct source_location at, size_t count,
		      const struct cache_ref *arguments)
{
	struct event *event = mb_event(tu, function, block, EVENT_CALL, at);

	event->function = callee;
	event->callee = mb_fn(tu, callee)->name;
	event->argument_count = count;
	event->arguments =
		arena_alloc(&tu->arena, (count + 1) * sizeof(*arguments));
	if (count)
		memcpy(event->arguments, arguments, count * sizeof(*arguments));
	return event;
}

struct event *mb_table_call(struct translation_unit *tu, int function,
			    int block, int index, size_t count,
			    const long *elements, const int *callees,
			    struct source_location at)
{
	struct event *call = mb_event(tu, function, block, EVENT_CALL, at);
	struct table_call *table = arena_alloc(&tu->arena, sizeof(*table));

	call->callee = "<indirect>";
	call->indirect = true;
	call->arguments = arena_alloc(&tu->arena, sizeof(*call->arguments));
	table->table = "table";
	table->index = index;
	table->count = count;
	table->elements = arena_alloc(&tu->arena, (count + 1) * sizeof(long));
	table->calls =
		arena_alloc(&tu->arena, (count + 1) * sizeof(struct event));
	for (size_t i = 0; i < count; i++) {
		table->elements[i] = elements[i];
		table->calls[i] = *call;
		table->calls[i].function = callees[i];
		table->calls[i].callee = callees[i] >= 0 ?
						 mb_fn(tu, callees[i])->name :
						 "unseen_fn";
		table->calls[i].indirect = false;
	}
	call->table = table;
	return call;
}

struct event *mb_define(struct translation_unit *tu, int function, int block,
			int value, struct source_location at)
{
	struct event *event = mb_event(tu, function, block, EVENT_DEFINE, at);

	event->result = value_id(value);
	return event;
}

struct event *mb_object(struct translation_unit *tu, int function, int block,
			enum event_kind kind, struct cache_ref cache,
			unsigned long size, const char *type_name,
			struct source_location at)
{
	struct event *event = mb_event(tu, function, block, kind, at);

	event->cache = cache;
	event->size = size;
	event->type_name = type_name;
	return event;
}

static char *print_report(struct report *report, bool as_errors,
			  enum path_notes path, size_t *printed)
{
	char *text = NULL;
	size_t length = 0, count;
	FILE *stream = open_memstream(&text, &length);

	assert_non_null(stream);
	count = report_print(report, stream, as_errors, path);
	assert_int_equal(fclose(stream), 0);
	if (printed)
		*printed = count;
	return text;
}

char *mb_print(struct report *report, bool as_errors, size_t *printed)
{
	return print_report(report, as_errors, PATH_FULL, printed);
}

char *mb_analyze(const struct translation_unit *tu,
		 const struct slabcheck_options *options)
{
	struct slabcheck_options defaults;
	struct report report;
	char *text;
	char error[256];

	/* Every hand-built model must be one a front-end could give. */
	if (!model_verify(tu, error, sizeof(error)))
		fail_msg("bad model: %s", error);
	/* Findings alone, unless the test asks for notes (path=). */
	if (!options) {
		options_init(&defaults);
		defaults.path = PATH_NONE;
		options = &defaults;
	}
	report_init(&report);
	slabcheck_analyze(tu, options, &report);
	text = print_report(&report, options->werror, options->path, NULL);
	report_release(&report);
	return text;
}

const struct slabcheck_options *mb_with_notes(void)
{
	static struct slabcheck_options options;

	options_init(&options);
	options.path = PATH_FULL;
	return &options;
}

void mb_expect(const struct translation_unit *tu,
	       const struct slabcheck_options *options, const char *expected)
{
	char *text = mb_analyze(tu, options);

	assert_string_equal(text, expected);
	free(text);
}

int mb_open(void **state)
{
	struct translation_unit *tu = calloc(1, sizeof(*tu));

	if (!tu)
		return -1;
	mb_unit(tu, NULL);
	*state = tu;
	return 0;
}

int mb_close(void **state)
{
	struct translation_unit *tu = *state;

	tu_release(tu);
	free(tu);
	return 0;
}
