// SPDX-License-Identifier: GPL-2.0
/*
 * Summaries: what a function does to caches, one outcome per distinct way
 * it returns (what is known of the returned value, and per cache the first
 * thing it did and how it left it), computed on demand by the same walk.
 * They are plain data, keyed by function name too, so that a later link
 * step can write them out and read them back for calls across files.
 *
 * Recursion, more than OUTCOME_LIMIT outcomes, a walk that gave up or one
 * that had to guess make a summary unknown; callers then forget what they
 * knew of the caches they follow, and stay silent about them.
 */
#include <string.h>

#include "walk_internal.h"

struct outcome {
	unsigned char return_fact;
	struct effect *effects;
	size_t effect_count;
};

struct summary {
	const char *function_name;
	bool done;
	bool computing;
	bool known;
	struct outcome *outcomes;
	size_t outcome_count;
};

struct summary_builder {
	struct summary *summary;
	struct arena *arena;
	bool overflow;
};

static bool same_effect(const struct effect *a, const struct effect *b)
{
	return a->ref.kind == b->ref.kind && a->ref.index == b->ref.index &&
	       a->ref.element == b->ref.element && a->first == b->first &&
	       a->final == b->final && a->pointer == b->pointer &&
	       a->guarded == b->guarded;
}

static bool same_outcome(const struct outcome *a, const struct outcome *b)
{
	if (a->return_fact != b->return_fact ||
	    a->effect_count != b->effect_count)
		return false;
	for (size_t i = 0; i < a->effect_count; i++)
		if (!same_effect(&a->effects[i], &b->effects[i]))
			return false;
	return true;
}

static unsigned char final_of(const struct walk *walk,
			      const struct path_state *state, int slot,
			      struct value returned)
{
	switch (state_status(walk, state, slot)) {
	case SLOT_SET:
		return FINAL_SET;
	case SLOT_UNSET:
		return FINAL_UNSET;
	case SLOT_DESTROYED:
		return FINAL_DESTROYED;
	case SLOT_PENDING:
		if (returned.kind == VALUE_ID &&
		    state_pending_value(walk, state, slot) == returned.id)
			return FINAL_PENDING_ON_RETURN;
		/* An unchecked result: assume it worked, as SLAB_PANIC does. */
		return FINAL_SET;
	default:
		return FINAL_UNKNOWN;
	}
}

static void record_outcome(struct walk *walk, struct value returned,
			   struct source_location at,
			   const struct path_state *state)
{
	struct summary_builder *builder = walk_data(walk);
	struct summary *summary = builder->summary;
	struct outcome outcome = { 0 };

	(void)at;
	if (builder->overflow)
		return;
	/* The caller keeps no constant of ours: only the plain facts. */
	outcome.return_fact = value_fact(walk, state, returned) &
			      ~(FACT_CONSTANT | FACT_WIDENED);
	outcome.effects =
		arena_alloc(builder->arena, (size_t)(walk->slot_count + 1) *
						    sizeof(struct effect));
	for (int i = 0; i < walk->slot_count; i++) {
		enum slot_status status = *state_status_byte(walk, state, i);
		struct effect *effect;

		if (status == SLOT_UNTOUCHED)
			continue;
		effect = &outcome.effects[outcome.effect_count++];
		effect->ref = *walk_slot_ref(walk, i);
		effect->first = *state_first_byte(walk, state, i);
		effect->final = final_of(walk, state, i, returned);
		if (effect->final == FINAL_PENDING_ON_RETURN)
			effect->pointer = *state_pointer_byte(walk, state, i);
		/* Which flag does not matter to a caller. */
		effect->guarded = *state_guarded_byte(walk, state, i) != 0;
		effect->setup_site = state_witness(walk, state, i)->setup;
		effect->setup_inner =
			state_witness(walk, state, i)->setup_inner;
		effect->destroy_site = state_witness(walk, state, i)->destroy;
		effect->destroy_inner =
			state_witness(walk, state, i)->destroy_inner;
	}
	for (size_t i = 0; i < summary->outcome_count; i++)
		if (same_outcome(&summary->outcomes[i], &outcome))
			return;
	if (summary->outcome_count == OUTCOME_LIMIT) {
		walk_debug(walk, "outcome limit", "more than %d outcomes",
			   OUTCOME_LIMIT);
		builder->overflow = true;
		return;
	}
	summary->outcomes[summary->outcome_count++] = outcome;
}

