/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files that describe one function's body share: its translation
 * state, operands and values (body_values.c), instructions
 * (body_instructions.c), control flow (translate_body.c).
 */
#ifndef SLABCHECK_SPARSE_BODY_INTERNAL_H
#define SLABCHECK_SPARSE_BODY_INTERNAL_H

#include "translate_internal.h"

struct function_translation {
	struct translation_unit *tu;
	struct function_model *model;
	struct entrypoint *ep;
	const struct code_range *range;
	struct pointer_map values; /* pseudo -> value id */
	/*
	 * basic block -> index of its first model block; a select the
	 * translation spells out as a branch and a phi (OP_SEL) adds three
	 * more, so exits holds the index of the block's last one.
	 */
	struct pointer_map blocks;
	struct pointer_map exits;
	/* The sparse block each model block comes from. */
	struct basic_block **owners;
	/* Results of inlined calls the markers define: pseudo -> marker. */
	struct pointer_map claimed;
	/*
	 * Inlined calls that return their argument as it is (PTR_ERR(): a
	 * cast), whose marker sparse's optimizer leaves with that argument
	 * as its result: marker -> the value the call is described with.
	 * The caller's code after the marker, in its block, reads that
	 * value where it reads the argument.
	 */
	struct pointer_map identity_calls;
	/* The instruction being described, which reads the operands. */
	struct instruction *reader;
	struct block *block;
	struct position at; /* where the instruction being described is */
};

bool live(const struct instruction *insn);
bool scalar_type(struct symbol *type);
bool scalar_result(const struct instruction *insn);
/* Whether the translation describes this instruction with its result. */
bool described(const struct function_translation *ft, struct instruction *insn);
/* A read-only integer variable with a constant initializer is that constant. */
bool constant_variable(struct symbol *sym, long long *constant);
/* The variable an address names directly (sym, or symaddr of sym). */
struct symbol *address_symbol(pseudo_t address);
/* A variable with static storage: a global, or a static local. */
bool static_storage(struct symbol *sym);
/*
 * The array with static storage whose element an address at 'offset'
 * points into, `&done[i]`, and the index that picks it; or NULL.
 */
struct symbol *static_element(pseudo_t address, long offset, pseudo_t *index);
int number_value(struct function_translation *ft, pseudo_t pseudo);
/* The type of a value: its definition's, or its parameter's. */
struct symbol *pseudo_type(struct function_translation *ft, pseudo_t pseudo);
/* The struct or union a pointer type points to, complete, and its name. */
bool pointee(struct symbol *pointer_type, unsigned long *size,
	     const char **name);
struct operand operand_of(struct function_translation *ft, pseudo_t pseudo,
			  int depth);
/* Whether the marker's result is one of its arguments, as it was passed. */
bool identity_marker(struct instruction *marker);
/* An operand whose constant is read as a value of that type. */
struct operand operand_as(struct function_translation *ft, pseudo_t pseudo,
			  struct symbol *type);
/* An operand, with the struct its type points to when it is one. */
struct operand typed_operand(struct function_translation *ft, pseudo_t pseudo,
			     struct symbol *type);
struct value value_of(struct function_translation *ft, pseudo_t pseudo,
		      struct symbol *type);
/* A new instruction of the current block, placed at ft->at. */
struct model_instruction *describe_instruction(struct function_translation *ft,
					       struct instruction *insn,
					       enum instruction_kind kind,
					       bool call);
/*
 * Whether code other than 'except' uses a call's result: GCC's front-end
 * gives a call whose result is thrown away none.
 */
bool result_used(struct function_translation *ft, pseudo_t result,
		 struct instruction *except);
void set_result(struct function_translation *ft,
		struct model_instruction *described_insn, pseudo_t target);

/*
 * Sparse's optimizer works across inlined bodies: a test of the caller may
 * end up on a value of the body.  These find the inlined call's result
 * that value stands for: the select whose condition it is, the compare on
 * the same operands.
 */
struct instruction *inlined_select(struct function_translation *ft,
				   pseudo_t value);
struct instruction *inlined_compare(struct function_translation *ft,
				    struct instruction *insn);

/*
 * body_tables.c: a load of a function pointer out of a table of functions
 * (false when the load is none), and the functions a call through one may
 * reach, for the core's choice of bodies.
 */
bool translate_table_load(struct function_translation *ft,
			  struct instruction *insn);
void describe_table_callees(struct translation_unit *tu,
			    struct function_model *model,
			    struct instruction *call);

/*
 * body_uses.c: an INSN_USE of the values the instruction reads that its
 * description (the block's instructions from 'first' on) does not name.
 */
void describe_other_uses(struct function_translation *ft,
			 struct instruction *insn, size_t first);

/* One instruction of the function's own code. */
void translate_instruction(struct function_translation *ft,
			   struct instruction *insn);

/*
 * body_returns.c: a block's return, placed at the return statement; where
 * a constant the function returns is written ('otherwise' when nowhere).
 */
void translate_return(struct function_translation *ft, struct instruction *ret);
struct source_location returned_at(struct function_translation *ft,
				   struct value value,
				   struct position otherwise);

/* Whether a phi merges the values an inlined body returns. */
bool inlined_return(struct instruction *phi);
/*
 * Whether a phi is the result of an inlined call the core wants as a call
 * (its own returns merged, or whatever value of its body the optimizer left
 * as its result): the call defines it, the phi is not described.
 */
bool call_result_phi(const struct function_translation *ft,
		     struct instruction *phi);

#endif
