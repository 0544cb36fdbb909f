/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SSA construction for front-ends whose compiler has no SSA form (Clang's
 * AST and CFG): they say "this local is assigned this value here" and "what
 * does this local hold here", and get the model's values and phis.  The
 * algorithm is Braun et al., "Simple and Efficient Construction of Static
 * Single Assignment Form" (CC 2013): definitions are looked up block by
 * block, phis are placed on demand and left incomplete in blocks whose
 * predecessors are not all known yet ("unsealed"), and trivial phis (all
 * operands the same value) are removed as soon as they are seen to be.
 *
 * Use: size the function's blocks (function_set_blocks()), then for each
 * block in an order where most predecessors come first: add its edges,
 * ssa_builder_read()/ssa_builder_write() while describing its instructions,
 * and ssa_builder_seal() every block whose predecessors are all added.
 * ssa_builder_finish() seals the rest, adds the phis to the model and
 * rewrites every use of a removed phi.
 */
#ifndef SLABCHECK_SSA_BUILDER_H
#define SLABCHECK_SSA_BUILDER_H

#include "model.h"

struct ssa_builder;

struct ssa_builder *ssa_builder_new(struct translation_unit *tu,
				    struct function_model *function);
/* 'variable' is a small non-negative number the front-end gives a local. */
void ssa_builder_write(struct ssa_builder *builder, int block, int variable,
		       struct value value);
/* What the variable holds at this point of the block; never written: unknown.
 */
struct value ssa_builder_read(struct ssa_builder *builder, int block,
			      int variable);
/* Every predecessor of the block has been added. */
void ssa_builder_seal(struct ssa_builder *builder, int block);
/* Seals the rest, adds the phis, rewrites uses, frees the builder. */
void ssa_builder_finish(struct ssa_builder *builder);

#endif
