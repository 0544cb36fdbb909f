// SPDX-License-Identifier: GPL-2.0
/*
 * What `slabcheck convert` decides, as SARIF 2.1.0 (convert_sarif.h).
 * Regions are given both ways SARIF has for text: line and column (in
 * code points, as the run's columnKind says) and charOffset/charLength, so
 * that a consumer that reads either places an edit where the unified diff
 * does.  Written with jansson, as the findings' SARIF is
 * (core/reports/report_sarif.c); tests validate both against the official
 * schema.
 */
#define _GNU_SOURCE /* open_memstream() */
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "convert_sarif.h"
#include "report.h"
#include "source_scan.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SOURCE_ROOT "SRCROOT"

enum { RULE_CONVERTED, RULE_REFUSED };

struct convert_sarif {
	json_t *results;
};

static json_t *message(const char *text)
{
	return json_pack("{s:s}", "text", text);
}

/* A byte of UTF-8 that starts a code point (SARIF counts code points). */
static bool starts_code_point(char byte)
{
	return ((unsigned char)byte & 0xc0) != 0x80;
}

/* Where byte 'offset' of the text is: its line, column and code point. */
struct text_position {
	size_t line;
	size_t column;
	size_t character;
};

static struct text_position position_of(const char *text, size_t length,
					size_t offset)
{
	struct text_position at = { 1, 1, 0 };

	for (size_t i = 0; i < offset && i < length; i++) {
		if (!starts_code_point(text[i]))
			continue;
		at.character++;
		if (text[i] == '\n') {
			at.line++;
			at.column = 1;
		} else {
			at.column++;
		}
	}
	return at;
}

static json_t *text_region(const struct convert_source *source, size_t begin,
			   size_t end)
{
	struct text_position first =
		position_of(source->text, source->length, begin);
	struct text_position last =
		position_of(source->text, source->length, end);

	return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "startLine",
			 (json_int_t)first.line, "startColumn",
			 (json_int_t)first.column, "endLine",
			 (json_int_t)last.line, "endColumn",
			 (json_int_t)last.column, "charOffset",
			 (json_int_t)first.character, "charLength",
			 (json_int_t)(last.character - first.character));
}

/*
 * The file, relative to the current directory (SRCROOT) when under it, as
 * the unified diff names it; else an absolute file: URI.
 */
static json_t *artifact_location(const char *path)
{
	char directory[PATH_MAX];
	const char *relative =
		convert_relative_path(path, directory, sizeof(directory));
	json_t *location;
	char *uri;

	if (relative[0] == '/') {
		uri = report_path_uri(relative, true);
		location = json_pack("{s:s}", "uri", uri ? uri : "");
	} else {
		uri = report_path_uri(relative, false);
		location = json_pack("{s:s, s:s}", "uri", uri ? uri : "",
				     "uriBaseId", SOURCE_ROOT);
	}
	free(uri);
	return location;
}

static void add_replacement(json_t *replacements,
			    const struct convert_source *source,
			    const struct text_edit *edit)
{
	json_array_append_new(
		replacements,
		json_pack("{s:o, s:{s:s}}", "deletedRegion",
			  text_region(source, edit->begin, edit->end),
			  "insertedContent", "text", edit->replacement));
}

/* The conversion's edits and the header's include, in the text's order. */
static json_t *fix_json(const struct conversion *conversion,
			const struct convert_source *source,
			const struct convert_patch *patch)
{
	const struct text_edits *edits = &patch->edits;
	json_t *replacements = json_array();
	const struct text_edit *include = NULL;
	char *description;
	json_t *fix;

	if (patch->include_edit < edits->count)
		include = &edits->edits[patch->include_edit];
	for (size_t i = 0; i < conversion->edit_count; i++) {
		const struct text_edit *edit =
			&edits->edits[conversion->first_edit + i];

		/* Edits never overlap (the patch withdraws those that would).
		 */
		if (include && include->begin <= edit->begin) {
			add_replacement(replacements, source, include);
			include = NULL;
		}
		add_replacement(replacements, source, edit);
	}
	if (include)
		add_replacement(replacements, source, include);
	if (asprintf(&description, "Make '%s' a static instance set up by %s()",
		     conversion->pointer->name, conversion->setup) < 0)
		description = NULL;
	fix = json_pack("{s:{s:s}, s:[{s:o, s:o}]}", "description", "text",
			description ? description : "", "artifactChanges",
			"artifactLocation", artifact_location(source->path),
			"replacements", replacements);
	free(description);
	/* A global's: its header's extern too. */
	if (conversion->header < patch->header_count) {
		const struct convert_header_patch *header =
			&patch->headers[conversion->header];
		json_t *header_replacements = json_array();

		add_replacement(header_replacements, &header->source,
				&header->edits.edits[conversion->header_edit]);
		json_array_append_new(
			json_object_get(fix, "artifactChanges"),
			json_pack("{s:o, s:o}", "artifactLocation",
				  artifact_location(header->path),
				  "replacements", header_replacements));
	}
	return fix;
}

