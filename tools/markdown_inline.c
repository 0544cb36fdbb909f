// SPDX-License-Identifier: GPL-2.0
/*
 * The spans inside a Markdown block (tools/markdown.h): `code`, **strong**,
 * *emphasis* and [links](target), the links led to where the docs are
 * installed; and HTML's escaping.  Shared by the blocks' renderer
 * (tools/markdown.c) and by the Markdown SARIF carries, whose links alone
 * change.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"

#define ANSI_STRONG "\033[1m"
#define ANSI_STRONG_END "\033[22m"
#define ANSI_EMPHASIS "\033[4m"
#define ANSI_EMPHASIS_END "\033[24m"

void html_escape(const char *text, size_t length, FILE *out)
{
	for (size_t i = 0; i < length; i++) {
		switch (text[i]) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		case '\t':
		case '\n':
			fputc(text[i], out);
			break;
		default:
			/* Other controls (a NUL) are no HTML text. */
			if ((unsigned char)text[i] < ' ' || text[i] == 0x7f) {
				fputs("&#xFFFD;", out);
				break;
			}
			fputc(text[i], out);
		}
	}
}

static void put_text(const struct markdown_output *how, FILE *out,
		     const char *text, size_t length)
{
	if ((how->style == MARKDOWN_HTML))
		html_escape(text, length, out);
	else
		fwrite(text, 1, length, out);
}

static void put_markup(const struct markdown_output *how, FILE *out,
		       const char *terminal, const char *html_markup)
{
	if ((how->style == MARKDOWN_HTML))
		fputs(html_markup, out);
	else if (how->style == MARKDOWN_TERMINAL)
		fputs(terminal, out);
}

/* The end of the code span whose backticks start at text[start], or 0. */
static size_t code_span_end(const char *text, size_t length, size_t start,
			    size_t *ticks)
{
	size_t run = 0, i;

	while (start + run < length && text[start + run] == '`')
		run++;
	*ticks = run;
	for (i = start + run; i < length;) {
		size_t closing = 0;

		while (i + closing < length && text[i + closing] == '`')
			closing++;
		if (closing == run)
			return i;
		i += closing ? closing : 1;
	}
	return 0;
}

/* A link [label](target) at text[start]: the label's end, or 0. */
static size_t link_at(const char *text, size_t length, size_t start,
		      size_t *target, size_t *target_length)
{
	const char *close = memchr(text + start, ']', length - start);
	size_t label_end, i;

	if (!close)
		return 0;
	label_end = (size_t)(close - text);
	if (label_end == start + 1 || label_end + 1 >= length ||
	    text[label_end + 1] != '(')
		return 0;
	for (i = label_end + 2; i < length && text[i] != ')'; i++)
		if (isspace((unsigned char)text[i]))
			return 0;
	if (i >= length || i == label_end + 2)
		return 0;
	*target = label_end + 2;
	*target_length = i - *target;
	return label_end;
}

static bool absolute_target(const char *target, size_t length)
{
	const char *scheme = memmem(target, length, "://", 3);

	return scheme || (length > 7 && !strncmp(target, "mailto:", 7));
}

/*
 * A target relative to docs/, where it leads: the docs' place and the
 * target, "#anchor" being one of rules.md; absolute targets are kept.
 * NULL when the docs' place is not known.
 */
static char *resolve(const char *docs, const char *target, size_t length)
{
	char *resolved;

	if (absolute_target(target, length))
		return strndup(target, length);
	if (!docs)
		return NULL;
	if (asprintf(&resolved, "%s%s%.*s", docs,
		     target[0] == '#' ? "rules.md" : "", (int)length,
		     target) < 0)
		return NULL;
	return resolved;
}

/*
 * Text: the label, then where the link leads; only that when the label
 * is the file's name.  HTML: an anchor, or the label alone.
 */
static void link(const struct markdown_output *how, FILE *out,
		 const char *label, size_t label_length, const char *target,
		 size_t target_length)
{
	char *resolved = resolve(how->docs, target, target_length);
	size_t file_length = strcspn(target, "#");

	if (file_length > target_length)
		file_length = target_length;
	if ((how->style == MARKDOWN_HTML)) {
		if (resolved) {
			fputs("<a href=\"", out);
			html_escape(resolved, strlen(resolved), out);
			fputs("\">", out);
		}
		markdown_inline(how, out, label, label_length);
		if (resolved)
			fputs("</a>", out);
		free(resolved);
		return;
	}
	if (!(file_length && label_length == file_length &&
	      !strncmp(label, target, file_length))) {
		markdown_inline(how, out, label, label_length);
		fputs(" (", out);
	}
	if (resolved)
		fputs(resolved, out);
	else
		fprintf(out, "docs/%s%.*s", target[0] == '#' ? "rules.md" : "",
			(int)target_length, target);
	if (!(file_length && label_length == file_length &&
	      !strncmp(label, target, file_length)))
		fputc(')', out);
	free(resolved);
}

