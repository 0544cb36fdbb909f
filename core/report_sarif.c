// SPDX-License-Identifier: GPL-2.0
/*
 * Findings as SARIF 2.1.0, the format code-scanning services read: one run,
 * the rules with their ids, descriptions and a link to their section of
 * docs/rules.md, and one result per finding with its location, its notes
 * as related locations and a fingerprint that survives unrelated edits
 * (partialFingerprints).  Written with jansson; tests validate it against
 * the official schema.
 */
#include <jansson.h>
#include <string.h>

#include "report.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
/* Where docs/ is: the source tree, unless the build names another place. */
#ifndef SLABCHECK_DOCS_URI
#define SLABCHECK_DOCS_URI "file:///usr/share/doc/slabcheck/"
#endif
#define RULES_URI SLABCHECK_DOCS_URI "rules.md#"
#define FINGERPRINT_KEY "slabcheck/v1"

static json_t *message(const char *text)
{
	return json_pack("{s:s}", "text", text);
}

static json_t *physical_location(const struct source_location *at)
{
	json_t *region = json_object();

	/* SARIF lines and columns start at 1; 0 means "not known". */
	if (at->line)
		json_object_set_new(region, "startLine",
				    json_integer(at->line));
	if (at->line && at->column)
		json_object_set_new(region, "startColumn",
				    json_integer(at->column));
	return json_pack("{s:{s:{s:s}, s:o}}", "physicalLocation",
			 "artifactLocation", "uri", at->file ? at->file : "",
			 "region", region);
}

static json_t *rule_json(const char *id, const char *summary,
			 const char *description)
{
	char uri[256];

	snprintf(uri, sizeof(uri), "%s%s", RULES_URI, id);
	return json_pack("{s:s, s:o, s:o, s:s, s:{s:s}}", "id", id,
			 "shortDescription", message(summary),
			 "fullDescription", message(description), "helpUri",
			 uri, "defaultConfiguration", "level", "warning");
}

static json_t *rules_json(void)
{
	json_t *rules = json_array();

	for (int i = 0; i < rule_count(); i++)
		json_array_append_new(rules,
				      rule_json(rule_id(i), rule_summary(i),
						rule_description(i)));
	json_array_append_new(
		rules, rule_json(SUPPRESSION_RULE,
				 "A suppression or configuration problem",
				 "A suppression comment without a reason or "
				 "with an unknown rule, a suppression that "
				 "matches nothing, or a configuration file "
				 "that cannot be read."));
	return rules;
}

static int rule_index(const char *id)
{
	int index = rule_find(id);

	return index >= 0 ? index : rule_count();
}

static json_t *result_json(const struct finding *finding)
{
	json_t *related = json_array();
	json_t *result;
	int id = 0;

	for (const struct note *note = finding->notes; note;
	     note = note->next) {
		json_t *location = physical_location(&note->location);

		json_object_set_new(location, "id", json_integer(id++));
		json_object_set_new(location, "message",
				    message(note->message));
		json_array_append_new(related, location);
	}
	result = json_pack(
		"{s:s, s:i, s:s, s:o, s:[o], s:{s:s}}", "ruleId", finding->rule,
		"ruleIndex", rule_index(finding->rule), "level", "warning",
		"message", message(finding->message), "locations",
		physical_location(&finding->location), "partialFingerprints",
		FINGERPRINT_KEY, finding->fingerprint);
	if (json_array_size(related))
		json_object_set_new(result, "relatedLocations", related);
	else
		json_decref(related);
	if (finding->suppressed_by)
		json_object_set_new(result, "suppressions",
				    json_pack("[{s:s, s:s}]", "kind",
					      "inSource", "justification",
					      finding->suppressed_by));
	return result;
}

int report_write_sarif(struct report *report, FILE *stream,
		       bool with_suppressed)
{
	json_t *results = json_array();
	json_t *root;
	int status;

	report_finish(report);
	for (size_t i = 0; i < report->count; i++)
		if (with_suppressed || !report->findings[i].suppressed_by)
			json_array_append_new(
				results, result_json(&report->findings[i]));
	root = json_pack(
		"{s:s, s:s, s:[{s:{s:{s:s, s:s, s:s, s:o}}, s:o, s:s}]}",
		"$schema", SARIF_SCHEMA, "version", "2.1.0", "runs", "tool",
		"driver", "name", "slabcheck", "version", SLABCHECK_VERSION,
		"informationUri", RULES_URI, "rules", rules_json(), "results",
		results, "columnKind", "unicodeCodePoints");
	status = json_dumpf(root, stream, JSON_INDENT(2));
	fputc('\n', stream);
	json_decref(root);
	return status;
}
