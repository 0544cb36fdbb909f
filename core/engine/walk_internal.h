/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the path engine share: the walk itself and the layout
 * of a path's state.  Rules see only paths.h.
 *
 *   path_state.c  the state: one flat byte string per path
 *   slots.c       the caches a walk follows, and what a state says of them
 *   value_facts.c what a path knows of values; tests refine it
 *   liveness.c    which values a later block still reads
 *   walk.c        the walk: work list, seen states, forks, observers
 *   walk_events.c what each event does to the state of one path
 *   module_state.c what a branch on module state makes the walk forget
 *   walk_table.c  calls through tables of functions, on a path
 *   summary.c     what a function does to caches, per way it returns
 */
#ifndef SLABCHECK_WALK_INTERNAL_H
#define SLABCHECK_WALK_INTERNAL_H

#include <stdint.h>

#include "paths.h"

/* A walk that takes more steps than this tells the rules nothing. */
#define WALK_STEP_LIMIT 20000
/* A summary with more distinct outcomes than this is unknown. */
#define OUTCOME_LIMIT 32
/*
 * After this many distinct states that differ only in the constants of
 * tracked values entered one loop header, those constants are forgotten
 * there: a loop up to a large bound would otherwise be unrolled pass by
 * pass.  Sixteen passes that change nothing else cover the loops over
 * small arrays (per-CPU, per-node, per-size caches) that guards like
 * `if (i == 0)` appear in; a pass that sets up or destroys a cache starts
 * a count of its own, so an unwinding loop entered from each step that
 * can fail (drivers/md/dm.c) is walked whole.  A function that calls
 * through a table of functions counts up to one pass more than the
 * table has elements (up to TABLE_WIDEN_LIMIT): fs/btrfs's exit runs
 * its 21 steps backwards, most of them touching no cache of the unit.
 */
#define WIDEN_AFTER 16
#define TABLE_WIDEN_LIMIT 64
/*
 * A flag per element (module_state_walk.c) is followed for elements up to
 * this; the guarded byte of a slot says under which flag a side ran it:
 * GUARDED_BY_VARIABLE, or GUARDED_BY_ELEMENT plus the element.
 */
#define ELEMENT_GUARD_LIMIT 64
enum {
	GUARDED_BY_VARIABLE = 1,
	GUARDED_BY_ELEMENT = 2,
};
/* Rounds of the liveness fixed point before every value is kept live. */
#define LIVENESS_ROUND_LIMIT 1000

/* What a path knows of a value: bits that only ever get added. */
enum fact {
	FACT_ZERO = 1 << 0,
	FACT_NONZERO = 1 << 1,
	FACT_ERROR = 1 << 2,
	FACT_NOT_ERROR = 1 << 3,
	FACT_ERROR_OR_NULL = 1 << 4,
	FACT_NOT_NEGATIVE = 1 << 5,
	FACT_CONSTANT = 1 << 6, /* the value's constant is in the state */
	FACT_WIDENED = 1 << 7,	/* its constant was forgotten on purpose */
};

/* The state bytes: see path_state.c. */
struct path_state {
	unsigned char bytes[1];
};

/* What a phi reads on entry, before any phi of the block writes. */
struct phi_input {
	unsigned char fact;
	bool known;
	int64_t constant;
};

struct pending_item {
	int block;
	int predecessor;
	size_t next_event;
	struct path_state *state;
};

/*
 * A state seen at a block, or, with no state, a shape of states seen at a
 * loop header (walk.c) and how many distinct states of it entered there.
 */
struct seen_entry {
	int block; /* -1 when free */
	uint64_t hash;
	struct path_state *state;
	unsigned int shape_visits;
};

struct walk {
	struct analysis *analysis;
	const struct function_model *function;
	int function_index;
	/* The rules looking on; 'observer' is the one being called. */
	const struct walk_observer *const *observers;
	size_t observer_count;
	const struct walk_observer *observer;
	/* Calls the unit cannot see may reach external instances (module
	 * exit's walk). */
	bool unseen_calls_reach_external;

