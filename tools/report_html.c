// SPDX-License-Identifier: GPL-2.0
/*
 * The findings as one HTML page, for an audit: the counts, an index, the
 * findings by file with the source around each, the events of the path
 * (the finding's notes) marked on their lines, and the help of each rule
 * found, from docs/rules.md.  One file that fetches nothing: the style is
 * inline, there is no script, and the page's policy forbids every load,
 * so that it can be mailed, archived and opened anywhere.  Every text
 * that comes from the code or the findings is escaped.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "help.h"
#include "locate.h"
#include "markdown.h"
#include "report.h"
#include "report_html.h"

/* Source lines on each side of a marked line, unless --context says. */
#define EXCERPT_CONTEXT 3

static const char style[] =
	"body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;"
	"max-width:75em;padding:0 1.5em 3em;color:#1b1b1b;background:#fff}"
	"h1{margin:.8em 0 .2em}h2{border-bottom:1px solid #ccc;"
	"margin-top:2em}table{border-collapse:collapse}"
	"td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left;"
	"vertical-align:top}"
	"code,pre{font:13px/1.4 ui-monospace,monospace}"
	"pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.6em;"
	"overflow-x:auto;tab-size:8}"
	".finding{border-left:4px solid #d73a49;padding:.1em 0 .1em 1em;"
	"margin:1.2em 0}"
	".finding.suppressed{border-color:#999}.finding h3{font-size:1em;"
	"margin:.3em 0}"
	".where{font-family:ui-monospace,monospace}"
	".level{color:#b31d28;font-weight:bold}"
	".badge{font-size:.8em;border:1px solid;border-radius:.3em;"
	"padding:0 .3em;margin-left:.4em}"
	".marked{background:#fff5b1}.hit{background:#ffdce0}"
	".event{color:#b31d28;font-weight:bold}.event.note{color:#005cc5}"
	".gap{color:#888}.number{color:#888;user-select:none}"
	".help{border:1px solid #ddd;padding:0 1em;margin:1em 0}"
	".help summary{font-weight:bold;padding:.5em 0;cursor:pointer}"
	".trouble{border:1px solid #d73a49;background:#ffeef0;padding:.5em}";

struct source {
	char *path; /* absolute: what was read */
	char *text;
	size_t *starts; /* each line's offset, and one past the last */
	unsigned int lines;
};

/* A line marked in an excerpt: the finding's, or one of its notes. */
struct mark {
	const char *path; /* absolute */
	const char *file; /* as the compiler named it */
	unsigned int line, column;
	const char *message;
	int note; /* 0: the finding; n: its n-th note */
};

static void text(FILE *out, const char *string)
{
	html_escape(string ? string : "", string ? strlen(string) : 0, out);
}

static void source_release(struct source *source)
{
	free(source->path);
	free(source->text);
	free(source->starts);
	memset(source, 0, sizeof(*source));
}

/* The file at 'path' in 'source', read once for consecutive findings. */
static bool source_read(struct source *source, const char *path)
{
	FILE *stream;
	size_t size = 0, capacity = 0;
	char *text = NULL;

	if (source->path && !strcmp(source->path, path))
		return source->text != NULL;
	source_release(source);
	source->path = strdup(path);
	stream = fopen(path, "r");
	if (!stream)
		return false;
	for (;;) {
		size_t got;

		if (size + 4096 + 1 > capacity) {
			char *larger;

			capacity = (size + 4096 + 1) * 2;
			larger = realloc(text, capacity);
			if (!larger) {
				free(text);
				text = NULL;
				break;
			}
			text = larger;
		}
		got = fread(text + size, 1, 4096, stream);
		size += got;
		if (got < 4096)
			break;
	}
	fclose(stream);
	if (!text)
		return false;
	text[size] = '\0';
	source->text = text;
	source->starts = malloc((size + 2) * sizeof(size_t));
	if (!source->starts)
		return false;
	for (size_t i = 0; i < size;) {
		size_t length = strcspn(text + i, "\n");

		source->starts[source->lines++] = i;
		i += length + (text[i + length] == '\n');
	}
	source->starts[source->lines] = size;
	return true;
}

/* Line 'number' (from 1) without its end of line. */
static const char *source_line(const struct source *source, unsigned int number,
			       size_t *length)
{
	const char *line = source->text + source->starts[number - 1];

	*length = strcspn(line, "\n");
	if (*length && line[*length - 1] == '\r')
		(*length)--;
	return line;
}

