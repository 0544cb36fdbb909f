// SPDX-License-Identifier: GPL-2.0
/*
 * Which pointers to dynamic caches can become static instances
 * (candidates.h).  A static instance exists before anything runs and is
 * never NULL, so a pointer converts only when the unit shows that nothing
 * can tell the difference: it is created once, on an init path, by a
 * creation the series has a setup for; its value is only passed on; its
 * address is never taken nor its value kept elsewhere; and NULL is only
 * tested where the creation is checked, or in a module exit, which runs
 * only after init succeeded.  Anything the unit cannot show is a refusal
 * with its reason: a wrong conversion costs more than a missed one.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "candidates.h"

const char *const conversion_refusal_names[REFUSAL_KIND_COUNT] = {
	[CONVERSION_ACCEPTED] = "converted",
	[REFUSAL_ARRAY] = "array",
	[REFUSAL_EXTERNAL] = "external",
	[REFUSAL_EXTERN_SHAPE] = "extern-shape",
	[REFUSAL_USED_ELSEWHERE] = "used-elsewhere",
	[REFUSAL_INITIALIZED] = "initialized",
	[REFUSAL_ADDRESS_TAKEN] = "address-taken",
	[REFUSAL_STORED] = "stored-elsewhere",
	[REFUSAL_COMPARED] = "compared",
	[REFUSAL_OTHER_USE] = "other-use",
	[REFUSAL_NEVER_CREATED] = "never-created",
	[REFUSAL_NOT_A_CREATION] = "not-a-creation",
	[REFUSAL_ASSIGNED_TWICE] = "assigned-twice",
	[REFUSAL_OUTSIDE_INIT] = "outside-init",
	[REFUSAL_NULL_TESTED] = "null-tested",
	[REFUSAL_DESTROY_UNCREATED] = "destroy-uncreated",
	[REFUSAL_RECREATED] = "recreated",
	[REFUSAL_UNCHECKED] = "unchecked",
	[REFUSAL_UNWOUND_ELSEWHERE] = "unwound-elsewhere",
	[REFUSAL_CANNOT_INCLUDE] = "cannot-include",
	[REFUSAL_VERIFY_BUILD] = "verify-build",
	[REFUSAL_VERIFY_FINDING] = "verify-finding",
	[REFUSAL_DECLARATION_SHAPE] = "declaration-shape",
	[REFUSAL_CREATION_SHAPE] = "creation-shape",
	[REFUSAL_ARGS_FORM] = "args-form",
	[REFUSAL_TEST_SHAPE] = "test-shape",
	[REFUSAL_NAME_TAKEN] = "name-taken",
};

/* What each refusal means; "%s" is the function of the use. */
static const char *const refusal_texts[REFUSAL_KIND_COUNT] = {
	[REFUSAL_ARRAY] = "an array of caches: it needs an array of "
			  "instances set up one by one",
	[REFUSAL_EXTERNAL] = "other files can name it, and this run did not "
			     "read them all: %s",
	[REFUSAL_EXTERN_SHAPE] =
		"it is not declared once, by an extern in a header that every "
		"file naming it includes, where the instance's would go: %s",
	[REFUSAL_USED_ELSEWHERE] = "another file does more than pass its "
				   "value: %s",
	[REFUSAL_INITIALIZED] = "it has an initializer",
	[REFUSAL_ADDRESS_TAKEN] = "its address is taken in %s",
	[REFUSAL_STORED] = "its value is kept in other storage in %s: the "
			   "cache would have two names",
	[REFUSAL_COMPARED] = "it is compared with another pointer in %s",
	[REFUSAL_OTHER_USE] = "a use in %s that is more than passing its "
			      "value",
	[REFUSAL_NEVER_CREATED] = "this file never creates it",
	[REFUSAL_NOT_A_CREATION] = "it is assigned something other than a "
				   "creation the series has a setup for, in %s",
	[REFUSAL_ASSIGNED_TWICE] = "it is assigned more than once (again in "
				   "%s)",
	[REFUSAL_OUTSIDE_INIT] = "it is created outside init, in %s",
	[REFUSAL_NULL_TESTED] = "it is tested for NULL in %s, where a static "
				"instance would never be NULL",
	[REFUSAL_DESTROY_UNCREATED] =
		"it is destroyed in %s on a path of init where it may not have "
		"been created: kmem_cache_destroy(NULL) does nothing, but a "
		"static instance is never NULL",
	[REFUSAL_RECREATED] = "it is created again in %s after it was "
			      "destroyed: an instance is set up once",
	[REFUSAL_UNCHECKED] =
		"its creation in %s may fail (no SLAB_PANIC) and nothing tests "
		"it: converted, a failed setup would leave the instance zeroed "
		"(kmem-unchecked-setup)",
	[REFUSAL_CANNOT_INCLUDE] =
		"this file cannot include <" API_STATIC_HEADER ">, which every "
		"setup needs: %s",
	[REFUSAL_UNWOUND_ELSEWHERE] =
		"%s: a creation that may fail, whose unwinding is in another "
		"file, which may destroy it uncreated (a static instance is "
		"never NULL)",
	[REFUSAL_VERIFY_BUILD] = "the converted file does not compile: %s",
	[REFUSAL_VERIFY_FINDING] = "the converted code draws a finding: %s",
	[REFUSAL_DECLARATION_SHAPE] =
		"its definition is not a declaration of its own, on a line "
		"of its own, written out in this file: the patch would have "
		"to guess",
	[REFUSAL_CREATION_SHAPE] =
		"in %s it is assigned in an expression, not in a statement "
		"of its own that the patch can rewrite",
	[REFUSAL_ARGS_FORM] =
		"its creation in %s takes a struct of arguments that the patch "
		"cannot write out as the setup's fields (one used elsewhere, a "
		"field not designated, a comment among them)",
	[REFUSAL_TEST_SHAPE] =
		"its NULL test in %s is not an if or a return right after "
		"the creation, which the patch moves onto the setup",
	[REFUSAL_NAME_TAKEN] = "the names the instance would take are "
			       "used in this unit",
};

