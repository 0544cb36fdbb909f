// SPDX-License-Identifier: GPL-2.0
/* The description of pointers to dynamic caches (cache_pointer.h). */
#include <string.h>

#include "api.h"
#include "model.h"

const char *const cache_pointer_use_names[POINTER_USE_KIND_COUNT] = {
	[POINTER_ASSIGNED] = "assigned",
	[POINTER_PASSED] = "passed",
	[POINTER_TESTED] = "tested",
	[POINTER_COMPARED] = "compared",
	[POINTER_STORED] = "stored",
	[POINTER_RETURNED] = "returned",
	[POINTER_ADDRESS_TAKEN] = "address-taken",
	[POINTER_OTHER] = "other",
};

static const char *copy_or_null(struct translation_unit *tu, const char *text)
{
	return text ? tu_string(tu, text) : NULL;
}

int tu_add_cache_pointer(struct translation_unit *tu,
			 const struct cache_pointer *pointer)
{
	struct cache_pointer *copy;

	tu->cache_pointers = tu_reserve(
		tu, tu->cache_pointers, tu->cache_pointer_count,
		&tu->cache_pointer_capacity, sizeof(*tu->cache_pointers));
	copy = &tu->cache_pointers[tu->cache_pointer_count];
	*copy = *pointer;
	copy->name = tu_string(tu, pointer->name);
	copy->location.file = copy_or_null(tu, pointer->location.file);
	copy->header_declaration.file =
		copy_or_null(tu, pointer->header_declaration.file);
	copy->section = copy_or_null(tu, pointer->section);
	copy->uses = NULL;
	copy->use_count = 0;
	copy->use_capacity = 0;
	return (int)tu->cache_pointer_count++;
}

void tu_add_cache_pointer_use(struct translation_unit *tu, int pointer,
			      const struct cache_pointer_use *use)
{
	struct cache_pointer *owner = &tu->cache_pointers[pointer];
	struct cache_pointer_use *copy;

	owner->uses = tu_reserve(tu, owner->uses, owner->use_count,
				 &owner->use_capacity, sizeof(*owner->uses));
	copy = &owner->uses[owner->use_count++];
	*copy = *use;
	copy->function = copy_or_null(tu, use->function);
	copy->function_section = copy_or_null(tu, use->function_section);
	copy->location.file = copy_or_null(tu, use->location.file);
	copy->callee = copy_or_null(tu, use->callee);
	if (use->macro_count) {
		copy->macros = tu_strings(tu, use->macro_count);
		for (size_t i = 0; i < use->macro_count; i++)
			copy->macros[i] = tu_string(tu, use->macros[i]);
	}
}

int tu_add_convert_function(struct translation_unit *tu,
			    const struct convert_function *function)
{
	struct convert_function *copy;

	tu->convert_functions = tu_reserve(
		tu, tu->convert_functions, tu->convert_function_count,
		&tu->convert_function_capacity, sizeof(*tu->convert_functions));
	copy = &tu->convert_functions[tu->convert_function_count];
	*copy = *function;
	copy->name = tu_string(tu, function->name);
	copy->section = copy_or_null(tu, function->section);
	copy->callees = NULL;
	copy->callee_count = 0;
	copy->callee_capacity = 0;
	return (int)tu->convert_function_count++;
}

void tu_add_convert_callee(struct translation_unit *tu, int function,
			   const char *callee)
{
	struct convert_function *caller = &tu->convert_functions[function];

	caller->callees =
		tu_reserve(tu, caller->callees, caller->callee_count,
			   &caller->callee_capacity, sizeof(*caller->callees));
	caller->callees[caller->callee_count++] = tu_string(tu, callee);
}

int tu_find_cache_pointer(const struct translation_unit *tu, const char *name)
{
	for (size_t i = 0; i < tu->cache_pointer_count; i++)
		if (strcmp(tu->cache_pointers[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *const cache_pointer_pointee_tag = API_CACHE_TAG;
const char *const cache_pointer_args_tag = API_ARGS_TAG;
