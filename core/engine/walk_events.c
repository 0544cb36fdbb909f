// SPDX-License-Identifier: GPL-2.0
/*
 * What each event does to the state of one path: setups, destroys, the
 * effects of a callee's summary, calls the model cannot see, and the
 * values that carry a setup's result on (copies, adds, errno idioms).
 * walk.c decides which paths there are; this file, what happens on one.
 */
#include "walk_internal.h"

static int event_number(const struct walk *walk, const struct event *event,
			int block)
{
	const struct block *b = &walk->function->blocks[block];
	int element = table_event_number(walk, event);

	if (element)
		return element;
	return (int)(walk->first_event_of_block[block] +
		     (size_t)(event - b->events)) +
	       1;
}

static void note_first(const struct walk *walk, struct path_state *state,
		       int slot, enum slot_first first)
{
	if (*state_first_byte(walk, state, slot) == FIRST_NONE)
		*state_first_byte(walk, state, slot) = (unsigned char)first;
}

void walk_settle(const struct walk *walk, struct path_state *state, int slot,
		 enum slot_status status)
{
	*state_status_byte(walk, state, slot) = (unsigned char)status;
	state_set_pending_value(walk, state, slot, 0);
	*state_pointer_byte(walk, state, slot) = 0;
}

/*
 * A cache destroyed that this path has not touched yet was set up before
 * the function was entered: destroying a zeroed instance is no teardown.
 * A setup after it sets up again (kmem-resetup), as after a destroy of
 * a setup the path saw.
 */
static void note_destroyed_untouched(const struct walk *walk,
				     struct path_state *state, int slot)
{
	if (state_status(walk, state, slot) == SLOT_UNTOUCHED)
		*state_ever_set_byte(walk, state, slot) = 1;
}

void walk_apply_setup(struct walk *walk, struct path_state *state,
		      const struct event *event, int block)
{
	int slot = walk_slot(walk, &event->cache);

	set_fact(walk, state, event->result, 0);
	if (slot < 0)
		return;
	note_first(walk, state, slot, FIRST_SETUP);
	state_witness(walk, state, slot)->setup = event;
	state_witness(walk, state, slot)->setup_inner = NULL;
	*state_ever_set_byte(walk, state, slot) = 1;
	state_set_setup_number(walk, state, slot,
			       event_number(walk, event, block));
	if (event->result.kind != VALUE_ID) {
		walk_settle(walk, state, slot, SLOT_SET);
		return;
	}
	*state_status_byte(walk, state, slot) = SLOT_PENDING;
	state_set_pending_value(walk, state, slot, event->result.id);
	*state_pointer_byte(walk, state, slot) = event->result_is_pointer;
}

void walk_apply_destroy(struct walk *walk, struct path_state *state,
			const struct event *event, int block)
{
	int slot = walk_slot(walk, &event->cache);

	if (slot < 0)
		return;
	note_destroyed_untouched(walk, state, slot);
	note_first(walk, state, slot, FIRST_DESTROY);
	state_witness(walk, state, slot)->destroy = event;
	state_witness(walk, state, slot)->destroy_inner = NULL;
	walk_settle(walk, state, slot, SLOT_DESTROYED);
	state_set_setup_number(walk, state, slot,
			       event_number(walk, event, block));
}

void walk_apply_effect(struct walk *walk, struct path_state *state,
		       const struct event *call, int block,
		       const struct effect *effect, int slot)
{
	static const unsigned char finals[] = {
		[FINAL_SET] = SLOT_SET,
		[FINAL_UNSET] = SLOT_UNSET,
		[FINAL_DESTROYED] = SLOT_DESTROYED,
		[FINAL_PENDING_ON_RETURN] = SLOT_SET,
		[FINAL_UNKNOWN] = SLOT_UNKNOWN,
	};
	struct slot_witness *witness = state_witness(walk, state, slot);
	/*
	 * What the callee did under a flag stays under it in this walk, so
	 * that this function's own summary says so too: a caller of a caller
	 * of `if (!ready) setup;` sees the guard at any depth.  Unless this
	 * path set the cache up itself before, under no flag: then a second
	 * run of this function sets it up again, whatever the callee tests.
	 */
	bool guarded = effect->guarded &&
		       !*state_guarded_byte(walk, state, slot) &&
		       !state_was_set_up(walk, state, slot);

	if (effect->first == FIRST_DESTROY)
		note_destroyed_untouched(walk, state, slot);
	note_first(walk, state, slot, (enum slot_first)effect->first);
	/* The helper's own setup and destroy, reached through this call. */
	if (effect->setup_site) {
		witness->setup = call;
		witness->setup_inner = effect;
	}
	if (effect->destroy_site) {
		witness->destroy = call;
		witness->destroy_inner = effect;
	}
	walk_settle(walk, state, slot, finals[effect->final]);
	if (effect->final == FINAL_PENDING_ON_RETURN &&
	    call->result.kind == VALUE_ID) {
		*state_status_byte(walk, state, slot) = SLOT_PENDING;
		state_set_pending_value(walk, state, slot, call->result.id);
		*state_pointer_byte(walk, state, slot) = effect->pointer;
	}
	if (effect->final == FINAL_DESTROYED)
		state_set_setup_number(walk, state, slot,
				       event_number(walk, call, block));
	if (guarded)
		*state_guarded_byte(walk, state, slot) = GUARDED_BY_VARIABLE;
	if (effect->first == FIRST_SETUP || effect->final == FINAL_SET ||
	    effect->final == FINAL_PENDING_ON_RETURN) {
		*state_ever_set_byte(walk, state, slot) = 1;
		state_set_setup_number(walk, state, slot,
				       event_number(walk, call, block));
	}
}

