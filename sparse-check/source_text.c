// SPDX-License-Identifier: GPL-2.0
/*
 * Source lines behind sparse's positions: display columns to byte columns,
 * the name before a call's '(', the identifier at a position.  Only the
 * locations the core is told about are looked up, so a file is read the
 * first time one of its lines is asked for, and kept until the unit ends.
 */
#include "source_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

struct source_file {
	char *name;
	char *text; /* NULL: could not be read */
	size_t length;
	/*
	 * line_starts[i]: offset of line i + 1, for the lines found so far:
	 * a header is indexed only as far as the last line asked for.
	 */
	size_t *line_starts;
	size_t line_count, line_capacity;
	bool indexed; /* every line found */
	struct source_file *next;
};

static struct source_file *files;
/* Most lookups ask for the file of the one before. */
static struct source_file *last_file;

/* Finds line starts until 'line' is known or the text ends. */
static void index_lines(struct source_file *file, size_t line)
{
	while (!file->indexed && file->line_count < line) {
		size_t from = file->line_starts[file->line_count - 1];
		const char *newline =
			memchr(file->text + from, '\n', file->length - from);

		if (!newline) {
			file->indexed = true;
			break;
		}
		if (file->line_count == file->line_capacity) {
			file->line_capacity *= 2;
			file->line_starts =
				realloc(file->line_starts,
					file->line_capacity * sizeof(size_t));
			CHECK(file->line_starts != NULL);
		}
		file->line_starts[file->line_count++] =
			(size_t)(newline - file->text) + 1;
	}
}

static struct source_file *open_file(const char *name)
{
	struct source_file *file;
	FILE *stream;
	long length;

	if (last_file && !strcmp(last_file->name, name))
		return last_file;
	for (file = files; file; file = file->next)
		if (!strcmp(file->name, name))
			return last_file = file;
	file = calloc(1, sizeof(*file));
	CHECK(file != NULL);
	file->name = strdup(name);
	CHECK(file->name != NULL);
	file->next = files;
	files = last_file = file;
	stream = fopen(name, "rb");
	if (!stream)
		return file;
	if (fseek(stream, 0, SEEK_END) == 0 && (length = ftell(stream)) >= 0 &&
	    fseek(stream, 0, SEEK_SET) == 0) {
		file->text = malloc((size_t)length + 1);
		CHECK(file->text != NULL);
		if (fread(file->text, 1, (size_t)length, stream) !=
		    (size_t)length) {
			free(file->text);
			file->text = NULL;
		} else {
			file->text[length] = '\0';
			file->length = (size_t)length;
			file->line_capacity = 64;
			file->line_starts =
				malloc(file->line_capacity * sizeof(size_t));
			CHECK(file->line_starts != NULL);
			file->line_starts[file->line_count++] = 0;
		}
	}
	fclose(stream);
	return file;
}

/* The text of a line, and its length without the newline. */
static const char *line_text(const char *name, unsigned int line,
			     size_t *length)
{
	struct source_file *file = open_file(name);
	const char *start, *end;

	if (!file->text || line == 0)
		return NULL;
	index_lines(file, line);
	if (line > file->line_count)
		return NULL;
	start = file->text + file->line_starts[line - 1];
	end = strchr(start, '\n');
	*length = end ? (size_t)(end - start) : strlen(start);
	return start;
}

unsigned int source_byte_column(const char *file, unsigned int line,
				unsigned int column, unsigned int tabstop)
{
	unsigned int display = 0;
	size_t length;
	const char *text = line_text(file, line, &length);

	if (!text)
		return column;
	/* Sparse's tokenizer: a tab moves to the next tab stop. */
	for (size_t i = 0; i < length; i++) {
		if (text[i] == '\t')
			display += tabstop - display % tabstop;
		else
			display++;
		if (display >= column)
			return (unsigned int)i + 1;
	}
	return column;
}

