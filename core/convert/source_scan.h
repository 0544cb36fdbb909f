/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a unit's main file around the spans a front-end described, for
 * the patch `slabcheck convert` writes: blanks, identifiers, lines,
 * columns (tabs every TAB_WIDTH), and text that reads as expected once
 * blanks are left out.
 */
#ifndef SLABCHECK_SOURCE_SCAN_H
#define SLABCHECK_SOURCE_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "patch.h"

#define TAB_WIDTH 8

bool is_blank(char c);
bool is_identifier_char(char c);
size_t skip_blanks(const struct convert_source *source, size_t at);
/* Whether [begin, end) reads 'expected' once blanks are left out. */
bool reads(const struct convert_source *source, size_t begin, size_t end,
	   const char *expected);
/* Whether the span's text, blanks left out, begins with 'prefix'. */
bool reads_prefix(const struct convert_source *source,
		  const struct source_span *span, const char *prefix);
bool span_reads(const struct convert_source *source,
		const struct source_span *span, const char *expected);
/* The ';' after a statement whose last token ends at 'end'; SIZE_MAX: none. */
size_t semicolon_after(const struct convert_source *source, size_t end);
size_t line_start(const struct convert_source *source, size_t at);
/* Where the line of 'at' ends: its '\n', or the end of the text. */
size_t line_end(const struct convert_source *source, size_t at);
bool only_blanks(const struct convert_source *source, size_t begin, size_t end);
/* The column 'at' is shown in. */
size_t column_of(const struct convert_source *source, size_t at);
/* Tabs, then spaces, to 'width' columns (kernel style); the caller frees. */
char *indentation(size_t width);
/*
 * A file from the current directory when under it ("./" left out; a path
 * through a symbolic link compared as the link resolves), else as it is.
 */
const char *convert_relative_path(const char *path, char *buffer, size_t size);
/*
 * A file as the patch names it: convert_relative_path(), without the
 * leading '/' of a file elsewhere (as `git apply` takes it from the root).
 */
const char *convert_shown_path(const char *path, char *buffer, size_t size);
/* A formatted string the caller frees. */
char *text_format(const char *format, ...)
	__attribute__((format(printf, 1, 2)));

#endif
