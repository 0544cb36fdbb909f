// SPDX-License-Identifier: GPL-2.0
/*
 * The Markdown of docs/rules.md's sections, rendered for a terminal, a
 * pipe, SARIF or HTML: the rules are described once, in the document
 * people read on the web, and every place slabcheck shows a rule takes
 * its words from there.  The subset is the one docs/rules.md uses, read
 * as CommonMark reads it (a line indented 4 past its list is code only
 * after a blank line; a list item's continuation lines join it); what is
 * outside the subset comes out as text, never dropped.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"

/* Text lines end before this column, as the source's do. */
#define TEXT_WIDTH 79
#define TAB_WIDTH 8
#define MAX_LISTS 8

#define ANSI_HEADING "\033[1;4m"
#define ANSI_RESET "\033[0m"

struct line {
	const char *text;
	size_t length;
	int indent; /* columns of leading white space */
	bool blank;
};

struct renderer {
	const struct markdown_output *how;
	FILE *out;
	bool started;	   /* something was written */
	bool blank_before; /* the source had a blank line before this block */
	/* The lists open, innermost last: marker and content columns. */
	struct {
		int marker;
		int content;
	} lists[MAX_LISTS];
	int list_count;
};

static bool html(const struct renderer *r)
{
	return r->how->style == MARKDOWN_HTML;
}

/* Columns on screen: ANSI sequences take none, UTF-8 characters one. */
static size_t visible_width(const char *text, size_t length)
{
	size_t width = 0;

	for (size_t i = 0; i < length; i++) {
		if (text[i] == '\033') {
			while (i < length && text[i] != 'm')
				i++;
			continue;
		}
		if (((unsigned char)text[i] & 0xc0) != 0x80)
			width++;
	}
	return width;
}

/* Words filled into lines of TEXT_WIDTH, the next ones at 'indent'. */
static void fill(FILE *out, const char *text, size_t column, int indent)
{
	bool line_empty = true;

	while (*text) {
		size_t length, width;

		text += strspn(text, " ");
		if (!*text)
			break;
		length = strcspn(text, " ");
		width = visible_width(text, length);
		if (!line_empty && column + 1 + width > TEXT_WIDTH) {
			fprintf(out, "\n%*s", indent, "");
			column = (size_t)indent;
			line_empty = true;
		} else if (!line_empty) {
			fputc(' ', out);
			column++;
		}
		fwrite(text, 1, length, out);
		column += width;
		line_empty = false;
		text += length;
	}
	fputc('\n', out);
}

/* The lines of a paragraph or item, joined by spaces, without indent. */
static char *join(const struct line *lines, int count)
{
	char *joined = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&joined, &size);

	for (int i = 0; i < count; i++) {
		const char *text = lines[i].text;
		size_t length = lines[i].length;

		while (length && isspace((unsigned char)*text)) {
			text++;
			length--;
		}
		while (length && isspace((unsigned char)text[length - 1]))
			length--;
		if (i)
			fputc(' ', out);
		fwrite(text, 1, length, out);
	}
	fclose(out);
	return joined;
}

/* Text: the inline markup rendered, into a string to be filled. */
static char *render_inline(const struct renderer *r, const char *text)
{
	char *rendered = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&rendered, &size);

	markdown_inline(r->how, out, text, strlen(text));
	fclose(out);
	return rendered;
}

static void separate(struct renderer *r)
{
	if (!html(r) && r->started && r->blank_before)
		fputc('\n', r->out);
	r->blank_before = false;
	r->started = true;
}

static int container(const struct renderer *r)
{
	return r->list_count ? r->lists[r->list_count - 1].content : 0;
}

/*
 * Lists whose content starts right of 'column' end before a block there;
 * before an item there, those whose markers do ('item').
 */
static void close_lists(struct renderer *r, int column, bool item)
{
	while (r->list_count &&
	       (item ? r->lists[r->list_count - 1].marker :
		       r->lists[r->list_count - 1].content) > column) {
		r->list_count--;
		if (html(r))
			fputs("</li></ul>\n", r->out);
	}
}

