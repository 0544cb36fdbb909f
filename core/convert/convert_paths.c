// SPDX-License-Identifier: GPL-2.0
/*
 * The reasons that need paths (convert_paths.h).  Each accepted pointer
 * becomes a what-if instance: the path engine then walks init as it would
 * walk the converted code, a slot per pointer, untouched at init's entry
 * as the pointer is NULL there.  A destroy, direct or in a helper, that a
 * path reaches with the slot untouched or its setup failed relies on
 * kmem_cache_destroy(NULL); a setup that a path reaches with the slot
 * destroyed is a cache created again.  Where the walk cannot tell (a test
 * it cannot follow, a call it cannot see), the slot is unknown and
 * nothing is refused: the use-based decision stands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "convert_paths.h"
#include "paths.h"
#include "report.h"

struct path_question {
	struct conversion *conversions;
	/* Per instance of the unit: the conversion it stands for, or -1. */
	int *conversion_of;
};

/* The conversion a slot stands for, when it is one still accepted. */
static struct conversion *asked(struct walk *walk, int slot)
{
	struct path_question *question = walk_data(walk);
	const struct cache_ref *ref;
	int index;

	if (slot < 0)
		return NULL;
	ref = walk_slot_ref(walk, slot);
	if (ref->kind != CACHE_REF_INSTANCE || ref->element != ELEMENT_WHOLE)
		return NULL;
	index = question->conversion_of[ref->index];
	if (index < 0 ||
	    question->conversions[index].refusal != CONVERSION_ACCEPTED)
		return NULL;
	return &question->conversions[index];
}

static bool is_destroy(const struct cache_pointer_use *use)
{
	const struct api_entry *api;

	if (use->kind != POINTER_PASSED || !use->callee)
		return false;
	api = api_lookup(use->callee);
	return api && api->role == API_DESTROY;
}

static bool is_creation(const struct cache_pointer_use *use)
{
	return use->kind == POINTER_ASSIGNED && !use->assigns_null;
}

/*
 * The use the refusal names: the destroy (or creation) in 'function',
 * else the first anywhere (a helper's helper did it).
 */
static const struct cache_pointer_use *
use_in(const struct cache_pointer *pointer, const char *function,
       bool (*wanted)(const struct cache_pointer_use *use))
{
	const struct cache_pointer_use *first = NULL;

	for (size_t i = 0; i < pointer->use_count; i++) {
		const struct cache_pointer_use *use = &pointer->uses[i];

		if (!wanted(use))
			continue;
		if (use->function && function &&
		    !strcmp(use->function, function))
			return use;
		if (!first)
			first = use;
	}
	return first;
}

static void refuse_on_path(struct conversion *conversion,
			   enum conversion_refusal refusal,
			   const char *function)
{
	convert_withdraw(conversion, refusal,
			 use_in(conversion->pointer, function,
				refusal == REFUSAL_DESTROY_UNCREATED ?
					is_destroy :
					is_creation));
}

/* What a destroy or a setup means for a slot in this state. */
static void judge(struct walk *walk, int slot, bool destroys, bool sets_up,
		  const struct path_state *state, const char *function)
{
	struct conversion *conversion = asked(walk, slot);
	enum slot_status status;

	if (!conversion)
		return;
	status = state_status(walk, state, slot);
	if (destroys && (status == SLOT_UNTOUCHED || status == SLOT_UNSET))
		refuse_on_path(conversion, REFUSAL_DESTROY_UNCREATED, function);
	else if (sets_up && status == SLOT_DESTROYED)
		refuse_on_path(conversion, REFUSAL_RECREATED, function);
}

static void before_event(struct walk *walk, const struct event *event,
			 const struct path_state *state)
{
	if (event->kind != EVENT_DESTROY && event->kind != EVENT_SETUP)
		return;
	judge(walk, walk_slot(walk, &event->cache),
	      event->kind == EVENT_DESTROY, event->kind == EVENT_SETUP, state,
	      walk_function_model(walk)->name);
}