enum reach { REACH_UNKNOWN, REACH_NO, REACH_YES, REACH_VISITING };

/* Whether a function of the unit calls, itself or below, an unseen one. */
bool walk_reaches_unseen(struct analysis *analysis, int function)
{
	const struct translation_unit *tu = analysis->tu;
	const struct function_model *fn = &tu->functions[function];
	unsigned char *reach;

	if (!analysis->reaches_unseen)
		analysis->reaches_unseen =
			arena_alloc(&analysis->arena, tu->function_count + 1);
	reach = &analysis->reaches_unseen[function];
	/* A cycle adds nothing the other calls of the cycle do not. */
	if (*reach == REACH_VISITING)
		return false;
	if (*reach != REACH_UNKNOWN)
		return *reach == REACH_YES;
	*reach = REACH_VISITING;
	for (size_t b = 0; b < fn->block_count; b++)
		for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
			const struct event *event = &fn->blocks[b].events[e];

			if (event->kind != EVENT_CALL ||
			    event->reaches_only_arguments)
				continue;
			if (event->function < 0 ||
			    walk_reaches_unseen(analysis, event->function)) {
				*reach = REACH_YES;
				return true;
			}
		}
	*reach = REACH_NO;
	return false;
}

/* A pending setup follows its result into the value that carries it on. */
void walk_follow_pending(struct walk *walk, struct path_state *state, int from,
			 int to, bool to_errno)
{
	for (int slot = 0; slot < walk->slot_count; slot++) {
		if (*state_status_byte(walk, state, slot) != SLOT_PENDING ||
		    state_pending_value(walk, state, slot) != from)
			continue;
		state_set_pending_value(walk, state, slot, to);
		/* PTR_ERR_OR_ZERO(): the failure is a non-zero int now. */
		if (to_errno)
			*state_pointer_byte(walk, state, slot) = 0;
	}
}

/*
 * A function the model cannot see may have done anything to the caches
 * other files can name, where the walk follows them.
 */
void walk_forget_external(struct walk *walk, struct path_state *state)
{
	const struct translation_unit *tu = walk->analysis->tu;

	for (int slot = 0; slot < walk->slot_count; slot++) {
		const struct cache_ref *ref = walk_slot_ref(walk, slot);

		if (ref->kind == CACHE_REF_INSTANCE &&
		    tu->instances[ref->index].external)
			walk_settle(walk, state, slot, SLOT_UNKNOWN);
	}
}

void walk_forget_arguments(struct walk *walk, struct path_state *state,
			   const struct event *call)
{
	set_fact(walk, state, call->result, 0);
	/* A call through a pointer may reach any function, ours too. */
	if (call->indirect) {
		for (int slot = 0; slot < walk->slot_count; slot++)
			walk_settle(walk, state, slot, SLOT_UNKNOWN);
		return;
	}
	if (walk->unseen_calls_reach_external && !call->reaches_only_arguments)
		walk_forget_external(walk, state);
	for (size_t i = 0; i < call->argument_count; i++) {
		int slot = walk_slot(walk, &call->arguments[i]);

		if (slot >= 0)
			walk_settle(walk, state, slot, SLOT_UNKNOWN);
	}
}

void walk_apply_value_event(struct walk *walk, struct path_state *state,
			    const struct event *event)
{
	unsigned char source;

	switch (event->kind) {
	case EVENT_VALUE_COPY:
		facts_assign(walk, state, event->result, event->source, 0);
		if (event->source.kind == VALUE_ID &&
		    event->result.kind == VALUE_ID)
			walk_follow_pending(walk, state, event->source.id,
					    event->result.id, false);
		return;
	case EVENT_VALUE_ADD:
		facts_assign(walk, state, event->result, event->source,
			     event->addend);
		return;
	case EVENT_VALUE_ERRNO:
		/* PTR_ERR(p) and PTR_ERR_OR_ZERO(p): an errno, or zero. */
		source = value_fact(walk, state, event->source);
		set_fact(walk, state, event->result,
			 source & FACT_ERROR ? FACT_NONZERO :
			 event->or_zero && (source & FACT_NOT_ERROR) ?
					       FACT_ZERO | FACT_NOT_ERROR |
						       FACT_NOT_NEGATIVE :
					       0);
		if (event->or_zero && event->source.kind == VALUE_ID &&
		    event->result.kind == VALUE_ID)
			walk_follow_pending(walk, state, event->source.id,
					    event->result.id, true);
		return;
	default:
		set_fact(walk, state, event->result, 0);
		return;
	}
}