enum alone { ALONE_UNKNOWN, ALONE_NO, ALONE_YES, ALONE_VISITING };

static bool calls_leave_caches_alone(struct analysis *analysis,
				     const struct event *call);

/*
 * Whether a function, and every function it calls, leaves caches alone: no
 * event on a cache, and no call that is passed one or may reach anything.
 * Such a function cannot change a cache, whatever its loops do, so its
 * summary is one outcome with no effect: walking it to find out could only
 * give up on a long loop (batman-adv's 256 handlers filled in one) and
 * make the caller forget every cache it follows.  A cycle is walked.
 */
static bool leaves_caches_alone(struct analysis *analysis, int function)
{
	const struct function_model *fn = &analysis->tu->functions[function];
	unsigned char *alone;

	if (!analysis->leaves_caches)
		analysis->leaves_caches = arena_alloc(
			&analysis->arena, analysis->tu->function_count + 1);
	alone = &analysis->leaves_caches[function];
	if (*alone == ALONE_VISITING)
		return false;
	if (*alone != ALONE_UNKNOWN)
		return *alone == ALONE_YES;
	*alone = ALONE_VISITING;
	for (size_t b = 0; b < fn->block_count; b++)
		for (size_t e = 0; e < fn->blocks[b].event_count; e++) {
			const struct event *event = &fn->blocks[b].events[e];
			bool ignored = event_only_computes(event);

			if (event->kind == EVENT_CALL &&
			    calls_leave_caches_alone(analysis, event))
				continue;
			if (!ignored) {
				analysis->leaves_caches[function] = ALONE_NO;
				return false;
			}
		}
	analysis->leaves_caches[function] = ALONE_YES;
	return true;
}

static bool calls_leave_caches_alone(struct analysis *analysis,
				     const struct event *call)
{
	for (size_t a = 0; a < call->argument_count; a++)
		if (call->arguments[a].kind != CACHE_REF_NONE)
			return false;
	if (call->table) {
		for (size_t i = 0; i < call->table->count; i++)
			if (!calls_leave_caches_alone(analysis,
						      &call->table->calls[i]))
				return false;
		return !call->indirect;
	}
	if (call->function >= 0)
		return leaves_caches_alone(analysis, call->function);
	/* One the unit cannot see, passed no cache: it does nothing to any. */
	return !call->indirect;
}

struct summary *summary_get(struct analysis *analysis, int function)
{
	const struct translation_unit *tu = analysis->tu;
	struct summary *summary;
	struct summary_builder builder;
	struct walk_observer observer = { .at_return = record_outcome };

	if (!analysis->summaries)
		analysis->summaries = arena_alloc(
			&analysis->arena,
			(tu->function_count + 1) * sizeof(struct summary));
	summary = &analysis->summaries[function];
	if (summary->done)
		return summary;
	if (summary->computing) {
		/* Recursion: unknown, so callers stay silent. */
		if (analysis->options && analysis->options->debug)
			fprintf(stderr,
				"slabcheck: debug: %s: recursion: summary "
				"unknown\n",
				tu->functions[function].name);
		return summary;
	}
	summary->function_name = tu->functions[function].name;
	summary->outcomes = arena_alloc(&analysis->arena,
					OUTCOME_LIMIT * sizeof(struct outcome));
	if (tu->functions[function].block_count &&
	    leaves_caches_alone(analysis, function)) {
		/* One outcome, nothing known of its result, no effect. */
		summary->outcome_count = 1;
		summary->known = true;
		summary->done = true;
		return summary;
	}
	summary->computing = true;
	builder = (struct summary_builder){ .summary = summary,
					    .arena = &analysis->arena };
	observer.data = &builder;
	summary->known = walk_function(analysis, function, &observer, NULL) &&
			 !builder.overflow;
	summary->computing = false;
	summary->done = true;
	return summary;
}

