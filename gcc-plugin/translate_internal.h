/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the GCC front-end share: translate.cc (the unit),
 * translate_body.cc (a function's statements), translate_operands.cc (its
 * values and operands), translate_table.cc (tables of functions).
 */
#ifndef SLABCHECK_GCC_TRANSLATE_INTERNAL_H
#define SLABCHECK_GCC_TRANSLATE_INTERNAL_H

#include <map>
#include <string>
#include <vector>

extern "C" {
#include "model.h"
}

const char *identifier(tree node);
const char *tag_name(tree type);
static inline tree strip_arrays(tree type)
{
	while (type && TREE_CODE(type) == ARRAY_TYPE)
		type = TREE_TYPE(type);
	return type;
}
/* The tag of a type the core follows, or NULL. */
const char *followed_tag(tree type);
unsigned long constant_size(tree size);

struct source_location unit_location(struct translation_unit *tu,
				     location_t location);
/* The macros whose expansions wrote this location, innermost first. */
void describe_macros(struct translation_unit *tu,
		     struct model_instruction *instruction,
		     location_t location);

/* The unit's object for a declaration, described on first use. */
int object_of(tree decl);
/* The storage an address points to: a declaration, maybe an element. */
tree address_base(tree address, long *element);

/* Per-function translation state. */
struct function_translation {
	struct translation_unit *tu;
	struct function *fun;
	struct function_model *model;
	std::map<tree, int> values; /* SSA root -> value id */
	struct block *block;
	int segment; /* the index of 'block': a GCC block may be several */
	/* The GCC block each block the model adds is part of, or -1. */
	std::vector<int> owners;
};

/* translate_operands.cc */
/* Follows copies and conversions back to the value they copy. */
tree root_of(tree value);
/* Integers and pointers: the values the core follows. */
bool followed_value_type(tree type);
/* The value id of an SSA root, numbered on first sight. */
int number_value(function_translation *ft, tree root);
/* The struct a pointer type points to, as "struct foo", and its size. */
bool pointee(tree pointer_type, unsigned long *size, std::string *name);
struct operand operand_of(function_translation *ft, tree operand);
/* An operand, with the struct its type points to when it is one. */
struct operand typed_operand_of(function_translation *ft, tree operand);
/* An operand as a phi input or returned value. */
struct value value_of(function_translation *ft, tree operand);
/* A new instruction in the current block, at the statement's location. */
struct model_instruction *add_instruction(function_translation *ft,
					  gimple *stmt,
					  enum instruction_kind kind);
/* The instruction defines lhs, when lhs is a value of its own. */
void set_result(function_translation *ft, struct model_instruction *instruction,
		tree lhs);

/* translate_branch.cc */
/*
 * Describes the block's GIMPLE_COND as the tests GCC merged into it, in
 * blocks of the model's own; false when GCC merged none.
 */
bool translate_merged_cond(function_translation *ft, basic_block bb,
			   gcond *stmt);
/*
 * MIN_EXPR and MAX_EXPR, which GCC's front-end makes of `a < b ? a : b`
 * at every level: a branch and a phi, the statements after it in a block
 * of their own; false for any other statement.
 */
bool translate_min_max(function_translation *ft, gimple *stmt);
/* The GCC block a block of the model is part of. */
int block_owner(const function_translation *ft, int block);

/* translate_table.cc */
/*
 * A load of a function pointer out of an element or a member of a
 * variable, as an INSN_LOAD; NULL when the statement is not one.
 */
struct model_instruction *describe_table_load(function_translation *ft,
					      gimple *stmt);
/* The functions of the table an indirect call loads its pointer from. */
void describe_table_callees(struct translation_unit *tu,
			    struct function_model *model, gcall *stmt);

/* Describes the body of the unit's function 'index'. */
void translate_body(struct translation_unit *tu, int index,
		    struct function *fun);

#endif
