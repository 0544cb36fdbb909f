/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the lowering share: lower.c, lower_setup.c,
 * lower_branch.c, lower_table.c, lower_uses.c.
 */
#ifndef SLABCHECK_LOWER_H
#define SLABCHECK_LOWER_H

#include "model.h"

#include "api.h"

/* How far to follow copies, casts and helpers before giving up. */
#define FOLLOW_DEPTH 16

struct definition {
	int block;	 /* -1: no instruction or phi defines it */
	int instruction; /* -1: a phi of the block defines it */
	int parameter;	 /* >= 0: the value of this parameter */
	int phi;	 /* >= 0: this phi of the block defines it */
};

/* A write of a reserved kmem_cache_args field the function makes. */
struct field_write {
	int object;
	const struct model_instruction *instruction;
};

struct lowering {
	struct translation_unit *tu;
	struct function_model *function;
	struct definition *definitions;
	struct field_write *writes;
	size_t write_count;
	/* Objects whose fields an API macro fills (bit per object). */
	unsigned char *filled_by_api;
	/* Per value: whether anything reads it (lower_uses.c); NULL at
	 * file scope. */
	unsigned char *read;
	/* The last heap allocation reported as holding a cache: one finding
	 * per allocation, however often it is converted. */
	const struct model_instruction *reported_heap;
};

/* The instruction that defines an operand's value, or NULL. */
const struct model_instruction *
lowered_definition(const struct lowering *lowering, struct operand operand);
/* The API entry of a call's callee, or NULL. */
const struct api_entry *
lowered_api(const struct model_instruction *instruction);
/* The call's argument at 'position', or an unknown operand. */
struct operand lowered_argument(const struct model_instruction *call,
				int position);
/* Whether an API macro's expansion wrote the instruction. */
bool written_by_api_macro(const struct model_instruction *instruction);

/* An operand as a value the engine follows: an id, a constant, or unknown. */
struct value lower_value(struct operand operand);

/* What a cache argument refers to, through copies and to_kmem_cache(). */
struct cache_ref lowered_cache_ref(const struct lowering *lowering,
				   struct operand operand);
/* Bits known to be set in a flags argument. */
bool lowered_flags(const struct lowering *lowering, struct operand operand,
		   unsigned long long *flags, int depth);
/* An event for an instruction, at its location, defining its result. */
struct event *lowered_event(struct lowering *lowering, struct block *block,
			    const struct model_instruction *instruction,
			    enum event_kind kind);

/* lower_setup.c */
bool lowered_preallocated(const struct lowering *lowering, struct operand args,
			  struct cache_ref *cache);
void lower_setup(struct lowering *lowering, struct block *block,
		 const struct model_instruction *call,
		 const struct api_entry *api, struct cache_ref cache);
void lower_create(struct lowering *lowering, struct block *block,
		  const struct model_instruction *call,
		  const struct api_entry *api);
void lower_heap_check(struct lowering *lowering, struct block *block,
		      const struct model_instruction *call,
		      struct operand operand);

/*
 * lower_what_if.c: pointers to dynamic caches followed as if they were
 * instances, for `slabcheck convert`.  The what-if instance of that name,
 * or -1; loads that read back a creation's result read that result; a
 * creation stored into such a pointer becomes the instance's setup.
 */
int lowered_what_if_instance(const struct translation_unit *tu,
			     const char *name);
void lower_what_if_loads(struct lowering *lowering);
void lower_what_if_store(struct lowering *lowering, struct block *block,
			 const struct model_instruction *store);

/* lower_table.c: the targets of a call through a table of functions. */
void lower_table_call(struct lowering *lowering, struct event *call,
		      const struct model_instruction *instruction);
/*
 * Whether 'tested' is a function pointer loaded from a table of functions
 * by the value *index: then it is non-NULL exactly when *index is one of
 * the elements whose bits *elements has.
 */
bool lower_table_entry_test(const struct lowering *lowering,
			    struct operand tested, int *index,
			    unsigned long long *elements);

/* lower_uses.c: which values the function reads. */
void lower_collect_reads(struct lowering *lowering);
/* A value the function defines and nothing reads. */
bool lowered_unread(const struct lowering *lowering, int value);
/*
 * A pointer whose every read (through copies) passes it to IS_ERR(),
 * PTR_ERR() or PTR_ERR_OR_ZERO(), at least once to one of the tests: a
 * NULL gets past all of them.
 */
bool lowered_read_as_error_pointer_only(const struct lowering *lowering,
					int value);

/* lower_branch.c: turns a block's EXIT_BRANCH into a test. */
void lower_branch(struct lowering *lowering, struct block *block);
/*
 * Once every branch is lowered: a tested phi's input that is another
 * test's outcome (`if (unlikely(!a || !b))`, joined before its test by
 * sparse and Clang) becomes that test in the block it comes from.
 */
void lower_outcome_phis(struct lowering *lowering);

#endif