static void gutter(FILE *out, unsigned int number)
{
	if (number)
		fprintf(out, "<span class=\"number\">%5u | </span>", number);
	else
		fputs("<span class=\"number\">      | </span>", out);
}

/*
 * Under the line, at its column, what happened there: the line's own
 * white space up to the column is kept (tabs stay tabs), every other
 * character becomes a space, so that the caret lines up.
 */
static void event(FILE *out, const char *line, size_t length,
		  const struct mark *mark)
{
	gutter(out, 0);
	fprintf(out, "<span class=\"event%s\">", mark->note ? " note" : "");
	for (size_t i = 0; mark->column && i + 1 < mark->column && i < length;
	     i++) {
		if (line[i] == '\t')
			fputc('\t', out);
		else if (((unsigned char)line[i] & 0xc0) != 0x80)
			fputc(' ', out);
	}
	if (mark->note)
		fprintf(out, "^ note %d: ", mark->note);
	else
		fputs("^ warning: ", out);
	text(out, mark->message);
	fputs("</span>\n", out);
}

static bool marked(const struct mark *marks, size_t count, const char *path,
		   unsigned int line, unsigned int context)
{
	for (size_t i = 0; i < count; i++)
		if (!strcmp(marks[i].path, path) && marks[i].line &&
		    line + context >= marks[i].line &&
		    line <= marks[i].line + context)
			return true;
	return false;
}

/*
 * One file's part of a finding's excerpt: the lines near the marks in
 * it, a gap between groups that are apart, each mark under its line.
 * Marks that cannot be shown there are listed after the excerpt.
 */
static void excerpt(FILE *out, struct source *source, const char *path,
		    const struct mark *marks, size_t count,
		    unsigned int context, bool *shown)
{
	bool gap = false, any = false;

	if (!source_read(source, path))
		return;
	for (unsigned int number = 1; number <= source->lines; number++) {
		size_t length;
		const char *line;
		bool hit = false;

		/* A gap of a line or two is shown: "..." takes a line too. */
		if (!marked(marks, count, path, number, context) &&
		    !(any && number + 2 <= source->lines &&
		      (marked(marks, count, path, number + 1, context) ||
		       marked(marks, count, path, number + 2, context)))) {
			gap = any;
			continue;
		}
		if (!any)
			fputs("<pre class=\"source\">", out);
		if (gap)
			fputs("<span class=\"gap\">  ...</span>\n", out);
		gap = false;
		any = true;
		line = source_line(source, number, &length);
		for (size_t i = 0; i < count; i++)
			hit |= !strcmp(marks[i].path, path) &&
			       marks[i].line == number;
		fprintf(out, "<span class=\"%s\">", hit ? "hit" : "line");
		gutter(out, number);
		html_escape(line, length, out);
		fputs("</span>\n", out);
		for (size_t i = 0; i < count; i++) {
			if (strcmp(marks[i].path, path) ||
			    marks[i].line != number)
				continue;
			event(out, line, length, &marks[i]);
			shown[i] = true;
		}
	}
	if (any)
		fputs("</pre>\n", out);
}

static void location(FILE *out, const char *file, unsigned int line,
		     unsigned int column)
{
	fputs("<span class=\"where\">", out);
	text(out, file ? file : "<unknown>");
	fprintf(out, ":%u:%u</span>", line, column);
}

static void finding_html(FILE *out, const struct finding *finding, size_t index,
			 const struct output_options *output,
			 struct source *source)
{
	size_t count = 1, shown_files = 0;
	struct mark *marks;
	const char **paths;
	bool *shown;
	unsigned int context = output->context > 0 ? (unsigned)output->context :
						     EXCERPT_CONTEXT;

