// SPDX-License-Identifier: GPL-2.0
/*
 * Suppressions, one syntax for every front-end: the core reads them from the
 * source files itself, so whatever compiler described the unit, the same
 * comment silences the same finding.
 *
 * On the line of a finding or the line before it:
 *
 *   / * slabcheck: ignore RULE[,RULE...] -- REASON * /   (or a // comment)
 *
 * The reason is required: a suppression without one silences nothing and
 * is itself reported, as is one naming a rule that does not exist.  The
 * `.slabcheck` configuration file (core/reports/config_file.c) turns rules off
 * per path.  A silenced finding is kept, marked with what silenced it, for
 * --show-suppressed.  Problems with suppressions and configuration files
 * are reported under the id SUPPRESSION_RULE.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "config_file.h"
#include "report.h"

#define MARKER "slabcheck:"

struct suppression {
	unsigned int line;
	unsigned int column;
	unsigned int rules; /* bit i: rule i */
	char *reason;	    /* NULL: malformed, see 'problem' */
	const char *problem;
	bool used;
};

struct source_file {
	char *name; /* as the first finding or caller spelled it */
	char *path; /* what is read: absolute, without "." or ".." */
	struct suppression *suppressions;
	size_t count;
};

struct suppressor {
	struct report *report;
	struct source_file *files;
	size_t file_count;
	struct config_cache configs;
};

static void add_suppression(struct source_file *file,
			    const struct suppression *suppression)
{
	file->suppressions = realloc(file->suppressions,
				     (file->count + 1) * sizeof(*suppression));
	CHECK(file->suppressions != NULL);
	file->suppressions[file->count++] = *suppression;
}

static const char *skip_blanks(const char *text)
{
	while (*text == ' ' || *text == '\t')
		text++;
	return text;
}

/* Parses what follows "slabcheck:" on one line. */
static void parse_suppression(struct source_file *file, const char *text,
			      unsigned int line, unsigned int column)
{
	struct suppression suppression = { .line = line, .column = column };
	const char *end;
	char name[64];

	text = skip_blanks(text);
	if (strncmp(text, "ignore", 6))
		return; /* a mention of slabcheck, not a suppression */
	text = skip_blanks(text + 6);
	while (*text && !isspace((unsigned char)*text)) {
		size_t length = strcspn(text, ", \t");
		int rule;

		snprintf(name, sizeof(name), "%.*s", (int)length, text);
		rule = rule_find(name);
		if (rule < 0) {
			suppression.problem = "names no rule of slabcheck";
			add_suppression(file, &suppression);
			return;
		}
		suppression.rules |= 1u << rule;
		text += length;
		if (*text == ',')
			text++;
	}
	text = skip_blanks(text);
	if (!suppression.rules || strncmp(text, "--", 2)) {
		suppression.problem = suppression.rules ? "has no '-- reason'" :
							  "names no rule";
		add_suppression(file, &suppression);
		return;
	}
	text = skip_blanks(text + 2);
	end = strstr(text, "*/");
	if (!end)
		end = text + strcspn(text, "\r\n");
	while (end > text && isspace((unsigned char)end[-1]))
		end--;
	if (end == text) {
		suppression.problem = "has no '-- reason'";
		add_suppression(file, &suppression);
		return;
	}
	suppression.reason = strndup(text, (size_t)(end - text));
	CHECK(suppression.reason != NULL);
	add_suppression(file, &suppression);
}

/*
 * One spelling per file: "a.c", "./a.c" and "/src/a.c" are one file, and
 * the link step, run anywhere, reads the file the compile read.
 */
char *slabcheck_source_path(const char *name, const char *directory)
{
	char *joined, *resolved;

	if (name[0] == '/' || !directory || !*directory)
		joined = strdup(name);
	else if (asprintf(&joined, "%s/%s", directory, name) < 0)
		joined = NULL;
	CHECK(joined != NULL);
	resolved = realpath(joined, NULL);
	if (!resolved)
		return joined;
	free(joined);
	return resolved;
}

const char *slabcheck_path_below(const char *path, const char *directory)
{
	size_t length = strlen(directory);

	if (strncmp(path, directory, length) || path[length] != '/')
		return NULL;
	return path + length + 1;
}