struct summary *summary_find(struct analysis *analysis, const char *name)
{
	int function = tu_find_function(analysis->tu, name);

	return function < 0 ? NULL : summary_get(analysis, function);
}

bool summary_known(const struct summary *summary)
{
	return summary->done && summary->known;
}

size_t summary_outcome_count(const struct summary *summary)
{
	return summary->outcome_count;
}

unsigned char summary_return_fact(const struct summary *summary, size_t outcome)
{
	return summary->outcomes[outcome].return_fact;
}

size_t summary_effects(const struct summary *summary, size_t outcome,
		       const struct effect **effects)
{
	*effects = summary->outcomes[outcome].effects;
	return summary->outcomes[outcome].effect_count;
}

bool summary_touches(struct analysis *analysis, int function,
		     bool (*visit)(const struct effect *effect, void *data),
		     void *data)
{
	struct summary *summary = summary_get(analysis, function);

	for (size_t o = 0; summary_known(summary) && o < summary->outcome_count;
	     o++)
		for (size_t i = 0; i < summary->outcomes[o].effect_count; i++)
			if (visit(&summary->outcomes[o].effects[i], data))
				return true;
	return false;
}

static const char *const first_names[] = {
	[FIRST_NONE] = "-",
	[FIRST_SETUP] = "setup",
	[FIRST_DESTROY] = "destroy",
};

static const char *const final_names[] = {
	[FINAL_SET] = "set",
	[FINAL_UNSET] = "unset",
	[FINAL_DESTROYED] = "destroyed",
	[FINAL_PENDING_ON_RETURN] = "set-unless-return-fails",
	[FINAL_UNKNOWN] = "unknown",
};

static void print_facts(FILE *stream, unsigned char facts)
{
	static const char *const names[] = {
		"zero",	     "non-zero",      "error",
		"not-error", "error-or-null", "not-negative",
	};
	const char *separator = "";

	if (!facts)
		fprintf(stream, "unknown");
	for (size_t bit = 0; bit < sizeof(names) / sizeof(names[0]); bit++)
		if (facts & (1u << bit)) {
			fprintf(stream, "%s%s", separator, names[bit]);
			separator = " ";
		}
}

void summary_dump(const struct analysis *analysis,
		  const struct summary *summary, FILE *stream)
{
	fprintf(stream, "summary %s%s\n",
		summary->function_name ? summary->function_name : "?",
		summary_known(summary) ? "" : " unknown");
	for (size_t o = 0; summary_known(summary) && o < summary->outcome_count;
	     o++) {
		const struct outcome *outcome = &summary->outcomes[o];

		fprintf(stream, "  outcome %zu: returns ", o);
		print_facts(stream, outcome->return_fact);
		fprintf(stream, "\n");
		for (size_t i = 0; i < outcome->effect_count; i++) {
			const struct effect *effect = &outcome->effects[i];

			if (effect->ref.kind == CACHE_REF_INSTANCE)
				fprintf(stream, "    %s",
					analysis->tu
						->instances[effect->ref.index]
						.name);
			else
				fprintf(stream, "    parameter%d",
					effect->ref.index);
			if (effect->ref.element >= 0)
				fprintf(stream, "[%ld]", effect->ref.element);
			fprintf(stream, ": first %s, then %s%s%s\n",
				first_names[effect->first],
				final_names[effect->final],
				effect->pointer ? " (pointer)" : "",
				effect->guarded ? " (guarded)" : "");
		}
	}
}