static const char *function_of(const struct cache_pointer_use *use)
{
	return use->function ? use->function : "a file-scope initializer";
}

static bool is_function(const struct translation_unit *tu, int index,
			const char *name)
{
	return index >= 0 && name &&
	       strcmp(tu->functions[index].name, name) == 0;
}

/* What convert_decide() works out once per unit. */
struct unit_facts {
	const struct translation_unit *tu;
	/* Pointers of external linkage are decided as globals. */
	bool globals;
	/* Per convert function: only init code runs it. */
	bool *init_only;
};

static int convert_function_index(const struct translation_unit *tu,
				  const char *name)
{
	for (size_t i = 0; i < tu->convert_function_count; i++)
		if (strcmp(tu->convert_functions[i].name, name) == 0)
			return (int)i;
	return -1;
}

static bool calls(const struct convert_function *caller, const char *name)
{
	for (size_t i = 0; i < caller->callee_count; i++)
		if (strcmp(caller->callees[i], name) == 0)
			return true;
	return false;
}

/*
 * Init code: module init, a function __init puts in the init section, and
 * a helper only they call (no other file can call it, its address is not
 * taken, and every caller in the unit is init code), as
 * `static int init_inodecache(void)` called from the module's init.
 */
static void find_init_only(struct unit_facts *facts)
{
	const struct translation_unit *tu = facts->tu;
	size_t count = tu->convert_function_count;
	bool changed = true;

	facts->init_only = calloc(count ? count : 1, sizeof(bool));
	for (size_t i = 0; i < count; i++) {
		const struct convert_function *function =
			&tu->convert_functions[i];

		facts->init_only[i] =
			(function->section &&
			 strcmp(function->section, API_INIT_SECTION) == 0) ||
			is_function(tu, tu->module_init, function->name);
	}
	while (changed) {
		changed = false;
		for (size_t i = 0; i < count; i++) {
			const struct convert_function *function =
				&tu->convert_functions[i];
			bool called = false, only_init = true;

			if (facts->init_only[i] || function->external ||
			    function->address_taken)
				continue;
			for (size_t j = 0; j < count && only_init; j++) {
				if (!calls(&tu->convert_functions[j],
					   function->name))
					continue;
				called = true;
				only_init = facts->init_only[j];
			}
			if (called && only_init) {
				facts->init_only[i] = true;
				changed = true;
			}
		}
	}
}

