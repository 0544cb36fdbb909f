// SPDX-License-Identifier: GPL-2.0
/*
 * Findings as SARIF 2.1.0, the format code-scanning services read: one run,
 * the rules with their ids, descriptions and help (their section of
 * docs/rules.md, with a link to it at the public address the build names,
 * else where it is installed on this machine), and one result per finding
 * with its location, the events of its path as related locations and as a
 * code flow (codeFlows), and a fingerprint that survives unrelated edits
 * (partialFingerprints).  Files are URIs relative to the report's source
 * roots (originalUriBaseIds), so that a code-scanning service can place
 * them in its own checkout; columns count characters, as the run's
 * columnKind says.  Written with jansson; tests validate it against the
 * official schema.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
/* A public address of docs/ ("https://.../"), or "": no links. */
#ifndef SLABCHECK_DOCS_URL
#define SLABCHECK_DOCS_URL ""
#endif
#define FINGERPRINT_KEY "slabcheck/v1"

static json_t *message(const char *text)
{
	return json_pack("{s:s}", "text", text);
}

char *report_path_uri(const char *path, bool absolute)
{
	static const char hex[] = "0123456789ABCDEF";
	char *uri = malloc(strlen(path) * 3 + 8), *out = uri;

	if (!uri)
		return NULL;
	if (absolute)
		out = stpcpy(out, "file://");
	for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
		if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || strchr("-._~/", *c)) {
			*out++ = (char)*c;
			continue;
		}
		*out++ = '%';
		*out++ = hex[*c >> 4];
		*out++ = hex[*c & 15];
	}
	*out = '\0';
	return uri;
}

/*
 * Relative to a source root when one holds the file (with its uriBaseId),
 * else absolute; a file the compiler named relative to a directory
 * slabcheck does not know stays as it was named.
 */
static json_t *artifact_location(const struct report *report, const char *file,
				 const char *directory)
{
	const char *relative;
	int root = report_root_of(report, file, directory, &relative);
	json_t *location;
	char *uri;

	if (root >= 0) {
		uri = report_path_uri(relative, false);
		location = json_pack("{s:s, s:s}", "uri", uri ? uri : "",
				     "uriBaseId", report->roots[root].base_id);
	} else if (file && (file[0] == '/' || (directory && *directory))) {
		char *path = slabcheck_source_path(file, directory);

		uri = report_path_uri(path, true);
		free(path);
		location = json_pack("{s:s}", "uri", uri ? uri : "");
	} else {
		uri = report_path_uri(file ? file : "", false);
		location = json_pack("{s:s}", "uri", uri ? uri : "");
	}
	free(uri);
	return location;
}

static json_t *physical_location(const struct report *report,
				 const struct source_location *at,
				 const char *directory)
{
	json_t *region = json_object();

	/* SARIF lines and columns start at 1; 0 means "not known". */
	if (at->line)
		json_object_set_new(region, "startLine",
				    json_integer(at->line));
	if (at->line && at->column)
		json_object_set_new(
			region, "startColumn",
			json_integer(report_character_column(
				at->file, directory, at->line, at->column)));
	return json_pack("{s:{s:o, s:o}}", "physicalLocation",
			 "artifactLocation",
			 artifact_location(report, at->file, directory),
			 "region", region);
}

static const struct report_rule_help *
find_help(const struct report_rule_help *help, const char *id)
{
	for (; help && help->rule; help++)
		if (!strcmp(help->rule, id))
			return help;
	return NULL;
}

static json_t *rule_json(const char *id, const char *summary,
			 const char *description,
			 const struct report_rule_help *help)
{
	json_t *rule = json_pack("{s:s, s:o, s:o, s:{s:s}}", "id", id,
				 "shortDescription", message(summary),
				 "fullDescription", message(description),
				 "defaultConfiguration", "level", "warning");
	char *uri;

	if (help && help->text) {
		json_t *text = message(help->text);

		if (help->markdown)
			json_object_set_new(text, "markdown",
					    json_string(help->markdown));
		json_object_set_new(rule, "help", text);
	}
	/* Markdown anchors are the heading's text: the rule id. */
	if (*SLABCHECK_DOCS_URL &&
	    asprintf(&uri, "%srules.md#%s", SLABCHECK_DOCS_URL, id) >= 0) {
		json_object_set_new(rule, "helpUri", json_string(uri));
		free(uri);
	} else if (help && help->uri) {
		json_object_set_new(rule, "helpUri", json_string(help->uri));
	}
	return rule;
}

static json_t *rules_json(const struct report_rule_help *help)
{
	json_t *rules = json_array();

	for (int i = 0; i < rule_count(); i++)
		json_array_append_new(rules,
				      rule_json(rule_id(i), rule_summary(i),
						rule_description(i),
						find_help(help, rule_id(i))));
	json_array_append_new(
		rules, rule_json(SUPPRESSION_RULE,
				 "A suppression or configuration problem",
				 "A suppression comment without a reason or "
				 "with an unknown rule, a suppression that "
				 "matches nothing, or a configuration file "
				 "that cannot be read.",
				 find_help(help, SUPPRESSION_RULE)));
	return rules;
}

