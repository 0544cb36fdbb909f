/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The patch `slabcheck convert` writes for one unit, in the series' shape:
 * the pointer's definition becomes an instance and a macro of the old name
 * for to_kmem_cache(&instance), so that every use stays as it is; the
 * creation becomes the setup, with the same arguments, its NULL test moved
 * onto the setup's result; NULL written back after the destroy goes; the
 * file includes the static-cache header.  Edits are made at the places the
 * front-end described (cache_pointer.h), so the rest of the text stays.
 */
#ifndef SLABCHECK_PATCH_H
#define SLABCHECK_PATCH_H

#include <stdbool.h>
#include <stdio.h>

#include "candidates.h"
#include "unified_diff.h"

/* Whether the unit already uses an identifier (an instance's name). */
typedef bool (*identifier_used_function)(const char *name, void *context);

struct convert_source {
	const char *path; /* the main file, as the diff names it */
	const char *text; /* its text, as the compiler read it */
	size_t length;
	identifier_used_function identifier_used;
	/*
	 * Another file the unit read (a global's header), by the path the
	 * model gives it; NULL when it was not read.
	 */
	const char *(*file_text)(const char *path, size_t *length,
				 void *context);
	void *context;
};

/* A header the patch edits: the externs of the globals it converts. */
struct convert_header_patch {
	char *path; /* owned */
	struct convert_source source;
	struct text_edits edits;
};

/*
 * The edits that convert a unit: each conversion's own, from its
 * first_edit on (edit_count of them), and the include of the static-cache
 * header that all of them need (include_edit; SIZE_MAX when the file has
 * it already or nothing converts).  The indexes hold until the edits are
 * sorted, which writing the diff and text_edits_apply() do.
 */
struct convert_patch {
	struct text_edits edits;
	size_t include_edit;
	struct convert_header_patch *headers;
	size_t header_count;
};

/*
 * Makes the edits of the conversions convert_decide() accepted; one whose
 * code the patch cannot rewrite is withdrawn, with its reason.  Returns
 * how many stay converted.
 */
size_t convert_make_patch(struct conversion *conversions, size_t count,
			  const struct convert_source *source,
			  struct convert_patch *patch);
void convert_patch_release(struct convert_patch *patch);

/*
 * The edits as a unified diff of the unit's file (sorts them), then each
 * header's edits as lines for the run to gather (header_edits.h): two
 * units may edit one header.  'directory' is where the unit was compiled.
 */
void convert_write_diff(const struct convert_source *source,
			struct convert_patch *patch, const char *directory,
			FILE *stream);

#endif
