// SPDX-License-Identifier: GPL-2.0
/*
 * The events that make a finding true, as its notes, decided here from the
 * path the engine walked, so that every door prints the same ones: the
 * last setup and the last destroy the path recorded for a slot
 * (path_state.c), and, when a helper did it, the call of the helper as a
 * step and then what the helper did, from the outcome of its summary that
 * the path took, down to the setup or destroy itself.
 */
#include "walk_internal.h"

/* Helpers of helpers: deeper than this, the calls stop. */
#define NOTE_DEPTH 8

/* What the setup or destroy itself says; NULL: only the calls to it. */
static const char set_up_here[] = "'%s' is set up here";
static const char set_up_again_here[] = "'%s' is set up again here";
static const char destroyed_here[] = "'%s' is destroyed here";

static bool note_chain(struct finding *finding, const struct event *site,
		       const struct effect *inner, bool setup,
		       const char *final, const char *name, int depth)
{
	if (!site || depth > NOTE_DEPTH)
		return false;
	if (site->kind != EVENT_CALL) {
		if (final)
			report_note(finding, site->location, final, name);
		return true;
	}
	if (setup)
		report_step(finding, site->location,
			    "'%s' sets up '%s', called here", site->callee,
			    name);
	else
		report_step(finding, site->location,
			    "'%s' destroys '%s', called here", site->callee,
			    name);
	if (inner)
		note_chain(finding,
			   setup ? inner->setup_site : inner->destroy_site,
			   setup ? inner->setup_inner : inner->destroy_inner,
			   setup, final, name, depth + 1);
	return true;
}

bool walk_note_setup(const struct walk *walk, const struct path_state *state,
		     int slot, struct finding *finding, const char *name)
{
	const struct slot_witness *witness = state_witness(walk, state, slot);

	return note_chain(finding, witness->setup, witness->setup_inner, true,
			  set_up_here, name, 0);
}

void walk_note_setup_calls(const struct walk *walk,
			   const struct path_state *state, int slot,
			   struct finding *finding, const char *name)
{
	const struct slot_witness *witness = state_witness(walk, state, slot);

	note_chain(finding, witness->setup, witness->setup_inner, true, NULL,
		   name, 0);
}

const struct event *walk_setup_event(const struct walk *walk,
				     const struct path_state *state, int slot)
{
	const struct slot_witness *witness = state_witness(walk, state, slot);
	const struct event *site = witness->setup;
	const struct effect *inner = witness->setup_inner;

	for (int depth = 0; site && site->kind == EVENT_CALL; depth++) {
		if (!inner || depth > NOTE_DEPTH)
			return NULL;
		site = inner->setup_site;
		inner = inner->setup_inner;
	}
	return site;
}

bool walk_note_destroy(const struct walk *walk, const struct path_state *state,
		       int slot, struct finding *finding, const char *name)
{
	const struct slot_witness *witness = state_witness(walk, state, slot);

	return note_chain(finding, witness->destroy, witness->destroy_inner,
			  false, destroyed_here, name, 0);
}

void walk_note_effect_setup(const struct effect *effect,
			    struct finding *finding, const char *name)
{
	note_chain(finding, effect->setup_site, effect->setup_inner, true,
		   set_up_again_here, name, 1);
}

void walk_note_effect_destroy(const struct effect *effect,
			      struct finding *finding, const char *name)
{
	note_chain(finding, effect->destroy_site, effect->destroy_inner, false,
		   destroyed_here, name, 1);
}

const struct event *state_last_destroy(const struct walk *walk,
				       const struct path_state *state, int slot,
				       const struct effect **inner)
{
	const struct slot_witness *witness = state_witness(walk, state, slot);

	if (inner)
		*inner = witness->destroy_inner;
	return witness->destroy;
}

void walk_note_site_destroy(const struct event *site,
			    const struct effect *inner, struct finding *finding,
			    const char *name)
{
	note_chain(finding, site, inner, false, destroyed_here, name, 0);
}
