// SPDX-License-Identifier: GPL-2.0
/*
 * The setup's arguments when they are not the creation's
 * (setup_arguments.h).  The creation's arguments and the initializer's
 * fields are read from the text as written, split at their top-level
 * commas; each becomes one line, its blanks run together.  A comment
 * inside them, a field that is not designated, or one only the setup may
 * write, and the patch leaves the cache alone.
 */
#define _GNU_SOURCE /* open_memstream() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "setup_arguments.h"
#include "source_scan.h"

#define MAX_ITEMS 16

/* The items of a bracketed list: [begin, end) each, and its closing one. */
struct item_list {
	size_t begin[MAX_ITEMS];
	size_t end[MAX_ITEMS];
	size_t count;
	size_t close;
};

/* Past the string or character constant whose quote is at 'at'. */
static size_t skip_literal(const struct convert_source *source, size_t at)
{
	char quote = source->text[at++];

	while (at < source->length && source->text[at] != quote) {
		if (source->text[at] == '\\')
			at++;
		at++;
	}
	return at;
}

/* The list whose opening bracket is at 'open', split at its commas. */
static bool split_list(const struct convert_source *source, size_t open,
		       struct item_list *list)
{
	size_t start = open + 1;
	int depth = 0;

	list->count = 0;
	for (size_t at = open; at < source->length; at++) {
		char c = source->text[at];

		if (c == '"' || c == '\'') {
			at = skip_literal(source, at);
		} else if (c == '/' && at + 1 < source->length &&
			   (source->text[at + 1] == '*' ||
			    source->text[at + 1] == '/')) {
			return false;
		} else if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if ((c == ')' || c == ']' || c == '}') && --depth == 0) {
			if (list->count == MAX_ITEMS)
				return false;
			list->begin[list->count] = start;
			list->end[list->count++] = at;
			list->close = at;
			return true;
		} else if (c == ',' && depth == 1) {
			if (list->count == MAX_ITEMS)
				return false;
			list->begin[list->count] = start;
			list->end[list->count++] = at;
			start = at + 1;
		}
	}
	return false;
}

/* [begin, end) on one line: blank runs as one space, none at the ends. */
static char *one_line(const struct convert_source *source, size_t begin,
		      size_t end)
{
	char *text = malloc(end - begin + 1);
	size_t length = 0;

	if (!text)
		abort();
	for (size_t at = begin; at < end; at++) {
		if (!is_blank(source->text[at]))
			text[length++] = source->text[at];
		else if (length && text[length - 1] != ' ')
			text[length++] = ' ';
	}
	while (length && text[length - 1] == ' ')
		length--;
	text[length] = '\0';
	return text;
}

/*
 * [begin, end) as one_line() makes it, but where it was written over
 * several lines (flags, mostly), over as many, each under 'indent'.
 */
static char *kept_lines(const struct convert_source *source, size_t begin,
			size_t end, const char *indent)
{
	char *text = NULL, *line;
	size_t size = 0, line_begin = begin;
	FILE *stream = open_memstream(&text, &size);
	bool first = true;

	if (!stream)
		abort();
	while (line_begin < end) {
		size_t line_end = line_begin;

		while (line_end < end && source->text[line_end] != '\n')
			line_end++;
		line = one_line(source, line_begin, line_end);
		if (line[0]) {
			fprintf(stream, "%s%s", first ? "" : "\n",
				first ? "" : indent);
			fputs(line, stream);
			first = false;
		}
		free(line);
		line_begin = line_end + 1;
	}
	fclose(stream);
	return text;
}

/* A designated field the setup may be given: `.name = value`. */
static bool passable_field(const char *field)
{
	char name[64];
	size_t length = 0;

	if (field[0] != '.')
		return false;
	while (is_identifier_char(field[1 + length]) &&
	       length < sizeof(name) - 1) {
		name[length] = field[1 + length];
		length++;
	}
	name[length] = '\0';
	return length && !api_is_reserved_args_field(name);
}

/*
 * The struct's declaration goes, whole lines; with the blank line after
 * it when it opened its block, as declarations are set apart.
 */
static bool drop_declaration(const struct convert_source *source,
			     const struct source_span *declaration,
			     struct text_edits *edits)
{
	size_t begin = line_start(source, declaration->begin);
	size_t end = line_end(source, declaration->end);
	size_t before = begin ? line_start(source, begin - 1) : 0;

