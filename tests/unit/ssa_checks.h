/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the SSA builder's tests share: instructions that define and use
 * values the way a front-end's events do, reading the model back, and the
 * check that a finished function is well formed.
 */
#ifndef SLABCHECK_SSA_CHECKS_H
#define SLABCHECK_SSA_CHECKS_H

#include <stdbool.h>
#include <stddef.h>

#include "model_builder.h"
#include "ssa_builder.h"

/* The locals of the tests. */
enum { X, Y };

/* A value the block defines in a way the builder does not care about. */
int define(struct translation_unit *tu, int f, int block);

/* The operand that reads 'value'. */
struct operand operand_of(struct value value);

/* An instruction that uses 'value'; returns its index in the block. */
size_t use(struct translation_unit *tu, int f, int block, struct value value);

/* result = left + 1, the way 'x++' reaches the model. */
int increment(struct translation_unit *tu, int f, int block, struct value left);

/* What the instruction at 'index' of 'block' uses. */
struct operand used(struct translation_unit *tu, int f, int block,
		    size_t index);

/* Ends 'block' with a branch on 'condition'. */
void branch(struct translation_unit *tu, int f, int block,
	    struct value condition, int then, int otherwise);

/* The value, or the operand, is the value id 'id'. */
void assert_value_is(struct value value, int id);

void assert_operand_is(struct operand operand, int id);

/* The one phi of 'block'. */
const struct phi *only_phi(struct translation_unit *tu, int f, int block);

/* The phis of all blocks of function 'f'. */
size_t phi_total(struct translation_unit *tu, int f);

/*
 * What finish() promises: every value used is defined by an instruction or a
 * phi that is still there, and no phi merges fewer than two values.
 */
void assert_well_formed(struct translation_unit *tu, int f);

#endif /* SLABCHECK_SSA_CHECKS_H */
