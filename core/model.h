/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The core's model of one translation unit.
 *
 * Front-ends translate what their compiler sees into this model; rules read
 * only this model.  Nothing here knows about GCC, Clang or sparse types.
 *
 * A function is a control-flow graph of blocks.  Blocks carry the events the
 * rules care about (setup, destroy, alloc, free, calls to functions of the same
 * unit, ...), the phi nodes that merge values, and how they end: a return, an
 * unconditional jump, or a test of one value.  Values are small integers the
 * front-end hands out for the results it wants the core to follow.
 */
#ifndef SLABCHECK_MODEL_H
#define SLABCHECK_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

struct source_location {
	const char *file;
	unsigned int line;
	unsigned int column;
};

/* A variable of type struct kmem_cache_opaque (or an array of them). */
struct cache_instance {
	const char *name;
	struct source_location location;
	bool automatic;	/* a local without static storage duration */
	bool is_const;
	bool is_extern;	/* declared here, defined elsewhere */
	bool is_array;
	const char *section;	/* NULL when the default one */
};

/* How an event names the cache it works on. */
enum cache_ref_kind {
	CACHE_REF_NONE,		/* no cache the model can follow */
	CACHE_REF_INSTANCE,	/* a cache_instance of the unit */
	CACHE_REF_PARAMETER,	/* the function's parameter number 'index' */
};

#define ELEMENT_WHOLE (-1L)	/* not an array element */
#define ELEMENT_UNKNOWN (-2L)	/* an element whose index is not a constant */

struct cache_ref {
	enum cache_ref_kind kind;
	int index;
	long element;
};

enum value_kind {
	VALUE_UNKNOWN,
	VALUE_CONSTANT,
	VALUE_ID,	/* a value the front-end numbered */
};

struct value {
	enum value_kind kind;
	long constant;
	int id;
};

enum event_kind {
	EVENT_SETUP,		/* sets a static cache up */
	EVENT_CREATE,		/* creates a dynamic cache (kmem_cache_create...) */
	EVENT_DESTROY,
	EVENT_ALLOC,
	EVENT_FREE,
	EVENT_CALL,		/* calls a function: of the unit when 'function'
				 * is set, else one the model cannot see, which
				 * may do anything to the caches it is passed */
	EVENT_ARGS_FIELD,	/* writes a field of struct kmem_cache_args */
	EVENT_CACHE_CAST,	/* turns some storage into a struct kmem_cache * */
	EVENT_COPY,		/* copies a struct kmem_cache_opaque by value */
	EVENT_DEFINE,		/* defines 'result' in a way the model ignores */
};

struct event {
	enum event_kind kind;
	struct source_location location;
	/* The function the compiler calls, as the API table names it. */
	const char *callee;
	struct cache_ref cache;
	/* Result of the call, when the front-end follows it (VALUE_ID). */
	struct value result;
	bool result_is_pointer;

	/* EVENT_SETUP, EVENT_CREATE: flags the call passes, when known. */
	bool flags_known;
	unsigned long long flags;
	/* EVENT_SETUP: object size; EVENT_ALLOC/FREE: size of the pointee. */
	unsigned long size;
	/* EVENT_ALLOC/FREE: the pointee type as written ("struct foo"). */
	const char *type_name;

	/* EVENT_CALL: which function, and what each argument refers to. */
	int function;
	struct cache_ref *arguments;
	size_t argument_count;

	/* EVENT_ARGS_FIELD: the field; whether an API macro wrote it. */
	const char *field;
	bool from_api_macro;

	/* EVENT_CACHE_CAST, EVENT_COPY: the storage and what it is. */
	const char *storage_name;
	bool storage_is_opaque;
	bool storage_is_cache;	/* a real struct kmem_cache */
};

/* How a block ends. */
enum block_exit {
	EXIT_JUMP,	/* to every successor, no condition */
	EXIT_TEST,	/* successor 0 when the test holds, 1 when it does not */
	EXIT_RETURN,
	EXIT_NONE,	/* noreturn call, unreachable */
};

enum value_test {
	TEST_ZERO,	/* value == 0 (or NULL) */
	TEST_ERROR,	/* IS_ERR(value) */
	TEST_ERROR_OR_NULL,	/* IS_ERR_OR_NULL(value) */
	TEST_NEGATIVE,	/* value < 0 */
};

struct phi {
	int result;
	struct value *incoming;		/* one per predecessor */
	struct source_location *incoming_location;
};

struct block {
	struct event *events;
	size_t event_count;
	struct phi *phis;
	size_t phi_count;
	int *predecessors;
	size_t predecessor_count;
	int *successors;
	size_t successor_count;

	enum block_exit exit;
	/* EXIT_TEST */
	enum value_test test;
	int tested_value;
	/* EXIT_RETURN */
	struct value return_value;
	struct source_location return_location;
};

struct function_model {
	const char *name;
	struct source_location location;
	int parameter_count;
	int value_count;	/* ids run from 0 to value_count - 1 */
	struct block *blocks;	/* block 0 is the entry */
	size_t block_count;
	bool returns_value;
};

struct translation_unit {
	struct arena arena;
	const char *main_file;
	bool is_module;		/* built with -DMODULE */

	struct cache_instance *instances;
	size_t instance_count;
	size_t instance_capacity;

	struct function_model *functions;
	size_t function_count;
	size_t function_capacity;

	/* Functions named by module_init()/module_exit(); -1 when none. */
	int module_init;
	int module_exit;

	/* Layout of the two structs when complete in this unit. */
	bool kmem_cache_complete;
	unsigned long kmem_cache_size, kmem_cache_align;
	struct source_location kmem_cache_location;
	bool opaque_complete;
	unsigned long opaque_size, opaque_align;

	/* Bit number of SLAB_PREALLOCATED in this unit; -1 when unknown. */
	int preallocated_bit;
};

void tu_init(struct translation_unit *tu, const char *main_file);
void tu_release(struct translation_unit *tu);

/* Both return the new element's index. */
int tu_add_instance(struct translation_unit *tu,
		    const struct cache_instance *instance);
int tu_add_function(struct translation_unit *tu, const char *name,
		    struct source_location location);

int tu_find_instance(const struct translation_unit *tu, const char *name);
int tu_find_function(const struct translation_unit *tu, const char *name);

/* Copies a string into the unit's arena. */
const char *tu_string(struct translation_unit *tu, const char *text);

/*
 * Builders for a function body: the front-end (or a unit test) sizes the
 * blocks first, then fills them.
 */
void function_set_blocks(struct translation_unit *tu,
			 struct function_model *function, size_t count);
struct event *block_add_event(struct translation_unit *tu,
			      struct block *block, enum event_kind kind);
void block_add_edge(struct translation_unit *tu, struct function_model *fn,
		    int from, int to);
struct phi *block_add_phi(struct translation_unit *tu, struct block *block,
			  int result);

static inline struct value value_constant(long constant)
{
	return (struct value){ .kind = VALUE_CONSTANT, .constant = constant };
}

static inline struct value value_id(int id)
{
	return (struct value){ .kind = VALUE_ID, .id = id };
}

static inline struct value value_unknown(void)
{
	return (struct value){ .kind = VALUE_UNKNOWN };
}

static inline struct cache_ref cache_ref_instance(int index, long element)
{
	return (struct cache_ref){ .kind = CACHE_REF_INSTANCE, .index = index,
				   .element = element };
}

static inline struct cache_ref cache_ref_parameter(int index)
{
	return (struct cache_ref){ .kind = CACHE_REF_PARAMETER, .index = index,
				   .element = ELEMENT_WHOLE };
}

#endif
