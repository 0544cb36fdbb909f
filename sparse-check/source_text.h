/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The source text behind sparse's positions.  Sparse counts columns with
 * tabs expanded, and places a call at its '(' and every token of a macro
 * expansion at the outermost macro's name; the core's location contract
 * (core/model/model.h) counts bytes and wants a call at its function's name.
 * These read the lines they are asked about, once per file.
 */
#ifndef SLABCHECK_SPARSE_SOURCE_TEXT_H
#define SLABCHECK_SPARSE_SOURCE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The byte column (from 1) of the character sparse places at display
 * column 'column' of that line; 'column' itself when the file or line
 * cannot be read.
 */
unsigned int source_byte_column(const char *file, unsigned int line,
				unsigned int column, unsigned int tabstop);

/*
 * Where a call through a pointer starts, as GCC places it: the start of
 * `table[i](`, `ops.exit(` or `ops->exit(`, for a '(' at 'column'.
 */
unsigned int source_call_expression(const char *file, unsigned int line,
				    unsigned int column);

/*
 * When a '(' is at that byte column and a name (not a keyword) stands before
 * it, the column of the name's first character; otherwise 'column'.
 */
unsigned int source_call_name(const char *file, unsigned int line,
			      unsigned int column);

/*
 * Whether the code at that byte column is the right side of a plain
 * assignment or initializer (`x = CODE`, `int x = CODE`), with the '='
 * on its line or at the end of the line before.
 */
bool source_assigned(const char *file, unsigned int line, unsigned int column);

/*
 * The identifier that starts at that byte column, copied into 'name' (size
 * 'size'); false when none does.
 */
bool source_identifier(const char *file, unsigned int line, unsigned int column,
		       char *name, size_t size);

/*
 * The assignment on that line around a byte column (a store sparse placed
 * on either side of it): the column of its '=', or with 'value' of the
 * value assigned; 'column' when there is none.
 */
unsigned int source_assignment(const char *file, unsigned int line,
			       unsigned int column, bool value);

/*
 * For the name that starts at that byte column followed by '(' (a macro
 * call written there): each identifier of its arguments, up to the ')'
 * that closes them, passed to 'visit'; strings, character constants and
 * comments are skipped.  Nothing when no '(' follows the name.
 */
void source_call_identifiers(const char *file, unsigned int line,
			     unsigned int column,
			     void (*visit)(const char *name, size_t length,
					   void *context),
			     void *context);

/* Forgets every file read. */
void source_text_release(void);

#endif
