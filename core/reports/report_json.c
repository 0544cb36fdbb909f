// SPDX-License-Identifier: GPL-2.0
/*
 * Findings as JSON, for tools that collect them from many compiles (the
 * slabcheck command reads what each compile's front-end wrote instead of
 * scraping compiler output).  Written and read with jansson.
 *
 *   { "format": "slabcheck-findings", "version": 1,
 *     "findings": [ { "file": ..., "line": N, "column": N, "rule": ...,
 *                     "message": ..., "function": ...,
 *                     "fingerprint": ... (once report_finish() ran),
 *                     "suppressed-by": ... (when a suppression matched),
 *                     "directory": ... (where the compiler ran, when
 *                     known: a relative "file" is relative to it),
 *                     "baseline-state": "new" or "unchanged" (compared
 *                     with a baseline, with --mark-new),
 *                     "events": [ { "file": ..., "line": N,
 *                     "column": N, "message": ..., "step": bool } ]
 *                     (the events of the path that make it true, in
 *                     path order; a step leads to a key event, and
 *                     path=short prints the key ones first) } ] }
 * Files written before events were read back take their "notes" as key
 * events.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

#define FINDINGS_FORMAT "slabcheck-findings"
#define FINDINGS_VERSION 1

static json_t *location_object(const struct source_location *at,
			       const char *message)
{
	return json_pack("{s:s, s:i, s:i, s:s}", "file",
			 at->file ? at->file : "", "line", (json_int_t)at->line,
			 "column", (json_int_t)at->column, "message", message);
}

int report_write_json(const struct report *report, FILE *stream)
{
	json_t *findings = json_array();
	json_t *root;
	int status;

	for (size_t i = 0; i < report->count; i++) {
		const struct finding *finding = &report->findings[i];
		json_t *entry, *events;

		/* A finding kept only for its events is no finding. */
		if (finding->events_only)
			continue;
		entry = location_object(&finding->location, finding->message);
		events = json_array();
		for (const struct note *note = finding->notes; note;
		     note = note->next) {
			json_t *event =
				location_object(&note->location, note->message);

			json_object_set_new(event, "step",
					    json_boolean(note->step));
			json_array_append_new(events, event);
		}
		json_object_set_new(entry, "rule", json_string(finding->rule));
		json_object_set_new(entry, "events", events);
		json_object_set_new(entry, "function",
				    json_string(finding->function ?
							finding->function :
							""));
		if (finding->fingerprint[0])
			json_object_set_new(entry, "fingerprint",
					    json_string(finding->fingerprint));
		if (finding->suppressed_by)
			json_object_set_new(
				entry, "suppressed-by",
				json_string(finding->suppressed_by));
		if (finding->directory)
			json_object_set_new(entry, "directory",
					    json_string(finding->directory));
		if (finding->baseline_state)
			json_object_set_new(
				entry, "baseline-state",
				json_string(finding->baseline_state));
		json_array_append_new(findings, entry);
	}
	root = json_pack("{s:s, s:i, s:o}", "format", FINDINGS_FORMAT,
			 "version", FINDINGS_VERSION, "findings", findings);
	status = json_dumpf(root, stream, JSON_INDENT(1) | JSON_SORT_KEYS);
	fputc('\n', stream);
	json_decref(root);
	return status;
}

static bool read_location(struct report *report, json_t *object,
			  struct source_location *at, const char **message)
{
	const char *file;
	json_int_t line, column;

	if (json_unpack(object, "{s:s, s:I, s:I, s:s}", "file", &file, "line",
			&line, "column", &column, "message", message))
		return false;
	at->file = report_string(report, file);
	at->line = (unsigned int)line;
	at->column = (unsigned int)column;
	return true;
}

int report_read_json(struct report *report, FILE *stream, char *error,
		     size_t error_size)
{
	json_error_t json_error;
	json_t *root = json_loadf(stream, 0, &json_error);
	json_t *findings, *entry;
	const char *format;
	json_int_t version;
	size_t index;

	if (!root) {
		snprintf(error, error_size, "line %d: %s", json_error.line,
			 json_error.text);
		return -1;
	}
	if (json_unpack(root, "{s:s, s:I, s:o}", "format", &format, "version",
			&version, "findings", &findings) ||
	    strcmp(format, FINDINGS_FORMAT) || version != FINDINGS_VERSION ||
	    !json_is_array(findings)) {
		snprintf(error, error_size, "not %s version %d",
			 FINDINGS_FORMAT, FINDINGS_VERSION);
		json_decref(root);
		return -1;
	}
	json_array_foreach(findings, index, entry)
	{
		struct source_location at;
		const char *message, *rule, *text;
		struct finding *finding;
		json_t *notes = json_object_get(entry, "events"), *note;
		size_t note_index;
		int rule_index;

		if (!read_location(report, entry, &at, &message) ||
		    json_unpack(entry, "{s:s}", "rule", &rule))
			continue;
		/* Rule ids are our interface: an unknown one is not ours. */
		rule_index = rule_find(rule);
		if (rule_index < 0 && strcmp(rule, SUPPRESSION_RULE))
			continue;
		finding = report_finding(report,
					 rule_index < 0 ? SUPPRESSION_RULE :
							  rule_id(rule_index),
					 at, "%s", message);
		if (!json_unpack(entry, "{s:s}", "function", &text))
			finding->function = report_string(report, text);
		if (!json_unpack(entry, "{s:s}", "suppressed-by", &text))
			finding->suppressed_by = report_string(report, text);
		if (!json_unpack(entry, "{s:s}", "directory", &text))
			finding->directory = report_string(report, text);
		if (!notes)
			notes = json_object_get(entry, "notes");
		json_array_foreach(notes, note_index, note)
		{
			if (!read_location(report, note, &at, &message))
				continue;
			if (json_is_true(json_object_get(note, "step")))
				report_step(finding, at, "%s", message);
			else
				report_note(finding, at, "%s", message);
		}
	}
	json_decref(root);
	return 0;
}
