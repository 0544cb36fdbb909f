/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The edits of the headers, gathered over a whole run.  A global's
 * conversion edits the extern in its header; two units that convert two
 * globals of one header (alpha.c's alpha_cachep and beta.c's beta_cachep,
 * both declared in two.h) each edit that header, and two diffs of the
 * same header, each made against its original text, do not apply one
 * after the other.  So each unit writes its header edits as lines of
 * their own (CONVERT_HEADER_EDIT_MARK, then the header's absolute path,
 * the byte range and the replacement), the run gathers them, and each
 * header's diff is written once, at the end, with all of its edits.
 */
#ifndef SLABCHECK_CONVERT_HEADER_EDITS_H
#define SLABCHECK_CONVERT_HEADER_EDITS_H

#include <stdbool.h>
#include <stdio.h>

#include "patch.h"

#define CONVERT_HEADER_EDIT_MARK "slabcheck-header-edit\t"

/*
 * One line per edit of each header the patch edits; 'directory' is where
 * the unit was compiled, from which a relative header path is read.
 */
void convert_write_header_edits(const struct convert_patch *patch,
				const char *directory, FILE *stream);

bool convert_is_header_edit(const char *line);

/* The run's headers and their edits. */
struct convert_header_edits {
	struct convert_header_patch *headers;
	size_t count;
	/* Edits dropped for overlapping another unit's (they never should). */
	size_t conflicts;
};

/*
 * Adds one line's edit (its newline optional); an edit made already is
 * added once.  Returns false for a line that is not one, or an edit that
 * overlaps another: the caller says so.
 */
bool convert_header_edits_add(struct convert_header_edits *set,
			      const char *line);

/*
 * Each header's diff, by path, against its text as it is on disk; the
 * paths shown as convert_shown_path() shows them.  A header that cannot
 * be read is named on 'errors', after 'program'; returns false then.
 */
bool convert_header_edits_write(struct convert_header_edits *set, FILE *stream,
				const char *program, FILE *errors);

void convert_header_edits_release(struct convert_header_edits *set);

#endif
