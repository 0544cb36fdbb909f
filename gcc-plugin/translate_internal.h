/* SPDX-License-Identifier: GPL-2.0 */
/* What translate.cc (the unit) and translate_body.cc (bodies) share. */
#ifndef SLABCHECK_GCC_TRANSLATE_INTERNAL_H
#define SLABCHECK_GCC_TRANSLATE_INTERNAL_H

#include <string>

extern "C" {
#include "model.h"
}

const char *identifier(tree node);
const char *tag_name(tree type);
tree strip_arrays(tree type);
/* The tag of a type the core follows, or NULL. */
const char *followed_tag(tree type);
unsigned long constant_size(tree size);

struct source_location unit_location(struct translation_unit *tu,
				     location_t location);
/* The macros whose expansions wrote this location, innermost first. */
void describe_macros(struct translation_unit *tu,
		     struct instruction *instruction, location_t location);

/* The unit's object for a declaration, described on first use. */
int object_of(tree decl);
/* The storage an address points to: a declaration, maybe an element. */
tree address_base(tree address, long *element);

/* Describes the body of the unit's function 'index'. */
void translate_body(struct translation_unit *tu, int index,
		    struct function *fun);

#endif
