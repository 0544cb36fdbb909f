// SPDX-License-Identifier: GPL-2.0
/*
 * The followed macros each macro reaches, read from the macro bodies while
 * sparse still has them.  A superset of what one expansion wrote: a macro
 * that may expand to a followed one counts as one that did.
 */
#include "macros.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pointer_map.h"
#include "translate_internal.h"

struct reach {
	char **names; /* copies */
	size_t count;
};

static struct symbol_list *defined;
/* What most macros reach: nothing followed; shared, never freed. */
static struct reach nothing;
static struct pointer_map reaches; /* macro symbol -> struct reach */

void macros_defined(struct symbol *macro)
{
	add_symbol(&defined, macro);
}

static struct symbol *macro_of(struct ident *ident)
{
	for (struct symbol *sym = ident ? ident->symbols : NULL; sym;
	     sym = sym->next_id)
		if (sym->namespace & (NS_MACRO | NS_UNDEF))
			return sym->namespace == NS_MACRO ? sym : NULL;
	return NULL;
}

struct symbol *macro_named(const char *name)
{
	return macro_of(built_in_ident(name));
}

static void add_name(struct reach *reach, const char *name)
{
	for (size_t i = 0; i < reach->count; i++)
		if (!strcmp(reach->names[i], name))
			return;
	reach->names = realloc(reach->names,
			       (reach->count + 1) * sizeof(*reach->names));
	CHECK(reach->names != NULL);
	reach->names[reach->count] = strdup(name);
	CHECK(reach->names[reach->count] != NULL);
	reach->count++;
}

static struct reach *read_macro(struct symbol *macro)
{
	struct reach *reach, found_reach = { 0 };
	char name[256];
	void *found;

	if (pointer_map_get(&reaches, macro, &found))
		return found;
	/* Until read: a cycle back to it reaches nothing more. */
	pointer_map_put(&reaches, macro, &nothing);
	ident_text(macro->ident, name, sizeof(name));
	if (model_macro_followed(name))
		add_name(&found_reach, name);
	for (struct token *token = macro->expansion; token && !eof_token(token);
	     token = token->next) {
		struct symbol *inner;
		struct reach *inner_reach;

		if (token_type(token) != TOKEN_IDENT ||
		    !(inner = macro_of(token->ident)) || inner == macro)
			continue;
		inner_reach = read_macro(inner);
		for (size_t i = 0; i < inner_reach->count; i++)
			add_name(&found_reach, inner_reach->names[i]);
	}
	if (!found_reach.count)
		return &nothing;
	reach = malloc(sizeof(*reach));
	CHECK(reach != NULL);
	*reach = found_reach;
	pointer_map_put(&reaches, macro, reach);
	return reach;
}

void macros_read_bodies(void)
{
	struct symbol *macro;

	FOR_EACH_PTR(defined, macro) {
		if (macro->namespace == NS_MACRO &&
		    macro_of(macro->ident) == macro)
			read_macro(macro);
	}
	END_FOR_EACH_PTR(macro);
	free_ptr_list(&defined);
}

size_t macros_reached(const char *name, const char *const **names)
{
	struct symbol *macro = macro_named(name);
	void *found;

	if (!macro || !pointer_map_get(&reaches, macro, &found))
		return 0;
	*names = (const char *const *)((struct reach *)found)->names;
	return ((struct reach *)found)->count;
}

void macros_release(void)
{
	for (size_t i = 0; i < reaches.capacity; i++) {
		struct reach *reach = reaches.values[i];

		if (!reaches.keys[i] || reach == &nothing)
			continue;
		for (size_t n = 0; n < reach->count; n++)
			free(reach->names[n]);
		free(reach->names);
		free(reach);
	}
	pointer_map_release(&reaches);
	free_ptr_list(&defined);
}
