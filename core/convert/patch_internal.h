/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the patch share (patch.c, patch_declaration.c): the
 * patch being made, and the edits of each part.
 */
#ifndef SLABCHECK_PATCH_INTERNAL_H
#define SLABCHECK_PATCH_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "patch.h"
#include "unified_diff.h"

struct patch {
	const struct convert_source *source;
	struct text_edits edits;
	/* The headers whose externs globals' conversions edit. */
	struct convert_header_patch *headers;
	size_t header_count;
};

static inline void add_edit(struct patch *patch, size_t begin, size_t end,
			    const char *replacement)
{
	text_edits_add(&patch->edits, begin, end, replacement);
}

/*
 * The instance's name, never one the unit uses nor one an earlier
 * conversion took; a global's is the run's, already chosen.  False when
 * every name is taken.
 */
bool choose_instance(const struct patch *patch, struct conversion *conversions,
		     size_t index);

/*
 * The definition becomes the instance: `static struct kmem_cache *NAME;`,
 * on a line of its own, with the macro of the old name after it; a
 * global's `struct kmem_cache *NAME;` without the macro, which its
 * header's extern gets instead (edited here too).  False when the code is
 * not in that shape.
 */
bool rewrite_declaration(struct patch *patch, struct conversion *conversion);

/*
 * A global's `extern struct kmem_cache *NAME;` in its header, on a line of
 * its own, becomes the instance's extern and the macro of the old name
 * (conversion->header, ->header_edit).  True for a pointer that is no
 * global; false when the extern is not in that shape.
 */
bool rewrite_extern(struct patch *patch, struct conversion *conversion);

#endif