static json_t *result_json(const struct conversion *conversion,
			   const struct convert_source *source,
			   const struct convert_patch *patch)
{
	const struct cache_pointer *pointer = conversion->pointer;
	bool converted = conversion->refusal == CONVERSION_ACCEPTED;
	char *text = NULL;
	size_t size = 0;
	FILE *stream = open_memstream(&text, &size);
	json_t *region, *result;

	if (stream) {
		fprintf(stream, "%s: ", pointer->name);
		convert_describe(conversion, stream);
		fclose(stream);
	}
	if (pointer->name_span.known)
		region = text_region(source, pointer->name_span.begin,
				     pointer->name_span.end);
	else
		region = json_pack("{s:I}", "startLine",
				   (json_int_t)pointer->location.line);
	result = json_pack(
		"{s:s, s:i, s:s, s:o, s:[{s:{s:o, s:o}}], s:{s:s, s:s}}",
		"ruleId", converted ? "convert" : "convert-refused",
		"ruleIndex", converted ? RULE_CONVERTED : RULE_REFUSED, "level",
		converted ? "warning" : "note", "message",
		message(text ? text : ""), "locations", "physicalLocation",
		"artifactLocation",
		artifact_location(pointer->location.file ?
					  pointer->location.file :
					  source->path),
		"region", region, "properties", "cache", pointer->name,
		converted ? "setup" : "reason",
		converted ? conversion->setup :
			    conversion_refusal_names[conversion->refusal]);
	free(text);
	if (converted) {
		json_object_set_new(
			result, "fixes",
			json_pack("[o]", fix_json(conversion, source, patch)));
	}
	return result;
}

void convert_sarif_write_unit(const struct conversion *conversions,
			      size_t count, const struct convert_source *source,
			      const struct convert_patch *patch, FILE *stream)
{
	json_t *results = json_array();

	for (size_t i = 0; i < count; i++)
		json_array_append_new(
			results, result_json(&conversions[i], source, patch));
	json_dumpf(results, stream, JSON_COMPACT);
	fputc('\n', stream);
	json_decref(results);
}

struct convert_sarif *convert_sarif_create(void)
{
	struct convert_sarif *sarif = calloc(1, sizeof(*sarif));

	if (!sarif)
		abort();
	sarif->results = json_array();
	return sarif;
}

bool convert_sarif_add_line(struct convert_sarif *sarif, const char *line)
{
	json_t *results;

	if (line[0] != '[')
		return false;
	results = json_loads(line, 0, NULL);
	if (!json_is_array(results)) {
		json_decref(results);
		return false;
	}
	json_array_extend(sarif->results, results);
	json_decref(results);
	return true;
}

static json_t *rules_json(void)
{
	return json_pack(
		"[{s:s, s:{s:s}, s:{s:s}, s:{s:s}},"
		" {s:s, s:{s:s}, s:{s:s}, s:{s:s}}]",
		"id", "convert", "shortDescription", "text",
		"A dynamic cache that can be a static instance",
		"fullDescription", "text",
		"A pointer to a dynamic cache, created once on an init path "
		"and otherwise only passed on, that can become a static "
		"instance (struct kmem_cache_opaque) set up in place; the fix "
		"converts it in the series' shape.",
		"defaultConfiguration", "level", "warning", "id",
		"convert-refused", "shortDescription", "text",
		"A dynamic cache that stays dynamic", "fullDescription", "text",
		"A pointer to a dynamic cache that cannot become a static "
		"instance, with the reason (docs/convert.md).",
		"defaultConfiguration", "level", "note");
}

int convert_sarif_finish(struct convert_sarif *sarif, const char *directory,
			 FILE *stream)
{
	json_t *run, *root;
	char *base, *uri = NULL;
	int status;

	run = json_pack("{s:{s:{s:s, s:s, s:o}}, s:o, s:s}", "tool", "driver",
			"name", "slabcheck convert", "version",
			SLABCHECK_VERSION, "rules", rules_json(), "results",
			sarif->results, "columnKind", "unicodeCodePoints");
	if (directory && asprintf(&base, "%s/", directory) >= 0) {
		uri = report_path_uri(base, true);
		free(base);
	}
	if (uri)
		json_object_set_new(
			run, "originalUriBaseIds",
			json_pack("{s:{s:s}}", SOURCE_ROOT, "uri", uri));
	free(uri);
	root = json_pack("{s:s, s:s, s:[o]}", "$schema", SARIF_SCHEMA,
			 "version", "2.1.0", "runs", run);
	status = json_dumpf(root, stream, JSON_INDENT(2));
	fputc('\n', stream);
	json_decref(root);
	free(sarif);
	return status;
}