static bool on_init_path(const struct unit_facts *facts,
			 const struct cache_pointer_use *use)
{
	int index;

	if (!use->function)
		return false;
	if (use->function_section &&
	    strcmp(use->function_section, API_INIT_SECTION) == 0)
		return true;
	if (is_function(facts->tu, facts->tu->module_init, use->function))
		return true;
	index = convert_function_index(facts->tu, use->function);
	return index >= 0 && facts->init_only[index];
}

/* The creation as the source spells it: the outermost such macro. */
static const char *creation_spelling(const struct cache_pointer_use *use)
{
	for (size_t i = use->macro_count; i > 0; i--)
		if (api_is_creation_spelling(use->macros[i - 1]))
			return use->macros[i - 1];
	return use->callee;
}

static enum conversion_refusal refuse(struct conversion *conversion,
				      enum conversion_refusal refusal,
				      const struct cache_pointer_use *use)
{
	conversion->refusal = refusal;
	conversion->use = use;
	return refusal;
}

/*
 * The one creation, or a refusal about the assignments.  NULL written
 * back (kmem_cache_destroy(p); p = NULL;) is no creation: a converted
 * cache drops it.
 */
static enum conversion_refusal decide_creation(const struct unit_facts *facts,
					       struct conversion *conversion)
{
	const struct cache_pointer *pointer = conversion->pointer;
	const struct cache_pointer_use *creation = NULL;
	const struct api_conversion *form;
	const char *spelled;

	for (size_t i = 0; i < pointer->use_count; i++) {
		const struct cache_pointer_use *use = &pointer->uses[i];

		if (use->kind != POINTER_ASSIGNED || use->assigns_null)
			continue;
		if (creation)
			return refuse(conversion, REFUSAL_ASSIGNED_TWICE, use);
		creation = use;
	}
	if (!creation)
		return refuse(conversion, REFUSAL_NEVER_CREATED, NULL);
	spelled = creation_spelling(creation);
	form = spelled ? api_lookup_conversion(spelled, creation->callee) :
			 NULL;
	if (!form)
		return refuse(conversion, REFUSAL_NOT_A_CREATION, creation);
	if (!on_init_path(facts, creation))
		return refuse(conversion, REFUSAL_OUTSIDE_INIT, creation);
	conversion->use = creation;
	conversion->creation = form->creation;
	conversion->setup = form->setup;
	conversion->form = form;
	return CONVERSION_ACCEPTED;
}

/*
 * A NULL test that conversion keeps right: the check of the creation, in
 * the function that creates it, or one in module exit when module init
 * creates it (exit runs only after init returned 0).
 */
static bool null_test_allowed(const struct translation_unit *tu,
			      const struct cache_pointer_use *creation,
			      const struct cache_pointer_use *test)
{
	if (!test->function)
		return false;
	if (strcmp(test->function, creation->function) == 0)
		return true;
	return is_function(tu, tu->module_exit, test->function) &&
	       is_function(tu, tu->module_init, creation->function);
}

static enum conversion_refusal decide_uses(const struct translation_unit *tu,
					   struct conversion *conversion)
{
	const struct cache_pointer *pointer = conversion->pointer;

	for (size_t i = 0; i < pointer->use_count; i++) {
		const struct cache_pointer_use *use = &pointer->uses[i];

		switch (use->kind) {
		case POINTER_ASSIGNED:
		case POINTER_PASSED:
		case POINTER_RETURNED:
			break;
		case POINTER_TESTED:
			if (!null_test_allowed(tu, conversion->use, use))
				return refuse(conversion, REFUSAL_NULL_TESTED,
					      use);
			break;
		case POINTER_ADDRESS_TAKEN:
			return refuse(conversion, REFUSAL_ADDRESS_TAKEN, use);
		case POINTER_STORED:
			return refuse(conversion, REFUSAL_STORED, use);
		case POINTER_COMPARED:
			return refuse(conversion, REFUSAL_COMPARED, use);
		case POINTER_OTHER:
		default:
			return refuse(conversion, REFUSAL_OTHER_USE, use);
		}
	}
	return CONVERSION_ACCEPTED;
}

static void decide(const struct unit_facts *facts,
		   struct conversion *conversion)
{
	const struct cache_pointer *pointer = conversion->pointer;

