// SPDX-License-Identifier: GPL-2.0
/*
 * The followed macros each macro reaches, read from the macro bodies while
 * sparse still has them.  A superset of what one expansion wrote: a macro
 * that may expand to a followed one counts as one that did.
 *
 * A kernel unit defines some 20000 macros and reaches a followed one from
 * a few: what a macro reaches hangs off its symbol (the backend's 'aux',
 * which nothing else uses for a macro), and followed macros are known by
 * their interned identifiers, so reading all of them costs a pass over
 * their tokens and no string work.
 */
#include "macros.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "translate_internal.h"

struct reach {
	char **names; /* copies */
	size_t count;
	struct reach *next; /* every reach allocated, to free them */
};

static struct symbol_list *defined;
/* What most macros reach: nothing followed; shared, never freed. */
static struct reach nothing;
static struct reach *allocated;
/* The identifiers of the followed macros, interned once. */
static struct ident *followed[8];
static size_t followed_count;
static bool followed_known;
/* The core's followed macros whose body is one number (macro_number()). */
static struct {
	const char *name;
	char *spelling;
} numbers[8];
static size_t number_count;

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

static void know_followed(void)
{
	const char *name;

	if (followed_known)
		return;
	followed_known = true;
	for (size_t i = 0; (name = model_macro_followed_at(i)); i++) {
		CHECK(followed_count < sizeof(followed) / sizeof(followed[0]));
		followed[followed_count++] = built_in_ident(name);
	}
}

static bool is_followed(const struct ident *ident)
{
	for (size_t i = 0; i < followed_count; i++)
		if (followed[i] == ident)
			return true;
	return false;
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

	if (macro->aux)
		return macro->aux;
	/* Until read: a cycle back to it reaches nothing more. */
	macro->aux = &nothing;
	if (is_followed(macro->ident))
		add_name(&found_reach, ident_name(macro->ident));
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
	reach->next = allocated;
	allocated = reach;
	macro->aux = reach;
	return reach;
}

const char *macro_number(const char *name)
{
	for (size_t i = 0; i < number_count; i++)
		if (!strcmp(numbers[i].name, name))
			return numbers[i].spelling;
	return NULL;
}

/* The end of a macro's body: sparse closes each with an untaint marker. */
static bool body_ends(struct token *token)
{
	while (!eof_token(token) && token_type(token) == TOKEN_UNTAINT)
		token = token->next;
	return eof_token(token);
}

/* model_followed_macros whose body is one number, while sparse has it. */
static void read_numbers(void)
{
	for (int i = 0; model_followed_macros[i]; i++) {
		struct symbol *macro = macro_named(model_followed_macros[i]);
		struct token *body = macro ? macro->expansion : NULL;

		if (!body || macro->arglist || eof_token(body) ||
		    token_type(body) != TOKEN_NUMBER ||
		    !body_ends(body->next) ||
		    macro_number(model_followed_macros[i]))
			continue;
		CHECK(number_count < sizeof(numbers) / sizeof(numbers[0]));
		numbers[number_count].name = model_followed_macros[i];
		numbers[number_count].spelling = strdup(body->number);
		CHECK(numbers[number_count].spelling != NULL);
		number_count++;
	}
}

void macros_read_bodies(void)
{
	struct symbol *macro;

	know_followed();
	FOR_EACH_PTR(defined, macro) {
		if (macro->namespace == NS_MACRO &&
		    macro_of(macro->ident) == macro)
			read_macro(macro);
	}
	END_FOR_EACH_PTR(macro);
	free_ptr_list(&defined);
	read_numbers();
}

size_t macros_reached(const char *name, const char *const **names)
{
	struct symbol *macro = macro_named(name);
	struct reach *reach = macro ? macro->aux : NULL;

	if (!reach)
		return 0;
	*names = (const char *const *)reach->names;
	return reach->count;
}

void macros_release(void)
{
	for (size_t i = 0; i < number_count; i++)
		free(numbers[i].spelling);
	number_count = 0;
	while (allocated) {
		struct reach *next = allocated->next;

		for (size_t n = 0; n < allocated->count; n++)
			free(allocated->names[n]);
		free(allocated->names);
		free(allocated);
		allocated = next;
	}
	free_ptr_list(&defined);
}