static void heading(struct renderer *r, const struct line *line)
{
	const char *text = line->text + line->indent;
	size_t level = strspn(text, "#");
	char *joined, *rendered;
	size_t width;

	close_lists(r, -1, false);
	separate(r);
	joined = strndup(text + level,
			 line->length - (size_t)line->indent - level);
	if (html(r)) {
		int tag = (int)level + r->how->heading_shift;

		tag = tag < 1 ? 1 : tag > 6 ? 6 : tag;
		fprintf(r->out, "<h%d>", tag);
		markdown_inline(r->how, r->out, joined + strspn(joined, " "),
				strlen(joined + strspn(joined, " ")));
		fprintf(r->out, "</h%d>\n", tag);
		free(joined);
		return;
	}
	rendered = render_inline(r, joined + strspn(joined, " "));
	width = visible_width(rendered, strlen(rendered));
	if (r->how->style == MARKDOWN_TERMINAL) {
		fprintf(r->out, ANSI_HEADING "%s" ANSI_RESET "\n", rendered);
	} else {
		fprintf(r->out, "%s\n", rendered);
		for (size_t i = 0; i < width; i++)
			fputc(level <= 2 ? '=' : '-', r->out);
		fputc('\n', r->out);
	}
	free(rendered);
	free(joined);
}

/* A code line, 'strip' columns of its indent off, its tabs expanded. */
static void code_line(struct renderer *r, const struct line *line, int strip,
		      int indent)
{
	size_t i = 0, column = 0;

	for (int stripped = 0;
	     i < line->length && stripped < strip && line->text[i] == ' ';
	     stripped++)
		i++;
	if (html(r)) {
		html_escape(line->text + i, line->length - i, r->out);
		fputc('\n', r->out);
		return;
	}
	if (line->blank) {
		fputc('\n', r->out);
		return;
	}
	fprintf(r->out, "%*s", indent, "");
	for (; i < line->length; i++) {
		if (line->text[i] != '\t') {
			fputc(line->text[i], r->out);
			column += ((unsigned char)line->text[i] & 0xc0) != 0x80;
			continue;
		}
		do
			fputc(' ', r->out);
		while (++column % TAB_WIDTH);
	}
	fputc('\n', r->out);
}

static void code_block(struct renderer *r, const struct line *lines, int count,
		       int strip)
{
	int indent = container(r) + 4;

	separate(r);
	if (html(r))
		fputs("<pre><code>", r->out);
	for (int i = 0; i < count; i++)
		code_line(r, &lines[i], strip, indent);
	if (html(r))
		fputs("</code></pre>\n", r->out);
}

/* The length of the list marker that starts the line ("- ", "1. "), or 0. */
static int list_marker(const struct line *line)
{
	const char *text = line->text + line->indent;
	size_t rest = line->length - (size_t)line->indent, digits;

	if (rest >= 2 && strchr("-*+", text[0]) && text[1] == ' ')
		return 2;
	digits = 0;
	while (digits < rest && isdigit((unsigned char)text[digits]))
		digits++;
	if (digits && digits + 1 < rest && text[digits] == '.' &&
	    text[digits + 1] == ' ')
		return (int)digits + 2;
	return 0;
}

static bool fence(const struct line *line)
{
	return line->length >= (size_t)line->indent + 3 &&
	       !strncmp(line->text + line->indent, "```", 3);
}

static bool heading_line(const struct line *line)
{
	const char *text = line->text + line->indent;
	size_t level = strspn(text, "#");

	return line->indent < 4 && level >= 1 && level <= 6 &&
	       (size_t)line->indent + level < line->length &&
	       text[level] == ' ';
}

