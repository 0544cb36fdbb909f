/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file's text with edits made at byte offsets, written out as the
 * unified diff `git apply` and `patch -p1` take.  The edits are what
 * `slabcheck convert` decided; this only turns them into a diff, so that
 * the text around them (macros, comments, layout) stays as it was.
 */
#ifndef SLABCHECK_UNIFIED_DIFF_H
#define SLABCHECK_UNIFIED_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Replace [begin, end) of the old text with 'replacement'. */
struct text_edit {
	size_t begin;
	size_t end;
	char *replacement; /* owned */
};

struct text_edits {
	struct text_edit *edits;
	size_t count;
	size_t capacity;
};

void text_edits_add(struct text_edits *edits, size_t begin, size_t end,
		    const char *replacement);
/* Whether [begin, end) overlaps an edit already made. */
bool text_edits_overlap(const struct text_edits *edits, size_t begin,
			size_t end);
/* Drops the edits from index 'count' on (a withdrawn conversion's). */
void text_edits_truncate(struct text_edits *edits, size_t count);
void text_edits_release(struct text_edits *edits);

/*
 * The text with the edits made (sorted first, as the diff's are): what
 * `git apply` of the diff would give.  Freed by the caller.
 */
char *text_edits_apply(const char *text, size_t length,
		       struct text_edits *edits);

/*
 * Writes "--- a/PATH", "+++ b/PATH" and the hunks, three lines of context
 * each; nothing when there is no edit.
 */
void unified_diff_write(const char *text, size_t length,
			struct text_edits *edits, const char *path,
			FILE *stream);

#endif