	struct cache_ref *slots;
	int slot_count;
	int value_count;
	/* Values some test, return, phi or copy reads: their fact's index
	 * in the state, or -1 (nothing about them can matter). */
	int *fact_slot;
	int fact_count;
	int *fact_values; /* the values that have one, in slot order */
	/* Values whose constants the state keeps: index, or -1. */
	int *tracked;
	int tracked_count;
	int *tracked_values; /* the values that have one, in order */
	/* The bytes states are compared by; then the slots' witnesses. */
	size_t state_size;
	size_t witness_offset, state_bytes;

	/* Events numbered across blocks, to name setup sites in states. */
	size_t *first_event_of_block;
	/* Calls through tables: their elements are numbered after the
	 * blocks' events (walk_table.c). */
	const struct table_call **tables;
	size_t table_count;
	size_t block_event_count;

	/* Per block, the values some path from its entry still reads. */
	uint64_t *live_in;
	size_t live_words;
	/* Per block, which fact and constant bytes stay (liveness.c). */
	const unsigned char **keep_masks;

	/* Loop headers whose counters were forgotten (said once), and
	 * after how many passes of one shape they are. */
	bool *widened;
	unsigned int widen_after;
	/* Per block ending in a branch on memory: per side, the slots to
	 * forget there, -1 terminated, computed when first needed
	 * (module_state.c). */
	int ***memory_guards;
	/* The same per element of a flag per element: [block][element]. */
	int ****element_guards;
	/* The shape of the function those need (module_state_walk.c). */
	struct branch_regions *branch_regions;
	/* Blocks a back edge enters: only there do constants grow. */
	bool *loop_header;
	/* Room for the inputs of the block with the most phis. */
	struct phi_input *phi_inputs;

	struct pending_item *work;
	size_t work_count, work_capacity;

	struct seen_entry *seen;
	size_t seen_capacity, seen_count;

	long steps;
	bool gave_up;
	bool imprecise; /* some path took a side it could not tell */
	/* A call reached a callee whose summary is unknown (a limit, or
	 * recursion): what this function does is unknown as well. */
	bool met_unknown_callee;
	struct arena arena;
};

/*
 * What the first path to a state did last to a slot (path_state.c): kept
 * beside the state, never compared, for the notes of findings.
 */
struct slot_witness {
	const struct event *setup, *destroy;
	const struct effect *setup_inner, *destroy_inner;
};

/* path_state.c */
struct slot_witness *state_witness(const struct walk *walk,
				   const struct path_state *state, int slot);
struct path_state *state_new(struct walk *walk);
struct path_state *state_copy(struct walk *walk,
			      const struct path_state *state);
size_t state_layout(struct walk *walk);
unsigned char *state_status_byte(const struct walk *walk,
				 const struct path_state *state, int slot);
unsigned char *state_first_byte(const struct walk *walk,
				const struct path_state *state, int slot);
unsigned char *state_ever_set_byte(const struct walk *walk,
				   const struct path_state *state, int slot);
/* Whether a pending setup fails with a NULL or error pointer. */
unsigned char *state_pointer_byte(const struct walk *walk,
				  const struct path_state *state, int slot);
/* The path ran what a branch on module state guards for the slot. */
unsigned char *state_guarded_byte(const struct walk *walk,
				  const struct path_state *state, int slot);
unsigned char *state_imprecise_byte(const struct walk *walk,
				    const struct path_state *state);
int32_t state_pending_value(const struct walk *walk,
			    const struct path_state *state, int slot);
void state_set_pending_value(const struct walk *walk, struct path_state *state,
			     int slot, int32_t value);
int32_t state_setup_number(const struct walk *walk,
			   const struct path_state *state, int slot);
void state_set_setup_number(const struct walk *walk, struct path_state *state,
			    int slot, int32_t number);
unsigned char *state_fact_byte(const struct walk *walk,
			       const struct path_state *state, int value);
