/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The path engine: walks every path through one function, following what
 * happens to each static cache ("slot") and what is known of the values the
 * function tests, and lets a rule look at each event and each return.
 *
 * Paths that reach a block in a state already seen there are cut, so loops
 * end, and what is known of values no later block reads is forgotten, so
 * that states do not multiply.  A walk that still takes too many steps gives
 * up: what it reported on the paths it finished stands, summaries of it are
 * unknown, and the module-exit check drops its result.
 *
 * Calls to functions of the same unit use the callee's summary: one outcome
 * per distinct way it can return (what it returns, what it did to each
 * cache), computed by the same walk.
 */
#ifndef SLABCHECK_PATHS_H
#define SLABCHECK_PATHS_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis.h"

enum slot_status {
	SLOT_UNTOUCHED,
	SLOT_SET,
	SLOT_PENDING, /* set up unless its result value says it failed */
	SLOT_UNSET,   /* a setup failed */
	SLOT_DESTROYED,
	SLOT_UNKNOWN, /* something the model cannot see touched it */
};

enum slot_first {
	FIRST_NONE,
	FIRST_SETUP,
	FIRST_DESTROY,
};

/* What one outcome of a callee did to one cache. */
enum effect_final {
	FINAL_SET,
	FINAL_UNSET,
	FINAL_DESTROYED,
	FINAL_PENDING_ON_RETURN, /* set up unless the return value fails */
	FINAL_UNKNOWN,
};

struct effect {
	struct cache_ref ref; /* an instance, or a parameter of the callee */
	unsigned char first;  /* enum slot_first */
	unsigned char final;  /* enum effect_final */
	/* FINAL_PENDING_ON_RETURN: failure is a NULL or error pointer. */
	unsigned char pointer;
	/*
	 * The setup or destroy ran under a branch on module state
	 * (module_state.c): `if (!foo_inited) { setup; foo_inited = true; }`
	 * runs once, whatever the walk of a caller that calls it twice sees.
	 * Or a callee's did, at any depth (walk_apply_effect()).
	 */
	unsigned char guarded;
	/*
	 * Where, on the first path that gave this outcome, the callee last
	 * set the cache up and last destroyed it: a setup or destroy, or the
	 * call of a helper of its own with that helper's effect (inner).  Out
	 * of the comparison of outcomes: events for notes, not facts.
	 */
	const struct event *setup_site, *destroy_site;
	const struct effect *setup_inner, *destroy_inner;
};

struct walk;
struct path_state;

struct walk_observer {
	/*
	 * Before an event changes the state.  A call through a table of
	 * functions comes as the call of the element the path picks, when
	 * it knows which (core/engine/walk_table.c).
	 */
	void (*before_event)(struct walk *walk, const struct event *event,
			     const struct path_state *state);
	/* Before one effect of a call's outcome changes the state. */
	void (*before_effect)(struct walk *walk, const struct event *call,
			      const struct effect *effect, int slot,
			      const struct path_state *state);
	/* At a return; 'returned' is the value, 'at' where it is returned. */
	void (*at_return)(struct walk *walk, struct value returned,
			  struct source_location at,
			  const struct path_state *state);
	void *data;
	/* The rule whose findings it reports, or NULL: the running one. */
	const char *rule;
	/*
	 * Calls to functions the unit cannot see may set up or destroy any
	 * instance with external linkage: such instances become unknown
	 * after them (module exit, whose teardown may be in another file).
	 */
	bool unseen_calls_reach_external;
};

/*
 * A path rule's part in the engine: rules.c walks each function at most
 * once, from its entry with every slot untouched, with the observers of all
 * the rules that want it.
 */
struct path_hook {
	/* Once per unit, before any walk: the observer's data (NULL: none). */
	void *(*start)(struct analysis *analysis);
	/* Whether the function can hold what the rule looks for; NULL: all. */
	bool (*wants)(struct analysis *analysis, int function, void *data);
	/* The callbacks; the engine fills in data and rule. */
	struct walk_observer observer;
};

void add_path_hook(struct rule_hooks *hooks, const struct path_hook *hook);

/*
 * Walks one function from its entry.  Slots start untouched, except those of
 * the instances flagged in 'initially_set' (indexed by instance; may be NULL).
 * Returns false when the walk gave up, guessed a path, or called a function
 * whose summary is unknown: then nothing it found can be summarized.
 */
bool walk_function(struct analysis *analysis, int function,
		   const struct walk_observer *observer,
		   const bool *initially_set);

/*
 * One walk from the entry with every slot untouched, for several observers
 * at once: what the path rules share (rules.c walks each function once).
 */
