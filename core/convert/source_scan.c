// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a unit's main file around the spans a front-end described
 * (source_scan.h), for the patch `slabcheck convert` writes.
 */
#define _GNU_SOURCE /* vasprintf() */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slabcheck.h"
#include "source_scan.h"

bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

bool is_identifier_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

size_t skip_blanks(const struct convert_source *source, size_t at)
{
	while (at < source->length && is_blank(source->text[at]))
		at++;
	return at;
}

/* Whether [begin, end) reads 'expected' once blanks are left out. */
bool reads(const struct convert_source *source, size_t begin, size_t end,
	   const char *expected)
{
	for (size_t at = begin; at < end && at < source->length; at++) {
		if (is_blank(source->text[at]))
			continue;
		if (*expected != source->text[at])
			return false;
		expected++;
	}
	return *expected == '\0';
}

/* Whether the span's text, blanks left out, begins with 'prefix'. */
bool reads_prefix(const struct convert_source *source,
		  const struct source_span *span, const char *prefix)
{
	for (size_t at = span->begin; span->known && at < span->end; at++) {
		if (!*prefix)
			return true;
		if (is_blank(source->text[at]))
			continue;
		if (*prefix != source->text[at])
			return false;
		prefix++;
	}
	return span->known && !*prefix;
}

bool span_reads(const struct convert_source *source,
		const struct source_span *span, const char *expected)
{
	return span->known && reads(source, span->begin, span->end, expected);
}

/* The ';' after a statement whose last token ends at 'end'; SIZE_MAX: none. */
size_t semicolon_after(const struct convert_source *source, size_t end)
{
	size_t at = skip_blanks(source, end);

	return at < source->length && source->text[at] == ';' ? at : SIZE_MAX;
}

size_t line_start(const struct convert_source *source, size_t at)
{
	while (at > 0 && source->text[at - 1] != '\n')
		at--;
	return at;
}

/* Where the line of 'at' ends: its '\n', or the end of the text. */
size_t line_end(const struct convert_source *source, size_t at)
{
	while (at < source->length && source->text[at] != '\n')
		at++;
	return at;
}

bool only_blanks(const struct convert_source *source, size_t begin, size_t end)
{
	for (size_t at = begin; at < end; at++)
		if (!is_blank(source->text[at]))
			return false;
	return true;
}

/* The column 'at' is shown in, tabs every TAB_WIDTH. */
size_t column_of(const struct convert_source *source, size_t at)
{
	size_t column = 0;

	for (size_t i = line_start(source, at); i < at; i++)
		column = source->text[i] == '\t' ?
				 (column / TAB_WIDTH + 1) * TAB_WIDTH :
				 column + 1;
	return column;
}

char *text_format(const char *format, ...)
{
	va_list arguments;
	char *text;

	va_start(arguments, format);
	if (vasprintf(&text, format, arguments) < 0)
		abort();
	va_end(arguments);
	return text;
}

char *indentation(size_t width)
{
	return text_format("%.*s%*s", (int)(width / TAB_WIDTH),
			   "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t",
			   (int)(width % TAB_WIDTH), "");
}

const char *convert_relative_path(const char *path, char *buffer, size_t size)
{
	const char *relative;
	char *resolved;

	while (path[0] == '.' && path[1] == '/')
		path += 2;
	if (path[0] != '/' || !getcwd(buffer, size))
		return path;
	relative = slabcheck_path_below(path, buffer);
	if (relative)
		return relative;
	/*
	 * getcwd() gives the directory without symbolic links; a path
	 * spelled through one (a tree checked out under a link) is compared
	 * as the link resolves, so that the diff still names it from here.
	 */
	resolved = slabcheck_source_path(path, NULL);
	relative = slabcheck_path_below(resolved, buffer);
	if (relative && strlen(relative) < size) {
		memmove(buffer, relative, strlen(relative) + 1);
		path = buffer;
	}
	free(resolved);
	return path;
}

const char *convert_shown_path(const char *path, char *buffer, size_t size)
{
	path = convert_relative_path(path, buffer, size);
	return path[0] == '/' ? path + 1 : path;
}