	conversion->drops_ro_after_init =
		pointer->section &&
		strcmp(pointer->section, API_RO_AFTER_INIT_SECTION) == 0;
	if (pointer->is_array) {
		refuse(conversion, REFUSAL_ARRAY, NULL);
		return;
	}
	if (pointer->external && !facts->globals) {
		refuse(conversion, REFUSAL_EXTERNAL, NULL);
		snprintf(conversion->detail, sizeof(conversion->detail),
			 "only this file was read");
		return;
	}
	conversion->global = pointer->external;
	if (pointer->has_initializer) {
		refuse(conversion, REFUSAL_INITIALIZED, NULL);
		return;
	}
	/* Uses that rule a conversion out whatever the creation, first. */
	for (size_t i = 0; i < pointer->use_count; i++)
		if (pointer->uses[i].kind == POINTER_ADDRESS_TAKEN) {
			refuse(conversion, REFUSAL_ADDRESS_TAKEN,
			       &pointer->uses[i]);
			return;
		}
	if (decide_creation(facts, conversion) != CONVERSION_ACCEPTED)
		return;
	if (decide_uses(facts->tu, conversion) != CONVERSION_ACCEPTED) {
		conversion->creation = NULL;
		conversion->setup = NULL;
		conversion->form = NULL;
	}
}

void convert_withdraw(struct conversion *conversion,
		      enum conversion_refusal refusal,
		      const struct cache_pointer_use *use)
{
	refuse(conversion, refusal, use);
	conversion->creation = NULL;
	conversion->setup = NULL;
	conversion->form = NULL;
	conversion->instance[0] = '\0';
}

/* Before: earlier in the file (the table reads top to bottom). */
static bool comes_before(const struct conversion *left,
			 const struct conversion *right)
{
	const struct source_location *a = &left->pointer->location;
	const struct source_location *b = &right->pointer->location;
	int files = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	return files < 0 || (files == 0 && a->line < b->line);
}

static size_t decide_unit(const struct translation_unit *tu, bool globals,
			  struct conversion *conversions)
{
	struct unit_facts facts = { .tu = tu, .globals = globals };
	size_t count = 0;

	find_init_only(&facts);
	for (size_t i = 0; i < tu->cache_pointer_count; i++) {
		const struct cache_pointer *pointer = &tu->cache_pointers[i];
		struct conversion *conversion = &conversions[count];

		/* The file that defines it decides. */
		if (!pointer->defined)
			continue;
		memset(conversion, 0, sizeof(*conversion));
		conversion->pointer = pointer;
		decide(&facts, conversion);
		count++;
	}
	free(facts.init_only);
	/* Insertion sort, stable: a unit has a handful of caches. */
	for (size_t i = 1; i < count; i++) {
		struct conversion moved = conversions[i];
		size_t j = i;

		for (; j > 0 && comes_before(&moved, &conversions[j - 1]); j--)
			conversions[j] = conversions[j - 1];
		conversions[j] = moved;
	}
	return count;
}

static void print_reason(const struct conversion *conversion, FILE *stream)
{
	const char *text = refusal_texts[conversion->refusal];

	if (strstr(text, "%s") && conversion->detail[0])
		fprintf(stream, text, conversion->detail);
	else if (strstr(text, "%s"))
		/* Each text has one "%s", for the function of the use. */
		fprintf(stream, text,
			conversion->use ? function_of(conversion->use) : "?");
	else
		fputs(text, stream);
}

void convert_describe(const struct conversion *conversion, FILE *stream)
{
	if (conversion->refusal == CONVERSION_ACCEPTED) {
		fprintf(stream, "converted: %s() becomes %s()",
			conversion->creation, conversion->setup);
		if (conversion->drops_ro_after_init)
			fputs(", __ro_after_init dropped", stream);
	} else {
		fprintf(stream, "refused (%s): ",
			conversion_refusal_names[conversion->refusal]);
		print_reason(conversion, stream);
	}
}

void convert_print_table(const struct conversion *conversions, size_t count,
			 FILE *stream)
{
	for (size_t i = 0; i < count; i++) {
		const struct cache_pointer *pointer = conversions[i].pointer;

		fprintf(stream, "%s:%u: %s: ", pointer->location.file,
			pointer->location.line, pointer->name);
		convert_describe(&conversions[i], stream);
		fputc('\n', stream);
	}
}

size_t convert_decide(const struct translation_unit *tu,
		      struct conversion *conversions)
{
	return decide_unit(tu, false, conversions);
}

size_t convert_decide_globals(const struct translation_unit *tu,
			      struct conversion *conversions)
{
	return decide_unit(tu, true, conversions);
}
