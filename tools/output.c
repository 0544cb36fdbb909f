// SPDX-License-Identifier: GPL-2.0
/*
 * What the slabcheck command prints, for people and for CI: text (with
 * source context when asked), JSON, SARIF (with each rule's help from
 * docs/rules.md) or one HTML page for audits (tools/report_html.c);
 * baselines, so that a bot
 * reports only the findings a patch adds; and the suppressions that
 * silenced findings.  docs/reports.md describes each.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "help.h"
#include "locate.h"
#include "markdown.h"
#include "output.h"
#include "report.h"
#include "report_html.h"

#define BASELINE_FORMAT "slabcheck-baseline"
#define BASELINE_VERSION 1

void output_init(struct output_options *output)
{
	memset(output, 0, sizeof(*output));
}

/* A count of lines: digits only, not too many. */
static int parse_count(const char *text, int *count, char *error, size_t size)
{
	char *end;
	long value = strtol(text, &end, 10);

	if (!*text || *end || *text == '-' || *text == '+' || value > 10000) {
		snprintf(error, size,
			 "--context takes a count of lines up to 10000, not "
			 "'%s'",
			 text);
		return -1;
	}
	*count = (int)value;
	return 1;
}

/* The core's option, through the core's one parser, with its message. */
static int parse_path(struct output_options *output, const char *value,
		      char *error, size_t size)
{
	struct slabcheck_options options;

	options_init(&options);
	if (options_parse(&options, "path", value, error, size))
		return -1;
	output->path = options.path;
	return 1;
}

int output_parse(struct output_options *output, const char *argument,
		 char *error, size_t size)
{
	if (!strcmp(argument, "--format=text"))
		output->format = FORMAT_TEXT;
	else if (!strcmp(argument, "--format=json"))
		output->format = FORMAT_JSON;
	else if (!strcmp(argument, "--format=sarif"))
		output->format = FORMAT_SARIF;
	else if (!strcmp(argument, "--format=html"))
		output->format = FORMAT_HTML;
	else if (!strncmp(argument, "--format=", 9)) {
		snprintf(error, size,
			 "--format takes text, json, sarif or html, not '%s'",
			 argument + 9);
		return -1;
	} else if (!strncmp(argument, "--path=", 7))
		return parse_path(output, argument + 7, error, size);
	else if (!strncmp(argument, "--context=", 10))
		return parse_count(argument + 10, &output->context, error,
				   size);
	else if (!strncmp(argument, "--baseline=", 11))
		output->baseline = argument + 11;
	else if (!strncmp(argument, "--write-baseline=", 17))
		output->write_baseline = argument + 17;
	else if (!strcmp(argument, "--mark-new"))
		output->mark_new = true;
	else if (!strncmp(argument, "--source-root=", 14))
		output->source_root = argument + 14;
	else if (!strcmp(argument, "--quiet"))
		output->quiet = true;
	else if (!strcmp(argument, "--show-suppressed"))
		output->show_suppressed = true;
	else if (!strcmp(argument, "--report-unused"))
		output->report_unused = true;
	else
		return 0;
	return 1;
}

/* The fingerprints of a baseline file, or -1 when it cannot be read. */
static int read_baseline(const char *path, json_t **fingerprints)
{
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error), *findings, *entry;
	const char *format;
	json_int_t version;
	size_t index;

	if (!root) {
		fprintf(stderr, "slabcheck: %s: %s\n", path, error.text);
		return -1;
	}
	if (json_unpack(root, "{s:s, s:I, s:o}", "format", &format, "version",
			&version, "findings", &findings) ||
	    strcmp(format, BASELINE_FORMAT) || version != BASELINE_VERSION) {
		fprintf(stderr, "slabcheck: %s: not %s version %d\n", path,
			BASELINE_FORMAT, BASELINE_VERSION);
		json_decref(root);
		return -1;
	}
	*fingerprints = json_object();
	json_array_foreach(findings, index, entry)
	{
		const char *fingerprint = json_string_value(
			json_object_get(entry, "fingerprint"));

		if (fingerprint)
			json_object_set_new(*fingerprints, fingerprint,
					    json_true());
	}
	json_decref(root);
	return 0;
}

static int write_baseline(struct report *report, const char *path)
{
	json_t *findings = json_array(), *root;
	int status;

	for (size_t i = 0; i < report->count; i++) {
		const struct finding *finding = &report->findings[i];

		if (finding->suppressed_by)
			continue;
		json_array_append_new(
			findings,
			json_pack("{s:s, s:s, s:s, s:s, s:s}", "fingerprint",
				  finding->fingerprint, "rule", finding->rule,
				  "file", report_stable_path(report, finding),
				  "function",
				  finding->function ? finding->function : "",
				  "message", finding->message));
	}
	root = json_pack("{s:s, s:i, s:o}", "format", BASELINE_FORMAT,
			 "version", BASELINE_VERSION, "findings", findings);
	status = json_dump_file(root, path, JSON_INDENT(1));
	json_decref(root);
	if (status)
		fprintf(stderr, "slabcheck: cannot write %s\n", path);
	return status;
}

/* Lines around the finding, the way kernel CI reports quote code. */
static void print_context(FILE *stream, const struct source_location *at,
			  int context)
{
	FILE *source = at->file ? fopen(at->file, "r") : NULL;
	unsigned int first = at->line > (unsigned int)context ?
				     at->line - (unsigned int)context :
				     1;
	unsigned int last = at->line + (unsigned int)context, line = 0;
	char *text = NULL;
	size_t size = 0;

	if (!source)
		return;
	while (getline(&text, &size, source) >= 0 && ++line <= last) {
		if (line < first)
			continue;
		fprintf(stream, "%s %5u | %s", line == at->line ? ">>" : "  ",
			line, text);
		if (!strchr(text, '\n'))
			fputc('\n', stream);
	}
	free(text);
	fclose(source);
}

