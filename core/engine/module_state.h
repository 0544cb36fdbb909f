/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module state (core/engine/module_state.c): which branches test variables that
 * other functions set, and what such a branch does to the caches the walk
 * follows.
 */
#ifndef SLABCHECK_MODULE_STATE_H
#define SLABCHECK_MODULE_STATE_H

#include <stdbool.h>

struct lowering;
struct path_state;
struct walk;

/*
 * Marks each test of the lowered function whose condition reads module
 * state (block->tests_memory).  Runs after every branch is lowered.
 */
void module_state_mark_tests(const struct lowering *lowering);

/*
 * On 'side' of the branch on module state that ends block 'index': forgets
 * the caches only the other side sets up or destroys, and marks what this
 * side runs as guarded.  Returns false when the side need not be walked:
 * a step of a table skipped under its own flag, which another path covers.
 */
bool module_state_take_side(struct walk *walk, struct path_state *state,
			    int index, int side);

#endif
