/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SSA construction for front-ends whose compiler has none (Clang's AST and
 * CFG): they say "this local is assigned that value" and "what does this
 * local hold here", and get the core's values and phis back.
 *
 * The algorithm is Braun et al., "Simple and Efficient Construction of Static
 * Single Assignment Form" (CC 2013): values are looked up on demand, a block
 * whose predecessors are not all known yet gets incomplete phis that are
 * filled when it is sealed, and a phi that merges only one value is replaced
 * by it.  finish() also removes sets of phis that merge only one value among
 * themselves (section 3.2), which irreducible loops and assignments of the
 * value a local already holds leave behind.  value_unknown() counts as one
 * value: a merge of unknowns is unknown.
 *
 * Usage: size the blocks (function_set_blocks()), then emit them in any
 * order, each block's writes and reads in program order.  Edges may be added
 * until the block they enter is sealed.  seal() a block once all its
 * predecessors are known and emitted: its phis read the values at their
 * ends.  finish() once the function is done.  Block 0 is the entry and has
 * no predecessor.
 */
#ifndef SLABCHECK_SSA_BUILDER_H
#define SLABCHECK_SSA_BUILDER_H

#include "model.h"

struct ssa_builder;

/*
 * Starts the construction of fn's values; fn's blocks are sized already.
 * Phis get new value ids from fn->value_count, interleaved with the
 * front-end's own.
 */
struct ssa_builder *ssa_builder_new(struct translation_unit *tu,
				    struct function_model *fn);

/*
 * 'variable' now holds 'value' in 'block'.  'variable' is a small
 * non-negative number the front-end chooses per local; 'location' is where
 * the source assigns it, and becomes the phi's incoming location when this
 * assignment reaches a merge directly ({ 0 } when there is none).
 */
void ssa_builder_write(struct ssa_builder *builder, int block, int variable,
		       struct value value, struct source_location location);

/*
 * The value 'variable' holds at the end of what was emitted so far of
 * 'block', creating phis as needed.  A variable never written reads as
 * value_unknown().  The value may be a phi finish() later replaces: finish()
 * rewrites it in fn's instructions, conditions, returns and phis, but
 * nowhere else (not in events, parameter_values or the front-end's tables).
 */
struct value ssa_builder_read(struct ssa_builder *builder, int block,
			      int variable);

/* All predecessors of 'block' are known now, and no edge will enter it. */
void ssa_builder_seal(struct ssa_builder *builder, int block);

/*
 * Seals the blocks left, removes the phis that merge only one value, rewrites
 * every use in fn through the replacements (instruction operands, branch
 * conditions, return values, phi incoming values), drops the removed phis
 * from the blocks and frees the builder.
 */
void ssa_builder_finish(struct ssa_builder *builder);

#endif
