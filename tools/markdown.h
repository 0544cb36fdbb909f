/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The rules' sections of docs/rules.md, written once in Markdown, rendered
 * for whoever reads them (tools/markdown.c, the blocks, and
 * tools/markdown_inline.c, the spans): a terminal, a pipe, SARIF, the
 * HTML report.  Only what docs/rules.md uses is understood: headings,
 * paragraphs, nested "- " lists, fenced and indented code, `code`,
 * **strong**, *emphasis* and [links](target).
 */
#ifndef SLABCHECK_TOOLS_MARKDOWN_H
#define SLABCHECK_TOOLS_MARKDOWN_H

#include <stdio.h>

enum markdown_style {
	MARKDOWN_PLAIN,	   /* text, no markup: a pipe, SARIF's help.text */
	MARKDOWN_TERMINAL, /* text, headings and strong in ANSI attributes */
	MARKDOWN_HTML,	   /* HTML, every character of the text escaped */
};

struct markdown_output {
	enum markdown_style style;
	/*
	 * What a link relative to docs/ (reports.md#suppressions, and
	 * #anchor for rules.md itself) is appended to: the installed docs
	 * directory with its '/' for text, its file: URI for HTML.  NULL:
	 * the docs are not installed; a link is then its text, followed in
	 * text by the target under docs/ (the source tree's).
	 */
	const char *docs;
	/* HTML: "## x" becomes <h(2 + heading_shift)>. */
	int heading_shift;
};

void markdown_render(const char *markdown, const struct markdown_output *how,
		     FILE *stream);
/* The spans of one block's text (tools/markdown_inline.c). */
void markdown_inline(const struct markdown_output *how, FILE *stream,
		     const char *text, size_t length);

/*
 * The Markdown itself, for SARIF's help.markdown: as it is, but for its
 * relative links, which lead to 'docs' (a URI), or become text.
 */
void markdown_resolve_links(const char *markdown, const char *docs,
			    FILE *stream);

/* Text as HTML: markup characters escaped, controls but tab and newline
 * replaced. */
void html_escape(const char *text, size_t length, FILE *stream);

#endif