/* The closing "**" of a strong span opened at text[start], or 0. */
static size_t strong_end(const char *text, size_t length, size_t start)
{
	const char *end;

	if (start + 2 >= length || text[start + 1] != '*' ||
	    text[start + 2] == ' ')
		return 0;
	end = memmem(text + start + 3, length - start - 3, "**", 2);
	return end ? (size_t)(end - text) : 0;
}

/* The closing '*' of an emphasis opened at text[start], or 0. */
static size_t emphasis_end(const char *text, size_t length, size_t start)
{
	if (start + 1 >= length || text[start + 1] == ' ' ||
	    text[start + 1] == '*')
		return 0;
	for (size_t i = start + 2; i < length; i++)
		if (text[i] == '*' && text[i - 1] != ' ' &&
		    (i + 1 == length || !isalnum((unsigned char)text[i + 1])))
			return i;
	return 0;
}

void markdown_inline(const struct markdown_output *how, FILE *out,
		     const char *text, size_t length)
{
	size_t i = 0, end, ticks, target, target_length;

	while (i < length) {
		char c = text[i];

		if (c == '\\' && i + 1 < length &&
		    ispunct((unsigned char)text[i + 1])) {
			put_text(how, out, text + i + 1, 1);
			i += 2;
		} else if (c == '`' &&
			   (end = code_span_end(text, length, i, &ticks))) {
			put_markup(how, out, "", "<code>");
			put_text(how, out, text + i + ticks, end - i - ticks);
			put_markup(how, out, "", "</code>");
			i = end + ticks;
		} else if (c == '`') {
			put_text(how, out, text + i, ticks);
			i += ticks;
		} else if (c == '*' && (end = strong_end(text, length, i))) {
			put_markup(how, out, ANSI_STRONG, "<strong>");
			markdown_inline(how, out, text + i + 2, end - i - 2);
			put_markup(how, out, ANSI_STRONG_END, "</strong>");
			i = end + 2;
		} else if (c == '*' && (end = emphasis_end(text, length, i))) {
			put_markup(how, out, ANSI_EMPHASIS, "<em>");
			markdown_inline(how, out, text + i + 1, end - i - 1);
			put_markup(how, out, ANSI_EMPHASIS_END, "</em>");
			i = end + 1;
		} else if (c == '[' && (end = link_at(text, length, i, &target,
						      &target_length))) {
			link(how, out, text + i + 1, end - i - 1, text + target,
			     target_length);
			i = target + target_length + 1;
		} else {
			put_text(how, out, text + i, 1);
			i++;
		}
	}
}

void markdown_resolve_links(const char *markdown, const char *docs,
			    FILE *stream)
{
	const struct markdown_output how = { MARKDOWN_PLAIN, docs, 0 };
	size_t length = strlen(markdown), i = 0;
	bool in_fence = false, line_start = true;

	while (i < length) {
		size_t end, ticks, target, target_length;
		const char *c = markdown + i;

		if (line_start) {
			size_t indent = strspn(c, " ");
			size_t line_length = strcspn(c, "\n");

			line_start = false;
			if (!strncmp(c + indent, "```", 3))
				in_fence = !in_fence;
			if (in_fence || !strncmp(c + indent, "```", 3) ||
			    line_length == strspn(c, " \t")) {
				fwrite(c, 1, line_length, stream);
				i += line_length;
				continue;
			}
		}
		if (*c == '\n') {
			line_start = true;
			fputc('\n', stream);
			i++;
		} else if (*c == '`') {
			/* A code span ends in its paragraph, or is text. */
			size_t paragraph = i;
			const char *blank = strstr(c, "\n\n");

			paragraph = blank ? (size_t)(blank - markdown) : length;
			end = code_span_end(markdown, paragraph, i, &ticks);
			end = end ? end + ticks : i + ticks;
			fwrite(c, 1, end - i, stream);
			i = end;
		} else if (*c == '\\' && i + 1 < length) {
			fwrite(c, 1, 2, stream);
			i += 2;
		} else if (*c == '[' &&
			   (end = link_at(markdown, length, i, &target,
					  &target_length)) &&
			   !absolute_target(markdown + target, target_length)) {
			char *resolved =
				resolve(docs, markdown + target, target_length);

			if (resolved)
				fprintf(stream, "[%.*s](%s)",
					(int)(end - i - 1), c + 1, resolved);
			else
				link(&how, stream, c + 1, end - i - 1,
				     markdown + target, target_length);
			free(resolved);
			i = target + target_length + 1;
		} else {
			fputc(*c, stream);
			i++;
		}
	}
}