static struct source_file *source_file(struct suppressor *suppressor,
				       const char *name, const char *directory)
{
	struct source_file *file;
	FILE *stream;
	char *text = NULL, *path = slabcheck_source_path(name, directory);
	size_t size = 0;
	unsigned int line = 0;

	for (size_t i = 0; i < suppressor->file_count; i++) {
		if (strcmp(suppressor->files[i].path, path))
			continue;
		free(path);
		return &suppressor->files[i];
	}
	suppressor->files = realloc(suppressor->files, (suppressor->file_count +
							1) * sizeof(*file));
	CHECK(suppressor->files != NULL);
	file = &suppressor->files[suppressor->file_count++];
	memset(file, 0, sizeof(*file));
	file->name = strdup(name);
	CHECK(file->name != NULL);
	file->path = path;
	stream = fopen(path, "r");
	if (!stream)
		return file;
	while (getline(&text, &size, stream) >= 0) {
		const char *marker = strstr(text, MARKER);

		line++;
		/* Only in a comment: a string that mentions it is not one. */
		if (marker && (strstr(text, "/*") || strstr(text, "//")))
			parse_suppression(file, marker + strlen(MARKER), line,
					  (unsigned int)(marker - text) + 1);
	}
	free(text);
	fclose(stream);
	return file;
}

static bool suppress_by_comment(struct suppressor *suppressor,
				struct source_file *file,
				struct finding *finding, int rule)
{
	bool silenced = false;

	for (size_t i = 0; i < file->count; i++) {
		struct suppression *suppression = &file->suppressions[i];
		char *by;

		if (!suppression->reason ||
		    !(suppression->rules & (1u << rule)) ||
		    (suppression->line != finding->location.line &&
		     suppression->line + 1 != finding->location.line))
			continue;
		suppression->used = true;
		if (silenced || finding->suppressed_by)
			continue;
		if (asprintf(&by, "%s:%u: %s", file->name, suppression->line,
			     suppression->reason) < 0)
			continue;
		finding->suppressed_by = report_string(suppressor->report, by);
		free(by);
		silenced = true;
	}
	return silenced;
}

static void suppress_by_config(struct suppressor *suppressor,
			       const struct source_file *file,
			       struct finding *finding, int rule)
{
	struct config *config = config_find(&suppressor->configs, file->path);
	const struct config_entry *entry;
	char *by;

	if (!config)
		return;
	if (config->error[0] && !config->error_reported) {
		config->error_reported = true;
		report_finding(suppressor->report, SUPPRESSION_RULE,
			       (struct source_location){ config->path, 0, 0 },
			       "configuration file: %s", config->error);
	}
	entry = config_disables(config, file->path, rule);
	if (!entry || finding->suppressed_by)
		return;
	if (asprintf(&by, "%s:%u: disable %s %s", config->path, entry->line,
		     finding->rule, entry->prefix) < 0)
		return;
	finding->suppressed_by = report_string(suppressor->report, by);
	free(by);
}

static void report_problems(struct suppressor *suppressor, bool unused)
{
	for (size_t f = 0; f < suppressor->file_count; f++) {
		const struct source_file *file = &suppressor->files[f];

		for (size_t i = 0; i < file->count; i++) {
			const struct suppression *suppression =
				&file->suppressions[i];
			struct source_location at = { file->name,
						      suppression->line,
						      suppression->column };

			if (!suppression->reason)
				report_finding(suppressor->report,
					       SUPPRESSION_RULE, at,
					       "malformed suppression: it %s, "
					       "and silences nothing",
					       suppression->problem);
			else if (unused && !suppression->used)
				report_finding(suppressor->report,
					       SUPPRESSION_RULE, at,
					       "suppression matches no "
					       "finding");
		}
	}
}

void slabcheck_suppress(struct report *report,
			const struct slabcheck_options *options,
			const char *const *files,
			const char *const *directories, size_t file_count)
{
	struct suppressor suppressor = { .report = report };
	size_t count = report->count;

	for (size_t i = 0; i < file_count; i++)
		if (files[i])
			source_file(&suppressor, files[i],
				    directories ? directories[i] : NULL);
	for (size_t i = 0; i < count; i++) {
		struct finding *finding = &report->findings[i];
		int rule = rule_find(finding->rule);
		struct source_file *file;

		if (rule < 0 || !finding->location.file)
			continue;
		file = source_file(&suppressor, finding->location.file,
				   finding->directory);
		/* Already silenced by a compile: still marks its comment. */
		if (!suppress_by_comment(&suppressor, file, finding, rule))
			suppress_by_config(&suppressor, file, finding, rule);
	}
	report_problems(&suppressor, options->report_unused);
	for (size_t f = 0; f < suppressor.file_count; f++) {
		for (size_t i = 0; i < suppressor.files[f].count; i++)
			free(suppressor.files[f].suppressions[i].reason);
		free(suppressor.files[f].suppressions);
		free(suppressor.files[f].name);
		free(suppressor.files[f].path);
	}
	free(suppressor.files);
	config_cache_release(&suppressor.configs);
}
