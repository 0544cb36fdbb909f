/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The setup's arguments for a creation whose own are not the setup's
 * (api_conversion_arguments in api.h): (name, size, &args, flags) becomes
 * name, size, flags and the fields of args' initializer, which goes;
 * (name, size, NULL, flags) name, size, flags; kmem_cache_create_rcu()'s
 * (name, size, offset, flags) name, size, flags with the RCU flag, and
 * the free pointer's fields.  As the series writes __KMEM_CACHE_SETUP():
 * the flags and each field on a line of their own.
 */
#ifndef SLABCHECK_SETUP_ARGUMENTS_H
#define SLABCHECK_SETUP_ARGUMENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "patch.h"
#include "unified_diff.h"

struct setup_call {
	size_t close;	 /* the creation's ')' */
	char *arguments; /* what follows "SETUP(NAME, ", its ')' included */
};

/*
 * For the creation whose '(' is at 'open', its continuation lines to
 * start at 'column'; the removal of args' declaration goes into 'edits'.
 * False when the arguments are not in a shape it rewrites.
 */
bool setup_arguments_compose(const struct convert_source *source,
			     const struct conversion *conversion, size_t open,
			     size_t column, struct setup_call *call,
			     struct text_edits *edits);

#endif
