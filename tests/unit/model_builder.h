/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hand-built models for the unit tests: a translation unit, its instances and
 * its functions, block by block, with no compiler involved.  Then one call
 * runs every enabled rule and returns exactly what report_print() printed.
 *
 * Functions are named by index, never by pointer: adding a function may move
 * the others.  An event returned by a helper stays valid until the next event
 * is added to the same block.  Add every edge into a block before its phis:
 * a phi has one incoming value per predecessor.
 */
#ifndef SLABCHECK_MODEL_BUILDER_H
#define SLABCHECK_MODEL_BUILDER_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"
#include "slabcheck.h"

/* The file every model is in, unless a test names another. */
#define MB_FILE "drivers/foo/foo.c"

/* A location in MB_FILE. */
struct source_location mb_at(unsigned int line, unsigned int column);

/* tu_init() for MB_FILE, or for main_file when not NULL. */
void mb_unit(struct translation_unit *tu, const char *main_file);

/* A file-scope static instance (is_array for an array of them). */
int mb_instance(struct translation_unit *tu, const char *name,
		unsigned int line, bool is_array);

static inline struct cache_ref mb_whole(int instance)
{
	return cache_ref_instance(instance, ELEMENT_WHOLE);
}

/* A function at 'line' of MB_FILE with 'blocks' empty blocks; block 0 is the
 * entry.  Blocks start as EXIT_JUMP with no successor. */
int mb_function(struct translation_unit *tu, const char *name,
		unsigned int line, size_t blocks);
struct function_model *mb_fn(struct translation_unit *tu, int function);
struct block *mb_block(struct translation_unit *tu, int function, int block);
/* A new value id of the function. */
int mb_value(struct translation_unit *tu, int function);

/* How a block ends. */
void mb_jump(struct translation_unit *tu, int function, int from, int to);
/* Goes to 'holds' when the test holds (value == 0, IS_ERR, ...), else to
 * 'fails'. */
void mb_test(struct translation_unit *tu, int function, int block,
	     enum value_test test, int value, int holds, int fails);
/* The same for a test against a constant (TEST_EQUAL, TEST_LESS). */
void mb_test_constant(struct translation_unit *tu, int function, int block,
		      enum value_test test, int value, long long constant,
		      int holds, int fails);
void mb_return(struct translation_unit *tu, int function, int block,
	       struct value value, struct source_location at);
void mb_return_void(struct translation_unit *tu, int function, int block);

/*
 * The incoming value of phi 'result' of 'block' from 'predecessor', and where
 * the source writes it; the phi is created on first use.
 */
void mb_phi(struct translation_unit *tu, int function, int block, int result,
	    int predecessor, struct value value, struct source_location at);

/* Events, appended to a block.  callee is the name the API table uses. */
struct event *mb_event(struct translation_unit *tu, int function, int block,
		       enum event_kind kind, struct source_location at);
struct event *mb_setup(struct translation_unit *tu, int function, int block,
		       struct cache_ref cache, struct source_location at);
struct event *mb_destroy(struct translation_unit *tu, int function, int block,
			 struct cache_ref cache, struct source_location at);
/* A call to a function of the unit, with one cache_ref per argument. */
struct event *mb_call(struct translation_unit *tu, int function, int block,
		      int callee, struct source_location at, size_t count,
		      const struct cache_ref *arguments);
/*
 * A call through a table whose element is the value 'index': element
 * elements[i] holds function callees[i] of the unit, or, for -1, one the
 * unit cannot see, named "unseen_fn".
 */
struct event *mb_table_call(struct translation_unit *tu, int function,
			    int block, int index, size_t count,
			    const long *elements, const int *callees,
			    struct source_location at);
/* Defines 'value' in a way the model ignores (another function's result). */
struct event *mb_define(struct translation_unit *tu, int function, int block,
			int value, struct source_location at);
/* EVENT_ALLOC or EVENT_FREE of an object of 'type_name', 'size' bytes. */
struct event *mb_object(struct translation_unit *tu, int function, int block,
			enum event_kind kind, struct cache_ref cache,
			unsigned long size, const char *type_name,
			struct source_location at);

/* EVENT_VALUE_COPY/ADD/ERRNO: result = source (+ addend). */
struct event *mb_value_event(struct translation_unit *tu, int function,
			     int block, enum event_kind kind, int result,
			     struct value source, long long addend);

/*
 * Checks the model with model_verify(), runs slabcheck_analyze() with
 * 'options' (the defaults but path=none when NULL: findings without
 * notes) and report_print() into memory, with the notes options->path
 * asks for; returns the text printed, to be freed.
 */
char *mb_analyze(const struct translation_unit *tu,
		 const struct slabcheck_options *options);

/* The default options but path=full: every event of a path as a note. */
const struct slabcheck_options *mb_with_notes(void);

/* Asserts that the analysis prints exactly 'expected' ("" for nothing). */
void mb_expect(const struct translation_unit *tu,
	       const struct slabcheck_options *options, const char *expected);

/* report_print() into memory, every note; the text, to be freed. */
char *mb_print(struct report *report, bool as_errors, size_t *printed);

/* cmocka fixtures: *state is a fresh unit in MB_FILE, released after. */
int mb_open(void **state);
int mb_close(void **state);
#define MB_TEST(test) cmocka_unit_test_setup_teardown(test, mb_open, mb_close)

#endif
