// SPDX-License-Identifier: GPL-2.0
/*
 * What slabcheck-sparse keeps while sparse parses a file, from its own
 * hooks: every symbol parse.c binds (function definitions, followed struct
 * tags and enumerators, macro definitions), and the alias and section
 * attributes sparse parses and throws away.  translate.c describes the
 * unit from them once sparse has linearized it.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "macros.h"
#include "translate.h"
#include "translate_internal.h"

/*
 * Sparse parses __attribute__((alias(...))) and ((section(...))) and throws
 * them away.  module_init() names its function through an alias, and
 * the storage rule needs sections, so the two keywords get a handler that
 * parses them exactly as sparse's own ignore_attribute() does and keeps the
 * string for the symbol bound next (the declarator they belong to).
 */
enum pending_kind { PENDING_NONE, PENDING_ALIAS, PENDING_SECTION };

static enum pending_kind pending;
static char *pending_text;

struct alias {
	char *name, *target;
	struct alias *next;
};

static struct alias *aliases;
/* Sections of symbols, until a unit's translation takes them over. */
static struct pointer_map sections;

static struct token *keep_string(struct token *token, enum pending_kind kind)
{
	struct expression *expr = NULL;

	if (match_op(token, '('))
		token = parens_expression(token, &expr, "in attribute");
	if (expr && expr->type == EXPR_STRING && expr->string) {
		free(pending_text);
		pending_text = strdup(expr->string->data);
		pending = pending_text ? kind : PENDING_NONE;
	}
	return token;
}

static struct token *keep_alias(struct token *token, struct symbol *attr,
				struct decl_state *ctx)
{
	(void)attr;
	(void)ctx;
	return keep_string(token, PENDING_ALIAS);
}

static struct token *keep_section(struct token *token, struct symbol *attr,
				  struct decl_state *ctx)
{
	(void)attr;
	(void)ctx;
	return keep_string(token, PENDING_SECTION);
}

static struct symbol_op alias_op = { .attribute = keep_alias };
static struct symbol_op section_op = { .attribute = keep_section };

/*
 * The identifiers of followed struct tags and enumerators, interned once:
 * parse.c binds some 70000 symbols in a kernel unit, and comparing
 * identifiers costs nothing next to copying and comparing their text.
 */
static struct ident *followed_tags[8], *followed_enumerators[8];

static void intern_names(const char *const *names, struct ident **idents,
			 size_t size)
{
	for (size_t i = 0; names[i]; i++) {
		CHECK(i + 1 < size);
		idents[i] = built_in_ident(names[i]);
	}
}

static bool ident_listed(struct ident *const *idents, const struct ident *ident)
{
	for (size_t i = 0; idents[i]; i++)
		if (idents[i] == ident)
			return true;
	return false;
}

void attributes_install(void)
{
	static const char *const alias_names[] = { "alias", "__alias__" };
	static const char *const section_names[] = { "section", "__section__" };

	intern_names(model_followed_type_tags, followed_tags,
		     sizeof(followed_tags) / sizeof(followed_tags[0]));
	intern_names(model_followed_enumerators, followed_enumerators,
		     sizeof(followed_enumerators) /
			     sizeof(followed_enumerators[0]));

	for (int i = 0; i < 2; i++) {
		struct symbol *alias = lookup_keyword(
			built_in_ident(alias_names[i]), NS_KEYWORD);
		struct symbol *section = lookup_keyword(
			built_in_ident(section_names[i]), NS_KEYWORD);

		if (alias)
			alias->op = &alias_op;
		if (section)
			section->op = &section_op;
	}
}

/*
 * Every function parse.c binds, as it binds it: the file's symbol list
 * holds only those sparse linearizes, and an inline function it always
 * inlined is not one of them, though its body's range is needed.
 */
static struct symbol_list *declared_functions;

/* Followed struct tags and enumerators, as parse.c binds them. */
static struct symbol_list *followed_symbols;

void attributes_bound(struct symbol *sym, struct ident *ident,
		      enum namespace ns)
{
	if (ns == NS_MACRO) {
		macros_defined(sym);
		return;
	}
	if (ns == NS_SYMBOL && sym->ctype.base_type &&
	    base_type_of(sym)->type == SYM_FN)
		add_symbol(&declared_functions, sym);
	/* Enumerators are bound before they are marked as such. */
	if (ident && (ns == NS_STRUCT || ns == NS_SYMBOL) &&
	    ident_listed(ns == NS_STRUCT ? followed_tags : followed_enumerators,
			 ident))
		add_symbol(&followed_symbols, sym);
	if (pending == PENDING_NONE || (ns != NS_SYMBOL && ns != NS_TYPEDEF))
		return;
	if (ns == NS_SYMBOL && ident && pending == PENDING_ALIAS) {
		struct alias *alias = calloc(1, sizeof(*alias));

		CHECK(alias != NULL);
		alias->name = strdup(ident_name(ident));
		alias->target = pending_text;
		pending_text = NULL;
		alias->next = aliases;
		aliases = alias;
	} else if (ns == NS_SYMBOL && pending == PENDING_SECTION) {
		pointer_map_put(&sections, sym, pending_text);
		pending_text = NULL;
	}
	free(pending_text);
	pending_text = NULL;
	pending = PENDING_NONE;
}

struct symbol_list *parsed_followed_symbols(void)
{
	return followed_symbols;
}

struct symbol_list *parsed_functions(void)
{
	return declared_functions;
}

void describe_aliases(struct translation_unit *tu)
{
	for (struct alias *alias = aliases; alias; alias = alias->next)
		tu_describe_alias(tu, alias->name, alias->target);
}

const char *parsed_section(struct symbol *sym)
{
	void *section;

	return pointer_map_get(&sections, sym, &section) ? section : NULL;
}

void parse_hooks_release(void)
{
	while (aliases) {
		struct alias *next = aliases->next;

		free(aliases->name);
		free(aliases->target);
		free(aliases);
		aliases = next;
	}
	for (size_t i = 0; i < sections.capacity; i++)
		if (sections.keys[i])
			free(sections.values[i]);
	pointer_map_release(&sections);
	free_ptr_list(&followed_symbols);
	free_ptr_list(&declared_functions);
}
