/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLABCHECK_GCC_TRANSLATE_H
#define SLABCHECK_GCC_TRANSLATE_H

#include <string>

extern "C" {
#include "model.h"
}

/* Once, before GCC parses: GCC's identifiers of the names the core follows. */
void translate_init(void);

/* Called while GCC parses: remember what the model will need. */
void record_type(tree type);
void record_decl(tree decl);

/* Describes the unit to the core: declarations, then the bodies it wants. */
void translate_unit(struct translation_unit *tu);

struct source_location gcc_location(location_t location);

#endif