/* A paragraph or a list item's text: 'marker' columns of marker. */
static void text_block(struct renderer *r, const struct line *lines, int count,
		       int marker)
{
	const struct line *first = &lines[0];
	char *joined, *rendered;

	separate(r);
	if (marker) {
		int column = first->indent;

		close_lists(r, column, true);
		if (r->list_count &&
		    r->lists[r->list_count - 1].marker == column) {
			if (html(r))
				fputs("</li>\n<li>", r->out);
		} else if (r->list_count < MAX_LISTS) {
			r->lists[r->list_count].marker = column;
			r->lists[r->list_count].content = column + marker;
			r->list_count++;
			if (html(r))
				fputs("<ul>\n<li>", r->out);
		}
	} else {
		close_lists(r, first->indent, false);
	}
	/* The marker is left out of the text, and put back unless HTML. */
	{
		struct line trimmed = *first;

		trimmed.text += first->indent + marker;
		trimmed.length -= (size_t)(first->indent + marker);
		joined = join(&trimmed, 1);
		if (count > 1) {
			char *rest = join(lines + 1, count - 1), *both;

			if (asprintf(&both, "%s %s", joined, rest) < 0)
				both = NULL;
			free(joined);
			free(rest);
			joined = both;
		}
	}
	if (!joined)
		return;
	if (html(r)) {
		bool paragraph = !marker;

		if (paragraph)
			fputs("<p>", r->out);
		markdown_inline(r->how, r->out, joined, strlen(joined));
		fputs(paragraph ? "</p>\n" : "", r->out);
		free(joined);
		return;
	}
	rendered = render_inline(r, joined);
	if (marker) {
		fprintf(r->out, "%*s%.*s", first->indent, "", marker,
			first->text + first->indent);
		fill(r->out, rendered, (size_t)(first->indent + marker),
		     first->indent + marker);
	} else {
		int indent = first->indent < container(r) + 4 ? first->indent :
								container(r);

		fprintf(r->out, "%*s", indent, "");
		fill(r->out, rendered, (size_t)indent, indent);
	}
	free(rendered);
	free(joined);
}

static struct line *split_lines(const char *markdown, int *count)
{
	int capacity = 1;
	struct line *lines;
	const char *p;

	for (p = markdown; *p; p++)
		capacity += *p == '\n';
	lines = calloc((size_t)capacity, sizeof(*lines));
	*count = 0;
	for (p = markdown; lines && *p;) {
		struct line *line = &lines[(*count)++];
		size_t i;

		line->text = p;
		line->length = strcspn(p, "\n");
		for (i = 0; i < line->length && (p[i] == ' ' || p[i] == '\t');
		     i++)
			line->indent += p[i] == '\t' ? 4 - line->indent % 4 : 1;
		line->blank = i == line->length;
		p += line->length + (p[line->length] == '\n');
	}
	return lines;
}

void markdown_render(const char *markdown, const struct markdown_output *how,
		     FILE *stream)
{
	struct renderer r = { .how = how, .out = stream };
	int count, i = 0;
	struct line *lines = split_lines(markdown, &count);

	while (lines && i < count) {
		const struct line *line = &lines[i];
		int start = i, marker;

		if (line->blank) {
			r.blank_before = true;
			i++;
		} else if (fence(line)) {
			close_lists(&r, line->indent, false);
			for (i++; i < count && !fence(&lines[i]); i++)
				;
			code_block(&r, lines + start + 1, i - start - 1,
				   line->indent);
			i += i < count;
		} else if (r.blank_before &&
			   line->indent >= container(&r) + 4) {
			int last = i;

			for (; i < count &&
			       (lines[i].blank ||
				lines[i].indent >= container(&r) + 4);
			     i++)
				if (!lines[i].blank)
					last = i;
			i = last + 1;
			code_block(&r, lines + start, i - start,
				   container(&r) + 4);
		} else if (heading_line(line)) {
			heading(&r, line);
			i++;
		} else {
			marker = list_marker(line);
			for (i++; i < count && !lines[i].blank &&
				  !list_marker(&lines[i]) &&
				  !fence(&lines[i]) && !heading_line(&lines[i]);
			     i++)
				;
			text_block(&r, lines + start, i - start, marker);
		}
	}
	close_lists(&r, -1, false);
	free(lines);
}
