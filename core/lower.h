/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers of the lowering that other parts of the core share. */
#ifndef SLABCHECK_LOWER_H
#define SLABCHECK_LOWER_H

#include "model.h"

/* An operand as a value the engine follows: an id, a constant, or unknown. */
struct value lower_value(struct operand operand);

#endif