static int rule_index(const char *id)
{
	int index = rule_find(id);

	return index >= 0 ? index : rule_count();
}

/* One step of a thread flow: where, what, and how telling. */
static json_t *flow_step(const struct report *report,
			 const struct finding *finding,
			 const struct source_location *at, const char *text,
			 const char *importance)
{
	json_t *location = physical_location(report, at, finding->directory);

	json_object_set_new(location, "message", message(text));
	return json_pack("{s:o, s:s}", "location", location, "importance",
			 importance);
}

/*
 * The path that makes the finding true: every event in path order, then
 * the finding itself, as one thread flow (the finding and its key events
 * "essential", the calls that lead to them "important": a viewer's
 * shortest view keeps what makes the finding true).
 */
static json_t *code_flows(const struct report *report,
			  const struct finding *finding)
{
	json_t *steps = json_array();

	for (const struct note *note = finding->notes; note; note = note->next)
		json_array_append_new(
			steps,
			flow_step(report, finding, &note->location,
				  note->message,
				  note->step ? "important" : "essential"));
	json_array_append_new(steps,
			      flow_step(report, finding, &finding->location,
					finding->message, "essential"));
	return json_pack("[{s:[{s:o}]}]", "threadFlows", "locations", steps);
}

static json_t *result_json(const struct report *report,
			   const struct finding *finding)
{
	json_t *related = json_array();
	json_t *result;
	int id = 0;

	for (const struct note *note = finding->notes; note;
	     note = note->next) {
		json_t *location = physical_location(report, &note->location,
						     finding->directory);

		json_object_set_new(location, "id", json_integer(id++));
		json_object_set_new(location, "message",
				    message(note->message));
		json_array_append_new(related, location);
	}
	result = json_pack(
		"{s:s, s:i, s:s, s:o, s:[o], s:{s:s}}", "ruleId", finding->rule,
		"ruleIndex", rule_index(finding->rule), "level", "warning",
		"message", message(finding->message), "locations",
		physical_location(report, &finding->location,
				  finding->directory),
		"partialFingerprints", FINGERPRINT_KEY, finding->fingerprint);
	if (json_array_size(related)) {
		json_object_set_new(result, "relatedLocations", related);
		json_object_set_new(result, "codeFlows",
				    code_flows(report, finding));
	} else {
		json_decref(related);
	}
	if (finding->baseline_state)
		json_object_set_new(result, "baselineState",
				    json_string(finding->baseline_state));
	if (finding->suppressed_by)
		json_object_set_new(result, "suppressions",
				    json_pack("[{s:s, s:s}]", "kind",
					      "inSource", "justification",
					      finding->suppressed_by));
	return result;
}

/* Where each base id is, as an absolute URI ending in '/'. */
static json_t *base_ids_json(const struct report *report)
{
	json_t *bases = json_object();

	for (size_t i = 0; i < report->root_count; i++) {
		char *directory, *uri;

		if (asprintf(&directory, "%s/", report->roots[i].path) < 0)
			continue;
		uri = report_path_uri(directory, true);
		free(directory);
		if (uri)
			json_object_set_new(bases, report->roots[i].base_id,
					    json_pack("{s:s}", "uri", uri));
		free(uri);
	}
	return bases;
}

int report_write_sarif(struct report *report, FILE *stream,
		       bool with_suppressed,
		       const struct report_rule_help *help)
{
	json_t *results = json_array();
	json_t *root, *driver, *run;
	int status;

	report_finish(report);
	for (size_t i = 0; i < report->count; i++)
		if (with_suppressed || !report->findings[i].suppressed_by)
			json_array_append_new(
				results,
				result_json(report, &report->findings[i]));
	driver = json_pack("{s:s, s:s, s:o}", "name", "slabcheck", "version",
			   SLABCHECK_VERSION, "rules", rules_json(help));
	if (*SLABCHECK_DOCS_URL)
		json_object_set_new(driver, "informationUri",
				    json_string(SLABCHECK_DOCS_URL));
	run = json_pack("{s:{s:o}, s:o, s:s}", "tool", "driver", driver,
			"results", results, "columnKind", "unicodeCodePoints");
	if (report->root_count)
		json_object_set_new(run, "originalUriBaseIds",
				    base_ids_json(report));
	root = json_pack("{s:s, s:s, s:[o]}", "$schema", SARIF_SCHEMA,
			 "version", "2.1.0", "runs", run);
	status = json_dumpf(root, stream, JSON_INDENT(2));
	fputc('\n', stream);
	json_decref(root);
	return status;
}
