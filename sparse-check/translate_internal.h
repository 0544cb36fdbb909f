/* SPDX-License-Identifier: GPL-2.0 */
/* What translate.c (the unit) and translate_body.c (bodies) share. */
#ifndef SLABCHECK_SPARSE_TRANSLATE_INTERNAL_H
#define SLABCHECK_SPARSE_TRANSLATE_INTERNAL_H

#include "sparse-compat.h"

#include "pointer_map.h"

/*
 * Where a function's own code lies: from its name to the next function
 * defined in the same file.  Sparse inlines static inline functions into
 * their callers; what it inlined keeps the positions of the inlined
 * function, so an instruction outside its function's range came from an
 * inlined body (the OP_INLINED_CALL marker stands for it), and every token
 * of a macro expansion sits at the macro's name, inside the range.
 */
struct code_range {
	int stream;
	unsigned int line, column;	   /* first position */
	unsigned int end_line, end_column; /* first position after */
};

struct unit_translation {
	struct translation_unit *tu;
	struct pointer_map objects; /* symbol -> object index */
	/* Variables whose functions are described (body_tables.c). */
	struct pointer_map tables;
	struct symbol_list *symbols; /* the unit's, for their initializers */
};

extern struct unit_translation *unit;

/* What parse_hooks.c kept while sparse parsed the file. */
struct symbol_list *parsed_followed_symbols(void);
struct symbol_list *parsed_functions(void);
const char *parsed_section(struct symbol *sym);
void describe_aliases(struct translation_unit *tu);
void parse_hooks_release(void);

/* An identifier's name in 'buffer' (show_ident() formats it with printf). */
const char *ident_text(const struct ident *ident, char *buffer, size_t size);
/* An identifier's name, kept until the unit ends (for names we keep). */
const char *ident_name(const struct ident *ident);
/* Sparse's type of a symbol or node, without SYM_NODE wrappers. */
struct symbol *base_type_of(struct symbol *sym);
/* A struct or union type's tag, or NULL. */
const char *tag_of(struct symbol *type);
/* The tag of a type the core follows (arrays of it too), or NULL. */
const char *followed_tag(struct symbol *type);
/* The member of a struct at a byte offset, of that byte size (0: any). */
struct symbol *member_at(struct symbol *type, unsigned long offset,
			 unsigned long size);

/* A position as the core places it: byte column, name of a call. */
struct source_location unit_location(struct position pos, bool call);
/* The macro whose expansion wrote this position, if any, as the only one. */
void describe_macros(struct model_instruction *insn_model, struct position pos);
bool in_range(const struct code_range *range, struct position pos);

/*
 * Whether a position is a function's own code: its range, or the body of a
 * function sparse inlined there that the core does not want as a call
 * (model_call_followed()), which GCC's front-end would see as a call into
 * a body of the unit.
 */
bool own_code(const struct code_range *range, struct position pos);
/*
 * Whether two positions lie in the definition of one function of the unit
 * (or both outside every one): an inlined helper's code is not its
 * caller's.
 */
bool same_function(struct position a, struct position b);
/* An inlined call the core wants as a call, in the function's own code. */
bool followed_marker(const struct code_range *range, struct instruction *insn);

/* The range of a function the file defines, or NULL. */
const struct code_range *function_range(struct symbol *sym);
/*
 * Whether an instruction is the function's own code (not that of a body
 * sparse inlined into it), and where the core must place it.
 */
bool callers_code(const struct code_range *range, struct instruction *insn,
		  struct position *at);
void markers_release(void);
/*
 * The results of the calls of a function that the core wants as calls,
 * before its body is described (callers_code() asks).
 */
void find_api_results(struct entrypoint *ep, const struct code_range *range);
/* Which calls of a function are another call's arguments, as they are. */
void find_enclosing(struct entrypoint *ep, const struct code_range *range);
/* Where the core places a call: that of the call whose argument it is. */
struct position call_place(struct instruction *call);

/* The unit's object for a variable, described on first use. */
int object_of(struct symbol *sym);
bool is_string_symbol(struct symbol *sym);

/* What the core needs to choose bodies: callees, followed types. */
void describe_callees(struct translation_unit *tu, struct function_model *model,
		      struct entrypoint *ep, const struct code_range *range);

/* Describes the body of the unit's function 'index'. */
void translate_body(struct translation_unit *tu, int index,
		    struct entrypoint *ep, const struct code_range *range);

#endif