/* The facts and then the constants, as one run of bytes. */
unsigned char *state_facts_region(const struct walk *walk,
				  const struct path_state *state);
size_t state_facts_length(const struct walk *walk);
int64_t state_constant(const struct walk *walk, const struct path_state *state,
		       int tracked);
void state_set_constant(const struct walk *walk, struct path_state *state,
			int tracked, int64_t constant);
uint64_t state_hash(const struct walk *walk, int block,
		    const struct path_state *state);
/* The same, less the facts and constants of tracked values. */
uint64_t state_shape_hash(const struct walk *walk, int block,
			  const struct path_state *state);

/* value_facts.c */
void facts_track(struct walk *walk);
/* Which values get a fact in the state; before state_layout(). */
void facts_choose(struct walk *walk);
unsigned char value_fact(const struct walk *walk,
			 const struct path_state *state, struct value value);
void set_fact(struct walk *walk, struct path_state *state, struct value value,
	      unsigned char fact);
bool known_constant(const struct walk *walk, const struct path_state *state,
		    struct value value, int64_t *constant);
/* result = source + addend, as far as the path knows. */
void facts_assign(struct walk *walk, struct path_state *state,
		  struct value result, struct value source, int64_t addend);
bool setup_failed(unsigned char fact, bool result_is_pointer);
/* Refines facts for one side of a test; false: that side cannot be. */
bool facts_refine_value(struct walk *walk, struct path_state *state,
			struct value tested, enum value_test test,
			long long constant, bool is_unsigned, bool holds);
bool facts_refine(struct walk *walk, struct path_state *state,
		  const struct block *block, bool holds);
void facts_widen(struct walk *walk, struct path_state *state);

/* liveness.c */
void liveness_compute(struct walk *walk);
bool liveness_is_live(const struct walk *walk, int block, int value);
void liveness_forget_dead(struct walk *walk, struct path_state *state,
			  int block);

/* summary.c */
struct summary *summary_get(struct analysis *analysis, int function);
bool summary_known(const struct summary *summary);
size_t summary_outcome_count(const struct summary *summary);
unsigned char summary_return_fact(const struct summary *summary,
				  size_t outcome);
size_t summary_effects(const struct summary *summary, size_t outcome,
		       const struct effect **effects);

/* walk_table.c */
void tables_prepare(struct walk *walk, size_t block_events);
/* The value a call through a table reads as its index, or unknown. */
struct value table_index(const struct event *event);
/* The call the path makes: the element its index picks, or the call. */
const struct event *table_call_on_path(const struct walk *walk,
				       const struct path_state *state,
				       const struct event *call);
/* An element's event number (as event numbers go), or 0. */
int table_event_number(const struct walk *walk, const struct event *event);
/* The element numbered 'number' (from 0, after the blocks'), or NULL. */
const struct event *table_event_at(const struct walk *walk, size_t number);

/* walk_events.c: what each event does to the state of one path. */
void walk_settle(const struct walk *walk, struct path_state *state, int slot,
		 enum slot_status status);
void walk_apply_setup(struct walk *walk, struct path_state *state,
		      const struct event *event, int block);
void walk_apply_destroy(struct walk *walk, struct path_state *state,
			const struct event *event, int block);
void walk_apply_effect(struct walk *walk, struct path_state *state,
		       const struct event *call, int block,
		       const struct effect *effect, int slot);
bool walk_reaches_unseen(struct analysis *analysis, int function);
void walk_follow_pending(struct walk *walk, struct path_state *state, int from,
			 int to, bool to_errno);
void walk_forget_external(struct walk *walk, struct path_state *state);
void walk_forget_arguments(struct walk *walk, struct path_state *state,
			   const struct event *call);
void walk_apply_value_event(struct walk *walk, struct path_state *state,
			    const struct event *event);

/* slots.c */
void walk_collect_slots(struct walk *walk, const bool *initially_set);

/* walk.c */
void walk_debug(const struct walk *walk, const char *limit, const char *fmt,
		...) __attribute__((format(printf, 3, 4)));

#endif
