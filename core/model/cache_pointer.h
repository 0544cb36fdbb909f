/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a front-end describes for `slabcheck convert`: the variables with
 * static storage that point to a dynamic cache (struct kmem_cache *), and
 * every place the unit names one, by what the code does there.  The
 * front-end only says what it sees; whether a pointer can become a static
 * instance is the core's to decide (core/convert/candidates.c).  Described
 * only when conversion is asked for: a check never pays for it.
 */
#ifndef SLABCHECK_CACHE_POINTER_H
#define SLABCHECK_CACHE_POINTER_H

#include <stdbool.h>
#include <stddef.h>

#include "source_location.h"

struct translation_unit;

/*
 * Where a piece of code is written, as byte offsets [begin, end) into the
 * unit's main file, for the patch `slabcheck convert` writes.  Not known
 * (known false) when the code is not written there as it is: in a header,
 * or made by a macro.
 */
struct source_span {
	bool known;
	unsigned int begin;
	unsigned int end;
};

enum cache_pointer_use_kind {
	/* pointer = value; 'callee' names the function when the value is a
	 * direct call, 'macros' the macros that wrote the value */
	POINTER_ASSIGNED,
	POINTER_PASSED,	  /* its value is an argument of a call to 'callee' */
	POINTER_TESTED,	  /* its value tested against NULL: !p, p == NULL,
			   * if (p) */
	POINTER_COMPARED, /* compared with a value other than NULL */
	POINTER_STORED,	  /* its value stored into other storage, or in
			   * another variable's initializer */
	POINTER_RETURNED,
	POINTER_ADDRESS_TAKEN,
	POINTER_OTHER, /* any other use: arithmetic, ++, a cast to an integer */
	POINTER_USE_KIND_COUNT
};

struct cache_pointer_use {
	enum cache_pointer_use_kind kind;
	/* POINTER_ASSIGNED: the value is a null pointer constant. */
	bool assigns_null;
	/* The function the use is in, and its section ("" for the default
	 * one); NULL at file scope. */
	const char *function;
	const char *function_section;
	struct source_location location;
	const char *callee;
	const char **macros; /* innermost first */
	size_t macro_count;
	/* Where the variable is named. */
	struct source_span site;
	/*
	 * POINTER_ASSIGNED, when the assignment is a statement of its own
	 * in a block: the statement (without its ';'), where the value's
	 * spelling begins, and the two statements after it in the block;
	 * when the next one is an if without else, its condition (inside
	 * the parentheses) and the statement it guards.
	 */
	struct source_span statement;
	struct source_span value;
	struct source_span next_statement;
	struct source_span next_condition;
	struct source_span next_branch;
	struct source_span following_statement;
	/*
	 * POINTER_ASSIGNED by a call with `&local` of a struct
	 * kmem_cache_args among its arguments: the local's declaration (a
	 * statement of its own), its initializer, and how many times the
	 * function names it.
	 */
	struct source_span args_declaration;
	struct source_span args_initializer;
	unsigned int args_references;
};

struct cache_pointer {
	const char *name;
	struct source_location location; /* the definition, or a declaration */
	bool defined;			 /* defined in this unit */
	bool has_initializer;
	bool is_array;
	bool external;	     /* has external linkage: other files can name it */
	const char *section; /* NULL when the default one */
	/* The definition, from its first token to the end of the name. */
	struct source_span declaration;
	struct source_span name_span;
	/*
	 * External: its declarations other than the definition.  Those in
	 * other files (the header's `extern struct kmem_cache *p;`): how
	 * many, and the first, where it is written (file, line) and its
	 * span in bytes of that file, from its first token to the end of
	 * the name (known false when a macro writes it).  And whether the
	 * main file declares it too.
	 */
	unsigned int header_declaration_count;
	struct source_location header_declaration;
	struct source_span header_span;
	bool declared_in_main_file;
	struct cache_pointer_use *uses;
	size_t use_count;
	size_t use_capacity;
};

/*
 * A function of the unit with a body, for the question "does only init
 * code run it": its section, whether other files can call it, whether its
 * address is taken (then anything may call it), and the functions it
 * calls by name.
 */
struct convert_function {
	const char *name;
	const char *section; /* NULL when the default one */
	bool external;
	bool address_taken;
	const char **callees;
	size_t callee_count;
	size_t callee_capacity;
};

/* Returns the function's index; strings are copied. */
int tu_add_convert_function(struct translation_unit *tu,
			    const struct convert_function *function);
void tu_add_convert_callee(struct translation_unit *tu, int function,
			   const char *callee);

/* Both return the index of the pointer; strings are copied. */
int tu_add_cache_pointer(struct translation_unit *tu,
			 const struct cache_pointer *pointer);
void tu_add_cache_pointer_use(struct translation_unit *tu, int pointer,
			      const struct cache_pointer_use *use);
int tu_find_cache_pointer(const struct translation_unit *tu, const char *name);

extern const char *const cache_pointer_use_names[POINTER_USE_KIND_COUNT];
/* The tag of the struct such a pointer points to. */
extern const char *const cache_pointer_pointee_tag;
/* The tag of the struct of arguments a creation may take by address. */
extern const char *const cache_pointer_args_tag;

#endif
