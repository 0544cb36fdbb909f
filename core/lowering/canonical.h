/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The canonical shape of a lowered function (core/lowering/canonical.c): one shape
 * for the same code whatever compiler the front-end describes.
 */
#ifndef SLABCHECK_CANONICAL_H
#define SLABCHECK_CANONICAL_H

#include <stdbool.h>

#include "model.h"

/*
 * Sets read[v] for each value v an event, phi, test or return of the
 * function reads (read has value_count + 1 elements).
 */
void function_values_read(const struct function_model *function, bool *read);

/*
 * core/lowering/canonical_values.c, for canonical.c: a return of a value the model
 * ignores returns unknown; events that only compute a value nothing reads
 * go; a phi of one value is that value (made_return: the blocks that
 * became returns in canonical.c); true when a phi went.
 */
void canonical_return_ignored_as_unknown(struct function_model *function);
void canonical_drop_unread_values(struct function_model *function);
bool canonical_remove_trivial_phis(struct function_model *function,
				   const bool *made_return);

/* Reduces a lowered function to its canonical shape; see canonical.c. */
void function_canonicalize(struct translation_unit *tu,
			   struct function_model *function);

#endif