bool walk_function_observed(struct analysis *analysis, int function,
			    const struct walk_observer *const *observers,
			    size_t observer_count);

/*
 * The same, with the flagged instances destroyed at entry: what a helper
 * does when its caller has destroyed them (state_setup_site() is NULL for
 * them until the helper sets them up or destroys them itself).
 */
bool walk_function_destroyed(struct analysis *analysis, int function,
			     const struct walk_observer *observer,
			     const bool *initially_destroyed);

struct analysis *walk_analysis(const struct walk *walk);
const struct function_model *walk_function_model(const struct walk *walk);
void *walk_data(const struct walk *walk);

int walk_slot_count(const struct walk *walk);
/* The slot for a reference, or -1 when the walk does not follow it. */
int walk_slot(const struct walk *walk, const struct cache_ref *ref);
const struct cache_ref *walk_slot_ref(const struct walk *walk, int slot);

/* Set up for sure or unless a failure nobody checked: SET or PENDING. */
bool state_may_be_set(const struct walk *walk, const struct path_state *state,
		      int slot);
/* Set up now, or set up and destroyed since: a setup now is a second one. */
bool state_was_set_up(const struct walk *walk, const struct path_state *state,
		      int slot);
enum slot_status state_status(const struct walk *walk,
			      const struct path_state *state, int slot);
/*
 * The event that last set the slot up on this path, or, once it is
 * destroyed, the event that destroyed it (a call when a helper did); NULL.
 */
const struct event *state_setup_site(const struct walk *walk,
				     const struct path_state *state, int slot);
/*
 * The events of the path that explain a finding (core/engine/walk_notes.c),
 * added to it as notes in path order.  Each engine state records, per slot,
 * the last setup and the last destroy of the first path that reached it
 * (outside the bytes states are compared by, so that they split no state);
 * a setup or destroy in a helper comes as the call, as a step, and then
 * what the helper did, down to the setup or destroy itself.  'name' names
 * the cache.  False when the path recorded none.
 */
bool walk_note_setup(const struct walk *walk, const struct path_state *state,
		     int slot, struct finding *finding, const char *name);
bool walk_note_destroy(const struct walk *walk, const struct path_state *state,
		       int slot, struct finding *finding, const char *name);
/* Only the calls that lead to the last setup (the finding is at it). */
void walk_note_setup_calls(const struct walk *walk,
			   const struct path_state *state, int slot,
			   struct finding *finding, const char *name);
/*
 * The setup itself at the end of the calls that lead to the slot's last
 * setup on the path (the one walk_note_setup_calls() leads to); NULL when
 * the chain ends at a call, a helper that sets up what it is passed.
 */
const struct event *walk_setup_event(const struct walk *walk,
				     const struct path_state *state, int slot);
/* What a callee's effect did, from inside the callee. */
void walk_note_effect_setup(const struct effect *effect,
			    struct finding *finding, const char *name);
void walk_note_effect_destroy(const struct effect *effect,
			      struct finding *finding, const char *name);
/* A destroy recorded earlier (state_last_destroy()), as notes. */
void walk_note_site_destroy(const struct event *site,
			    const struct effect *inner, struct finding *finding,
			    const char *name);
/* The last destroy of the slot on the path, and the effect it came with. */
const struct event *state_last_destroy(const struct walk *walk,
				       const struct path_state *state, int slot,
				       const struct effect **inner);

/*
 * False only when the path proves the value is zero or not negative: a
 * module init fails by returning a negative errno.
 */
bool state_may_be_negative(const struct walk *walk,
			   const struct path_state *state, struct value value);

/*
 * The state as it is when 'value' is negative (a module init failing with
 * it), or NULL when the path proves it is not.  The copy lives as long as
 * the walk.
 */
const struct path_state *state_assume_negative(struct walk *walk,
					       const struct path_state *state,
					       struct value value);

/* The callee's summary effects that touch a cache, in any outcome. */
bool summary_touches(struct analysis *analysis, int function,
		     bool (*visit)(const struct effect *effect, void *data),
		     void *data);

/* The summary of the unit's function of that name, or NULL. */
struct summary *summary_find(struct analysis *analysis, const char *name);
/* A text dump of a summary, for tests and debugging. */
void summary_dump(const struct analysis *analysis,
		  const struct summary *summary, FILE *stream);

/* Maps a callee's effect reference into the caller through the arguments. */
bool map_effect_ref(const struct event *call, const struct cache_ref *ref,
		    struct cache_ref *mapped);

/* A reference the engine can follow: a whole instance or a parameter. */
bool cache_ref_followed(const struct cache_ref *ref);

#endif
