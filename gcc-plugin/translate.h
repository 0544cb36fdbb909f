/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLABCHECK_GCC_TRANSLATE_H
#define SLABCHECK_GCC_TRANSLATE_H

#include <string>

extern "C" {
#include "model.h"
}

/* Called while GCC parses: remember what the model will need. */
void record_type(tree type);
void record_decl(tree decl);

/* Builds the model of the unit from every function's GIMPLE. */
void translate_unit(struct translation_unit *tu, bool is_module);

struct source_location gcc_location(location_t location);

#endif
