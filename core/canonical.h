/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The canonical shape of a lowered function (core/canonical.c): one shape
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

/* Reduces a lowered function to its canonical shape; see canonical.c. */
void function_canonicalize(struct translation_unit *tu,
			   struct function_model *function);

#endif