	if (!only_blanks(source, begin, declaration->begin) ||
	    !only_blanks(source, declaration->end, end) ||
	    end >= source->length)
		return false;
	end++;
	if (begin > before && end < source->length &&
	    only_blanks(source, end, line_end(source, end)) &&
	    line_end(source, end) < source->length) {
		size_t last = begin - 1;

		while (last > before && is_blank(source->text[last - 1]))
			last--;
		if (last > before && source->text[last - 1] == '{')
			end = line_end(source, end) + 1;
	}
	text_edits_add(edits, begin, end, "");
	return true;
}

/* The fields of the local struct the creation takes, one line each. */
static bool struct_fields(const struct convert_source *source,
			  const struct cache_pointer_use *creation,
			  const char *argument, char **fields, size_t *count,
			  struct text_edits *edits)
{
	const struct source_span *initializer = &creation->args_initializer;
	struct item_list list;

	if (!strcmp(argument, "NULL"))
		return true;
	if (argument[0] != '&' || !initializer->known ||
	    !creation->args_declaration.known ||
	    creation->args_references != 1 ||
	    source->text[initializer->begin] != '{' ||
	    !split_list(source, initializer->begin, &list))
		return false;
	for (size_t i = 0; i < list.count; i++) {
		char *field = one_line(source, list.begin[i], list.end[i]);

		/* The comma after the last field leaves an empty one. */
		if (!field[0] && i + 1 == list.count) {
			free(field);
			continue;
		}
		if (!passable_field(field)) {
			free(field);
			return false;
		}
		fields[(*count)++] = field;
	}
	return drop_declaration(source, &creation->args_declaration, edits);
}

bool setup_arguments_compose(const struct convert_source *source,
			     const struct conversion *conversion, size_t open,
			     size_t column, struct setup_call *call,
			     struct text_edits *edits)
{
	const struct cache_pointer_use *creation = conversion->use;
	char *items[4], *fields[MAX_ITEMS + 2], *flags, *indent;
	size_t field_count = 0, size = 0, mark = edits->count;
	struct item_list arguments;
	bool shaped = false, flags_inline;
	FILE *stream;

	if (!split_list(source, open, &arguments) || arguments.count != 4)
		return false;
	indent = indentation(column);
	for (size_t i = 0; i < 3; i++)
		items[i] =
			one_line(source, arguments.begin[i], arguments.end[i]);
	/* The flags keep their line breaks, as the series keeps them. */
	items[3] = kept_lines(source, arguments.begin[3], arguments.end[3],
			      indent);
	flags = items[3];
	if (conversion->form->arguments == CONVERSION_RCU_OFFSET) {
		fields[field_count++] = text_format(
			".%s = %s", API_FREEPTR_OFFSET_FIELD, items[2]);
		fields[field_count++] =
			text_format(".%s = true", API_USE_FREEPTR_OFFSET_FIELD);
		flags = text_format("%s | %s", items[3],
				    API_TYPESAFE_BY_RCU_FLAG_NAME);
		free(items[3]);
		items[3] = flags;
		shaped = true;
	} else if (conversion->form->arguments == CONVERSION_ARGS_STRUCT) {
		shaped = struct_fields(source, creation, items[2], fields,
				       &field_count, edits);
	}
	if (shaped) {
		stream = open_memstream(&call->arguments, &size);
		if (!stream)
			abort();
		/* Without fields, the flags stay on the first line when the
		 * call then fits in 80 columns, with room for the ", " between
		 * the arguments and the brackets that close it. */
		flags_inline = !field_count && !strchr(flags, '\n') &&
			       column + strlen(items[0]) + strlen(items[1]) +
					       strlen(flags) + 8 <=
				       80;
		fprintf(stream, "%s, %s,%s%s%s", items[0], items[1],
			flags_inline ? " " : "\n", flags_inline ? "" : indent,
			flags);
		for (size_t i = 0; i < field_count; i++)
			fprintf(stream, ",\n%s%s", indent, fields[i]);
		fputc(')', stream);
		fclose(stream);
		call->close = arguments.close;
	} else {
		text_edits_truncate(edits, mark);
	}
	free(indent);
	for (size_t i = 0; i < field_count; i++)
		free(fields[i]);
	for (size_t i = 0; i < 4; i++)
		free(items[i]);
	return shaped;
}