	for (const struct note *note = finding->notes; note; note = note->next)
		count++;
	marks = calloc(count, sizeof(*marks));
	paths = calloc(count, sizeof(*paths));
	shown = calloc(count, sizeof(*shown));
	if (!marks || !paths || !shown)
		goto out;
	marks[0] = (struct mark){
		slabcheck_source_path(
			finding->location.file ? finding->location.file : "",
			finding->directory),
		finding->location.file,
		finding->location.line,
		finding->location.column,
		finding->message,
		0
	};
	count = 1;
	for (const struct note *note = finding->notes; note;
	     note = note->next, count++)
		marks[count] = (struct mark){
			slabcheck_source_path(
				note->location.file ? note->location.file : "",
				finding->directory),
			note->location.file,
			note->location.line,
			note->location.column,
			note->message,
			(int)count
		};
	fprintf(out, "<article class=\"finding%s\" id=\"finding-%zu\">\n<h3>",
		finding->suppressed_by ? " suppressed" : "", index);
	fprintf(out, "<a href=\"#finding-%zu\">", index);
	location(out, finding->location.file, finding->location.line,
		 finding->location.column);
	fprintf(out, "</a>: <span class=\"level\">%s</span>: ",
		finding->suppressed_by ? "suppressed" : "warning");
	text(out, finding->message);
	/* A rule's help is below; slabcheck-suppression has none. */
	if (rule_help(finding->rule)) {
		fputs(" <a class=\"rule\" href=\"#rule-", out);
		text(out, finding->rule);
		fputs("\">[", out);
	} else {
		fputs(" <span class=\"rule\">[", out);
	}
	text(out, finding->rule);
	fputs(rule_help(finding->rule) ? "]</a>" : "]</span>", out);
	if (output->mark_new && finding->baseline_state) {
		fputs("<span class=\"badge\">", out);
		text(out,
		     strcmp(finding->baseline_state, "new") ? "known" : "new");
		fputs("</span>", out);
	}
	fputs("</h3>\n", out);
	if (finding->suppressed_by) {
		fputs("<p>Suppressed by ", out);
		text(out, finding->suppressed_by);
		fputs("</p>\n", out);
	}
	/* The finding's file first, then the notes' other files. */
	for (size_t i = 0; i < count; i++) {
		bool seen = false;

		for (size_t j = 0; j < shown_files; j++)
			seen |= !strcmp(paths[j], marks[i].path);
		if (seen)
			continue;
		paths[shown_files++] = marks[i].path;
		if (i) {
			fputs("<p>In ", out);
			text(out, marks[i].file);
			fputs(":</p>\n", out);
		}
		excerpt(out, source, marks[i].path, marks, count, context,
			shown);
	}
	/* What the source could not show: the file is gone, or the line. */
	for (size_t i = 0; i < count; i++) {
		if (shown[i])
			continue;
		fputs("<p>", out);
		location(out, marks[i].file, marks[i].line, marks[i].column);
		if (marks[i].note)
			fprintf(out, ": note %d: ", marks[i].note);
		else
			fputs(": warning: ", out);
		text(out, marks[i].message);
		fputs(" (source not readable)</p>\n", out);
	}
	fputs("</article>\n", out);
out:
	for (size_t i = 0; marks && i < count; i++)
		free((char *)marks[i].path);
	free(marks);
	free(paths);
	free(shown);
}

static int by_location(const void *a, const void *b)
{
	const struct finding *x = *(const struct finding *const *)a;
	const struct finding *y = *(const struct finding *const *)b;
	int files = strcmp(x->location.file ? x->location.file : "",
			   y->location.file ? y->location.file : "");

	if (files)
		return files;
	if (x->location.line != y->location.line)
		return x->location.line < y->location.line ? -1 : 1;
	return (x->location.column > y->location.column) -
	       (x->location.column < y->location.column);
}

static bool same_file(const struct finding *a, const struct finding *b)
{
	return !strcmp(a->location.file ? a->location.file : "",
		       b->location.file ? b->location.file : "");
}