static bool name_character(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool keyword(const char *start, size_t length)
{
	static const char *const keywords[] = {
		"return", "if",	    "while",	  "for",      "switch",
		"sizeof", "typeof", "__typeof__", "_Alignof", "__alignof__",
		"case",	  "do",	    "else",	  "_Generic", NULL,
	};

	for (int i = 0; keywords[i]; i++)
		if (strlen(keywords[i]) == length &&
		    !strncmp(keywords[i], start, length))
			return true;
	return false;
}

unsigned int source_call_name(const char *file, unsigned int line,
			      unsigned int column)
{
	size_t length, end, start;
	const char *text = line_text(file, line, &length);

	if (!text || column == 0 || column > length || text[column - 1] != '(')
		return column;
	end = column - 1;
	while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t'))
		end--;
	start = end;
	while (start > 0 && name_character(text[start - 1]))
		start--;
	if (start == end || isdigit((unsigned char)text[start]) ||
	    keyword(text + start, end - start))
		return column;
	return (unsigned int)start + 1;
}

unsigned int source_call_expression(const char *file, unsigned int line,
				    unsigned int column)
{
	size_t length, start, at, name, good;
	const char *text = line_text(file, line, &length);

	if (!text || column == 0 || column > length || text[column - 1] != '(')
		return column;
	start = good = column - 1;
	for (;;) {
		at = start;
		while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t'))
			at--;
		if (at > 0 && text[at - 1] == ']') {
			int depth = 0;

			/* Back to the matching '['. */
			do {
				at--;
				depth += text[at] == ']';
				depth -= text[at] == '[';
			} while (at > 0 && depth > 0);
			if (depth)
				break;
			start = at;
			continue;
		}
		name = at;
		while (name > 0 && name_character(text[name - 1]))
			name--;
		if (name == at || isdigit((unsigned char)text[name]) ||
		    keyword(text + name, at - name))
			break;
		start = good = name;
		at = name;
		while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t'))
			at--;
		if (at >= 1 && text[at - 1] == '.')
			start = at - 1;
		else if (at >= 2 && text[at - 1] == '>' && text[at - 2] == '-')
			start = at - 2;
		else
			break;
	}
	return good == column - 1 ? column : (unsigned int)good + 1;
}

bool source_assigned(const char *file, unsigned int line, unsigned int column)
{
	size_t length, at;
	const char *text = line_text(file, line, &length);

	if (!text || column == 0 || column > length + 1)
		return false;
	at = column - 1;
	for (int lines = 0;; lines++) {
		while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t'))
			at--;
		if (at > 0 || lines > 0 || line <= 1)
			break;
		/* `x =` may end the line before. */
		text = line_text(file, --line, &length);
		if (!text)
			return false;
		at = length;
		while (at > 0 && (text[at - 1] == '\n' || text[at - 1] == '\r'))
			at--;
	}
	if (at == 0 || text[at - 1] != '=')
		return false;
	/* Not ==, <=, >=, != nor a compound assignment, which read it. */
	return at < 2 || !strchr("=!<>+-*/%&|^", text[at - 2]);
}

bool source_identifier(const char *file, unsigned int line, unsigned int column,
		       char *name, size_t size)
{
	size_t length, end;
	const char *text = line_text(file, line, &length);

	if (!text || column == 0 || column > length ||
	    !name_character(text[column - 1]) ||
	    isdigit((unsigned char)text[column - 1]))
		return false;
	end = column - 1;
	while (end < length && name_character(text[end]))
		end++;
	if (end - (column - 1) >= size)
		return false;
	memcpy(name, text + column - 1, end - (column - 1));
	name[end - (column - 1)] = '\0';
	return true;
}

/* Past a string or character constant that starts at 'text'. */
static const char *skip_quoted(const char *text)
{
	char quote = *text++;

	while (*text && *text != quote) {
		if (*text == '\\' && text[1])
			text++;
		text++;
	}
	return *text ? text + 1 : text;
}

/* Past a comment that starts at 'text', or 'text' when none does. */
static const char *skip_comment(const char *text)
{
	if (text[0] == '/' && text[1] == '*') {
		const char *end = strstr(text + 2, "*/");

		return end ? end + 2 : text + strlen(text);
	}
	if (text[0] == '/' && text[1] == '/')
		return text + strcspn(text, "\n");
	return text;
}

void source_call_identifiers(const char *file, unsigned int line,
			     unsigned int column,
			     void (*visit)(const char *name, size_t length,
					   void *context),
			     void *context)
{
	size_t length;
	const char *text = line_text(file, line, &length);
	int depth = 0;

	if (!text || column == 0 || column > length)
		return;
	text += column - 1;
	while (name_character(*text))
		text++;
	while (*text == ' ' || *text == '\t' || *text == '\n')
		text++;
	if (*text != '(')
		return;
	while (*text) {
		const char *after = skip_comment(text);

		if (after != text) {
			text = after;
		} else if (*text == '"' || *text == '\'') {
			text = skip_quoted(text);
		} else if (*text == '(') {
			depth++;
			text++;
		} else if (*text == ')') {
			if (--depth == 0)
				return;
			text++;
		} else if (name_character(*text) &&
			   !isdigit((unsigned char)*text)) {
			const char *start = text;

			while (name_character(*text))
				text++;
			visit(start, (size_t)(text - start), context);
		} else if (name_character(*text)) {
			/* A number, with its suffix: 10UL is no name. */
			while (name_character(*text))
				text++;
		} else {
			text++;
		}
	}
}

void source_text_release(void)
{
	while (files) {
		struct source_file *next = files->next;

		free(files->name);
		free(files->text);
		free(files->line_starts);
		free(files);
		files = next;
	}
	last_file = NULL;
}

/* Whether text[i] is an assignment's '=' (not ==, !=, <=, >=, +=...). */
static bool assignment_at(const char *text, size_t length, size_t i)
{
	if (text[i] != '=')
		return false;
	if (i + 1 < length && text[i + 1] == '=')
		return false;
	return i == 0 || !strchr("=!<>+-*/%&|^", text[i - 1]);
}

unsigned int source_assignment(const char *file, unsigned int line,
			       unsigned int column, bool value)
{
	size_t length, i, equals = 0;
	const char *text = line_text(file, line, &length);
	bool found = false;

	if (!text || column == 0 || column > length)
		return column;
	/* Placed on the written side: the '=' follows. */
	for (i = column - 1; i < length && text[i] != ';'; i++)
		if (assignment_at(text, length, i)) {
			equals = i;
			found = true;
			break;
		}
	/* Placed on the value: the '=' precedes. */
	for (i = column - 1; !found && i-- > 0 && text[i] != ';';)
		if (assignment_at(text, length, i)) {
			equals = i;
			found = true;
		}
	if (!found)
		return column;
	if (!value)
		return (unsigned int)equals + 1;
	for (i = equals + 1; i < length && (text[i] == ' ' || text[i] == '\t');
	     i++)
		;
	return i < length ? (unsigned int)i + 1 : column;
}