static void print_text(const struct report *report, FILE *stream,
		       const struct output_options *output)
{
	for (size_t i = 0; i < report->count; i++) {
		const struct finding *finding = &report->findings[i];
		const struct source_location *at = &finding->location;
		bool known = finding->baseline_state &&
			     !strcmp(finding->baseline_state, "unchanged");
		/* Marked, as the kernel test robot marks new warnings. */
		const char *mark = !output->mark_new ? "" : known ? "" : ">> ";

		if (finding->suppressed_by && !output->show_suppressed)
			continue;
		fprintf(stream, "%s%s:%u:%u: %s: %s [%s]\n", mark,
			at->file ? at->file : "<unknown>", at->line, at->column,
			finding->suppressed_by ? "suppressed" : "warning",
			finding->message, finding->rule);
		if (finding->suppressed_by)
			fprintf(stream, "  by %s\n", finding->suppressed_by);
		/* With marks, the code is quoted under the new ones only. */
		if (output->context > 0 && !(output->mark_new && known))
			print_context(stream, at, output->context);
		for (const struct note *note = finding->notes; note;
		     note = note->next)
			if (report_note_shown(finding, note, output->path))
				fprintf(stream, "%s%s:%u:%u: note: %s\n", mark,
					note->location.file ?
						note->location.file :
						"<unknown>",
					note->location.line,
					note->location.column, note->message);
	}
	fflush(stream);
}

static char *rendered(const char *markdown, const char *docs, bool resolve_only)
{
	const struct markdown_output how = { MARKDOWN_PLAIN, docs, 0 };
	char *text = NULL;
	size_t size = 0;
	FILE *memory = open_memstream(&text, &size);

	if (!memory)
		return NULL;
	if (resolve_only)
		markdown_resolve_links(markdown, docs, memory);
	else
		markdown_render(markdown, &how, memory);
	fclose(memory);
	return text;
}

/*
 * SARIF's help of each rule: its section of docs/rules.md, as text and as
 * Markdown, the links leading to the installed docs (text: their path;
 * Markdown and helpUri: their file: URI), when there are any.
 */
static struct report_rule_help *rules_help(void)
{
	struct report_rule_help *help =
		calloc((size_t)rule_count() + 1, sizeof(*help));
	const char *docs = installed_docs();
	char *docs_uri = docs ? report_path_uri(docs, true) : NULL;

	for (int i = 0, n = 0; help && i < rule_count(); i++) {
		const char *markdown = rule_help(rule_id(i));
		char *uri = NULL;

		if (!markdown)
			continue;
		if (docs_uri &&
		    asprintf(&uri, "%srules.md#%s", docs_uri, rule_id(i)) < 0)
			uri = NULL;
		help[n].rule = rule_id(i);
		help[n].text = rendered(markdown, docs, false);
		help[n].markdown = rendered(markdown, docs_uri, true);
		help[n++].uri = uri;
	}
	free(docs_uri);
	return help;
}

static void free_rules_help(struct report_rule_help *help)
{
	for (struct report_rule_help *rule = help; rule && rule->rule; rule++) {
		free((char *)rule->text);
		free((char *)rule->markdown);
		free((char *)rule->uri);
	}
	free(help);
}

/*
 * The findings of the baseline are not this change's: dropped, or with
 * mark_new kept and marked; the others are new.
 */
static void compare_with_baseline(struct report *report, json_t *known,
				  bool mark_new, struct finding_counts *counts)
{
	size_t kept = 0;

	for (size_t i = 0; i < report->count; i++) {
		struct finding *finding = &report->findings[i];
		bool in_baseline = json_object_get(known, finding->fingerprint);

		if (in_baseline && !finding->suppressed_by)
			counts->known++;
		if (in_baseline && !mark_new) {
			counts->suppressed += finding->suppressed_by != NULL;
			/* Freed by report_release() only up to count. */
			report_forget(report, i);
			continue;
		}
		finding->baseline_state = in_baseline ? "unchanged" : "new";
		report->findings[kept++] = *finding;
	}
	report->count = kept;
}

int output_report(struct report *report, const struct output_options *output,
		  const struct run_scope *scope, FILE *stream,
		  struct finding_counts *counts)
{
	struct report_rule_help *help;
	json_t *known = NULL;

	memset(counts, 0, sizeof(*counts));
	report_finish(report);
	/* Read first: the new baseline may replace the one read. */
	if (output->baseline && read_baseline(output->baseline, &known))
		return -1;
	if (output->write_baseline &&
	    write_baseline(report, output->write_baseline)) {
		json_decref(known);
		return -1;
	}
	if (known) {
		compare_with_baseline(report, known, output->mark_new, counts);
		json_decref(known);
	}
	for (size_t i = 0; i < report->count; i++) {
		const struct finding *finding = &report->findings[i];

		if (finding->suppressed_by)
			counts->suppressed++;
		else if (!finding->baseline_state ||
			 !strcmp(finding->baseline_state, "new"))
			counts->new_findings++;
	}
	switch (output->format) {
	case FORMAT_JSON:
		report_write_json(report, stream);
		break;
	case FORMAT_SARIF:
		help = rules_help();
		report_write_sarif(report, stream, output->show_suppressed,
				   help);
		free_rules_help(help);
		break;
	case FORMAT_HTML:
		report_write_html(report, output, scope, counts, stream);
		break;
	default:
		print_text(report, stream, output);
		break;
	}
	fflush(stream);
	return 0;
}