static void summary(FILE *out, const struct finding **shown, size_t count,
		    const struct run_scope *scope,
		    const struct finding_counts *counts)
{
	size_t files = 0;

	for (size_t i = 0; i < count; i++)
		files += !i || !same_file(shown[i - 1], shown[i]);
	fprintf(out,
		"<h2 id=\"summary\">Summary</h2>\n<p>%zu %s checked. %zu %s "
		"shown in %zu %s: %zu new, %zu known, %zu suppressed.</p>\n",
		scope->units, scope->units == 1 ? "unit" : "units", count,
		count == 1 ? "finding" : "findings", files,
		files == 1 ? "file" : "files", counts->new_findings,
		counts->known, counts->suppressed);
	/* An audit page is read alone: what stderr said must be on it. */
	if (scope->failed)
		fprintf(out,
			"<p class=\"trouble\">%zu %s did not compile: their "
			"findings are missing from this report.</p>\n",
			scope->failed,
			scope->failed == 1 ? "file or object" :
					     "files or objects");
	if (scope->nothing_to_check)
		fputs("<p class=\"trouble\">No static kmem cache in any unit: "
		      "nothing was checked. <code>slabcheck convert</code> "
		      "lists the dynamic caches that could become "
		      "static.</p>\n",
		      out);
	fputs("<table><tr><th>Rule</th><th>Findings</th><th>Finds</th></tr>\n",
	      out);
	for (int rule = 0; rule < rule_count(); rule++) {
		size_t found = 0;

		for (size_t i = 0; i < count; i++)
			found += !strcmp(shown[i]->rule, rule_id(rule));
		fputs("<tr><td><a href=\"#rule-", out);
		text(out, rule_id(rule));
		fputs("\">", out);
		text(out, rule_id(rule));
		fprintf(out, "</a></td><td>%zu</td><td>", found);
		text(out, rule_summary(rule));
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
	if (!count)
		return;
	fputs("<h2 id=\"index\">Findings</h2>\n<table>"
	      "<tr><th>Where</th><th>Rule</th><th>Message</th></tr>\n",
	      out);
	for (size_t i = 0; i < count; i++) {
		fprintf(out, "<tr><td><a href=\"#finding-%zu\">", i + 1);
		location(out, shown[i]->location.file, shown[i]->location.line,
			 shown[i]->location.column);
		fputs("</a></td><td>", out);
		text(out, shown[i]->rule);
		fputs("</td><td>", out);
		text(out, shown[i]->message);
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* The help of each rule found, its heading left to the summary line. */
static void rules_help(FILE *out, const struct finding **shown, size_t count)
{
	const char *docs = installed_docs();
	char *uri = docs ? report_path_uri(docs, true) : NULL;
	const struct markdown_output how = { MARKDOWN_HTML, uri, 1 };
	bool any = false;

	for (int rule = 0; rule < rule_count(); rule++) {
		const char *help = rule_help(rule_id(rule));
		bool found = false;

		for (size_t i = 0; i < count; i++)
			found |= !strcmp(shown[i]->rule, rule_id(rule));
		if (!found || !help)
			continue;
		if (!any)
			fputs("<h2 id=\"rules\">Rules</h2>\n", out);
		any = true;
		if (!strncmp(help, "## ", 3))
			help += strcspn(help, "\n");
		fputs("<details class=\"help\" open id=\"rule-", out);
		text(out, rule_id(rule));
		fputs("\"><summary>", out);
		text(out, rule_id(rule));
		fputs(": ", out);
		text(out, rule_summary(rule));
		fputs("</summary>\n", out);
		markdown_render(help, &how, out);
		fputs("</details>\n", out);
	}
	free(uri);
}

int report_write_html(const struct report *report,
		      const struct output_options *output,
		      const struct run_scope *scope,
		      const struct finding_counts *counts, FILE *stream)
{
	const struct finding **shown =
		calloc(report->count + 1, sizeof(*shown));
	struct source source = { 0 };
	size_t count = 0;

	if (!shown)
		return -1;
	for (size_t i = 0; i < report->count; i++)
		if (!report->findings[i].suppressed_by ||
		    output->show_suppressed)
			shown[count++] = &report->findings[i];
	qsort(shown, count, sizeof(*shown), by_location);
	fprintf(stream,
		"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n"
		/* Nothing is fetched: no script, style, font or image. */
		"<meta http-equiv=\"Content-Security-Policy\" "
		"content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
		"<meta name=\"viewport\" content=\"width=device-width\">\n"
		"<title>slabcheck report</title>\n<style>%s</style>\n"
		"</head>\n<body>\n<h1>slabcheck report</h1>\n"
		"<p>slabcheck %s: checks of static slab caches "
		"for Linux kernel code.</p>\n",
		style, SLABCHECK_VERSION);
	summary(stream, shown, count, scope, counts);
	for (size_t i = 0; i < count; i++) {
		if (!i || !same_file(shown[i - 1], shown[i])) {
			fputs(i ? "</section>\n" : "", stream);
			fputs("<section class=\"file\">\n<h2>", stream);
			text(stream, shown[i]->location.file ?
					     shown[i]->location.file :
					     "<unknown>");
			fputs("</h2>\n", stream);
		}
		finding_html(stream, shown[i], i + 1, output, &source);
	}
	if (count)
		fputs("</section>\n", stream);
	rules_help(stream, shown, count);
	fputs("</body>\n</html>\n", stream);
	source_release(&source);
	free(shown);
	return ferror(stream) ? -1 : 0;
}