static void before_effect(struct walk *walk, const struct event *call,
			  const struct effect *effect, int slot,
			  const struct path_state *state)
{
	judge(walk, slot, effect->first == FIRST_DESTROY,
	      effect->first == FIRST_SETUP, state, call->callee);
}

/*
 * Where init starts: module init, and the __init functions no function of
 * the unit calls (initcalls, which a table of the kernel's calls).
 */
static bool is_entry(const struct translation_unit *tu, int function)
{
	const char *name = tu->functions[function].name;
	const struct convert_function *described = NULL;

	if (function == tu->module_init)
		return true;
	for (size_t i = 0; i < tu->convert_function_count; i++) {
		const struct convert_function *other =
			&tu->convert_functions[i];

		if (!strcmp(other->name, name))
			described = other;
		for (size_t c = 0; c < other->callee_count; c++)
			if (!strcmp(other->callees[c], name))
				return false;
	}
	return described && described->section &&
	       !strcmp(described->section, API_INIT_SECTION);
}

/* Whether the pointer is tested against NULL in 'function'. */
static bool tested_in(const struct cache_pointer *pointer, const char *function)
{
	for (size_t i = 0; i < pointer->use_count; i++)
		if (pointer->uses[i].kind == POINTER_TESTED &&
		    pointer->uses[i].function && function &&
		    !strcmp(pointer->uses[i].function, function))
			return true;
	return false;
}

static bool has_external_linkage(const struct translation_unit *tu,
				 const char *name)
{
	for (size_t i = 0; name && i < tu->convert_function_count; i++)
		if (!strcmp(tu->convert_functions[i].name, name))
			return tu->convert_functions[i].external;
	return false;
}

/*
 * Whether other files can run 'name': it has external linkage, or a
 * function of the unit that does calls it, directly or not.  (Functions
 * whose address is taken are left out: module init and exit, initcalls,
 * whose callers run no unwinding of theirs.)
 */
static bool called_from_elsewhere(const struct translation_unit *tu,
				  const char *name, unsigned int depth)
{
	if (!name || depth > 8)
		return false;
	if (has_external_linkage(tu, name))
		return true;
	for (size_t i = 0; i < tu->convert_function_count; i++) {
		const struct convert_function *caller =
			&tu->convert_functions[i];

		for (size_t c = 0; c < caller->callee_count; c++)
			if (!strcmp(caller->callees[c], name) &&
			    strcmp(caller->name, name) &&
			    called_from_elsewhere(tu, caller->name, depth + 1))
				return true;
	}
	return false;
}

/*
 * A function with external linkage, other than the creating one (whose own
 * unwinding the walks of init see), that destroys the pointer, or NULL.
 */
static const char *external_destroyer(const struct translation_unit *tu,
				      const struct cache_pointer *pointer,
				      const char *creator)
{
	for (size_t i = 0; i < pointer->use_count; i++) {
		const char *function = pointer->uses[i].function;

		if (is_destroy(&pointer->uses[i]) && function &&
		    strcmp(function, creator) &&
		    has_external_linkage(tu, function))
			return function;
	}
	return NULL;
}

/*
 * Two questions on each setup of a pointer followed as if converted, where
 * its creation may fail (SLAB_PANIC not among its flags, or its flags
 * unknown):
 *   - unchecked: its flags are known, it is written as a statement of its
 *     own (not `if (!(p = ...))`), in a function that never tests the
 *     pointer: the dynamic code would pass NULL on, the converted code a
 *     zeroed instance, which kmem-unchecked-setup reports.  Refused rather
 *     than converted into a finding;
 *   - unwound-elsewhere: it is created in a function other files can run
 *     (one of external linkage, or one that such a function calls), and
 *     destroyed in a function of external linkage, as xfs's
 *     xfs_rmapbt_init_cur_cache() and xfs_rmapbt_destroy_cur_cache(),
 *     which xfs_btree.c calls for every cache when one fails: the
 *     unwinding after a failure is in another file, which this one cannot
 *     show to destroy only what was created.
 */
static void judge_setup(const struct translation_unit *tu,
			const struct path_question *question,
			const struct function_model *function,
			const struct event *setup)
{
	int panic = tu->panic_bit;
	struct conversion *conversion;
	const char *destroyer;
	int index;

	if (setup->kind != EVENT_SETUP ||
	    setup->cache.kind != CACHE_REF_INSTANCE)
		return;
	if (setup->flags_known && panic >= 0 && panic < 64 &&
	    (setup->flags >> panic & 1))
		return;
	index = question->conversion_of[setup->cache.index];
	if (index < 0)
		return;
	conversion = &question->conversions[index];
	if (conversion->refusal != CONVERSION_ACCEPTED)
		return;
	destroyer = external_destroyer(tu, conversion->pointer, function->name);
	if (destroyer && called_from_elsewhere(tu, function->name, 0)) {
		refuse_on_path(conversion, REFUSAL_UNWOUND_ELSEWHERE,
			       function->name);
		snprintf(conversion->detail, sizeof(conversion->detail),
			 "it is created in %s and destroyed in %s, which other "
			 "files call",
			 function->name, destroyer);
		return;
	}
	if (setup->flags_known && panic >= 0 && panic < 64 && conversion->use &&
	    conversion->use->statement.known &&
	    !tested_in(conversion->pointer, function->name))
		refuse_on_path(conversion, REFUSAL_UNCHECKED, function->name);
}

static void refuse_unchecked(const struct translation_unit *tu,
			     const struct path_question *question)
{
	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *function = &tu->functions[f];

		for (size_t b = 0; b < function->block_count; b++)
			for (size_t e = 0; e < function->blocks[b].event_count;
			     e++)
				judge_setup(tu, question, function,
					    &function->blocks[b].events[e]);
	}
}

void convert_check_paths(struct translation_unit *tu,
			 struct conversion *conversions, size_t count)
{
	struct path_question question = { .conversions = conversions };
	struct slabcheck_options options;
	struct report report;
	struct analysis analysis = { .tu = tu, .report = &report };
	struct walk_observer observer = {
		.before_event = before_event,
		.before_effect = before_effect,
		.data = &question,
	};
	int *what_if = malloc((count ? count : 1) * sizeof(int));
	bool asking = false;

	if (!what_if)
		abort();
	for (size_t i = 0; i < count; i++) {
		const struct cache_pointer *pointer = conversions[i].pointer;
		struct cache_instance instance = {
			.name = pointer->name,
			.location = pointer->location,
			.what_if = true,
		};

		what_if[i] = -1;
		if (conversions[i].refusal != CONVERSION_ACCEPTED)
			continue;
		what_if[i] = tu_add_instance(tu, &instance);
		asking = true;
	}
	if (!asking) {
		free(what_if);
		return;
	}
	/* Lowering adds the unit's own instances: number them all first. */
	model_lower(tu);
	question.conversion_of = malloc((tu->instance_count + 1) * sizeof(int));
	if (!question.conversion_of)
		abort();
	for (size_t i = 0; i < tu->instance_count; i++)
		question.conversion_of[i] = -1;
	for (size_t i = 0; i < count; i++)
		if (what_if[i] >= 0)
			question.conversion_of[what_if[i]] = (int)i;
	free(what_if);
	refuse_unchecked(tu, &question);
	options_init(&options);
	report_init(&report);
	analysis.options = &options;
	arena_init(&analysis.arena);
	for (size_t f = 0; f < tu->function_count; f++)
		if (tu->functions[f].described && is_entry(tu, (int)f))
			walk_function(&analysis, (int)f, &observer, NULL);
	arena_release(&analysis.arena);
	report_release(&report);
	free(question.conversion_of);
}
