// SPDX-License-Identifier: GPL-2.0
/*
 * Globals decided over the units of a run (globals.h).  A unit that only
 * names a global may pass its value on, to anything but a destroy (the
 * unit that defines it decides its lifetime), or return it: the macro of
 * the old name gives every such use the instance.  Anything else in any
 * file, a second declaration, or a file the run did not read, keeps it a
 * pointer.
 */
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "globals.h"
#include "source_scan.h"

#define FACT_PREFIX "slabcheck-global-fact\t"

void convert_instance_candidates(const char *name,
				 char candidates[INSTANCE_CANDIDATES][128])
{
	static const char suffix[] = "_cachep";
	size_t length = strlen(name);

	candidates[0][0] = '\0';
	if (length > sizeof(suffix) - 1 &&
	    strcmp(name + length - (sizeof(suffix) - 1), suffix) == 0)
		snprintf(candidates[0], 128, "%.*s", (int)(length - 1), name);
	snprintf(candidates[1], 128, "__%s", name);
	snprintf(candidates[2], 128, "%s_instance", name);
}

static void absolute_path(const char *path, const char *directory, char *out)
{
	if (!path || !path[0])
		out[0] = '\0';
	else if (path[0] == '/' || !directory)
		snprintf(out, GLOBAL_PATH_SIZE, "%s", path);
	else
		snprintf(out, GLOBAL_PATH_SIZE, "%s/%s", directory,
			 path[0] == '.' && path[1] == '/' ? path + 2 : path);
}

static unsigned int taken_names(const struct convert_source *source,
				const char *name)
{
	char candidates[INSTANCE_CANDIDATES][128];
	unsigned int taken = 0;

	convert_instance_candidates(name, candidates);
	for (unsigned int i = 0; i < INSTANCE_CANDIDATES; i++)
		if (!candidates[i][0] ||
		    source->identifier_used(candidates[i], source->context))
			taken |= 1u << i;
	return taken;
}

/* What a use in a file that only names the global may not do. */
static const char *const forbidden_uses[POINTER_USE_KIND_COUNT] = {
	[POINTER_ASSIGNED] = "it is assigned",
	[POINTER_TESTED] = "it is tested for NULL",
	[POINTER_COMPARED] = "it is compared with another pointer",
	[POINTER_STORED] = "its value is kept in other storage",
	[POINTER_ADDRESS_TAKEN] = "its address is taken",
	[POINTER_OTHER] = "it is used other than by passing its value",
};

static bool passes_to_destroy(const struct cache_pointer_use *use)
{
	const struct api_entry *entry =
		use->callee ? api_lookup(use->callee) : NULL;

	return use->kind == POINTER_PASSED && entry &&
	       entry->role == API_DESTROY;
}

/* A unit that names a global: its first use that is more than passing. */
static void judge_uses(const struct cache_pointer *pointer, const char *unit,
		       struct global_fact *fact)
{
	char directory[GLOBAL_PATH_SIZE];
	const char *shown =
		convert_shown_path(unit, directory, sizeof(directory));

	fact->refusal = CONVERSION_ACCEPTED;
	for (size_t i = 0; i < pointer->use_count; i++) {
		const struct cache_pointer_use *use = &pointer->uses[i];
		const char *what = forbidden_uses[use->kind];

		if (passes_to_destroy(use))
			what = "it is destroyed";
		if (!what)
			continue;
		fact->refusal = REFUSAL_USED_ELSEWHERE;
		snprintf(fact->reason, sizeof(fact->reason), "%s:%u: %s in %s",
			 shown, use->location.line, what,
			 use->function ? use->function :
					 "a file-scope initializer");
		return;
	}
}

static void describe_header(const struct cache_pointer *pointer,
			    const char *directory, struct global_fact *fact)
{
	absolute_path(pointer->header_declaration.file, directory,
		      fact->header);
	fact->header_line = pointer->header_declaration.line;
	fact->header_declarations = pointer->header_declaration_count;
	fact->declared_in_unit = pointer->declared_in_main_file;
}

size_t convert_global_facts(const struct translation_unit *tu,
			    const struct conversion *conversions, size_t count,
			    const struct convert_source *source,
			    const char *directory, struct global_fact **facts)
{
	size_t written = 0;

	*facts = calloc(tu->cache_pointer_count + 1, sizeof(**facts));
	if (!*facts)
		abort();
	for (size_t i = 0; i < count; i++) {
		const struct conversion *conversion = &conversions[i];
		struct global_fact *fact = &(*facts)[written];
		FILE *stream;

		if (!conversion->global)
			continue;
		snprintf(fact->name, sizeof(fact->name), "%s",
			 conversion->pointer->name);
		fact->defines = true;
		fact->refusal = conversion->refusal;
		stream = fmemopen(fact->reason, sizeof(fact->reason) - 1, "w");
		if (stream) {
			convert_describe(conversion, stream);
			fclose(stream);
		}
		absolute_path(source->path, directory, fact->unit);
		describe_header(conversion->pointer, directory, fact);
		fact->taken_names =
			taken_names(source, conversion->pointer->name);
		written++;
	}
	for (size_t i = 0; i < tu->cache_pointer_count; i++) {
		const struct cache_pointer *pointer = &tu->cache_pointers[i];
		struct global_fact *fact = &(*facts)[written];

		if (!pointer->external || pointer->defined)
			continue;
		snprintf(fact->name, sizeof(fact->name), "%s", pointer->name);
		absolute_path(source->path, directory, fact->unit);
		judge_uses(pointer, fact->unit, fact);
		describe_header(pointer, directory, fact);
		fact->taken_names = taken_names(source, pointer->name);
		written++;
	}
	return written;
}

/* Fields are separated by tabs: none may hold one, nor a newline. */
static void put_field(const char *text, FILE *stream)
{
	for (; *text; text++)
		fputc(*text == '\t' || *text == '\n' ? ' ' : *text, stream);
	fputc('\t', stream);
}

void convert_global_fact_write(const struct global_fact *fact, FILE *stream)
{
	fputs(FACT_PREFIX, stream);
	put_field(fact->name, stream);
	put_field(fact->defines ? "defines" : "names", stream);
	put_field(conversion_refusal_names[fact->refusal], stream);
	put_field(fact->reason, stream);
	put_field(fact->unit, stream);
	put_field(fact->header, stream);
	fprintf(stream, "%u\t%u\t%d\t%u\n", fact->header_line,
		fact->header_declarations, fact->declared_in_unit,
		fact->taken_names);
}

bool convert_is_global_fact(const char *line)
{
	return strncmp(line, FACT_PREFIX, strlen(FACT_PREFIX)) == 0;
}

/* The next field into 'out' (of 'size'); false when there is none. */
static bool take_field(const char **at, char *out, size_t size)
{
	const char *end = strchr(*at, '\t');
	size_t length;

	if (!end)
		end = *at + strcspn(*at, "\n");
	length = (size_t)(end - *at);
	if (length >= size)
		return false;
	memcpy(out, *at, length);
	out[length] = '\0';
	*at = *end == '\t' ? end + 1 : end;
	return true;
}

bool convert_global_fact_read(const char *line, struct global_fact *fact)
{
	const char *at = line + strlen(FACT_PREFIX);
	char role[16], refusal[64], numbers[4][16];
	int declared;

	memset(fact, 0, sizeof(*fact));
	if (!convert_is_global_fact(line) ||
	    !take_field(&at, fact->name, sizeof(fact->name)) ||
	    !take_field(&at, role, sizeof(role)) ||
	    !take_field(&at, refusal, sizeof(refusal)) ||
	    !take_field(&at, fact->reason, sizeof(fact->reason)) ||
	    !take_field(&at, fact->unit, sizeof(fact->unit)) ||
	    !take_field(&at, fact->header, sizeof(fact->header)))
		return false;
	for (int i = 0; i < 4; i++)
		if (!take_field(&at, numbers[i], sizeof(numbers[i])))
			return false;
	fact->defines = strcmp(role, "defines") == 0;
	fact->refusal = REFUSAL_KIND_COUNT;
	for (int i = 0; i < REFUSAL_KIND_COUNT; i++)
		if (strcmp(conversion_refusal_names[i], refusal) == 0)
			fact->refusal = (enum conversion_refusal)i;
	fact->header_line = (unsigned int)strtoul(numbers[0], NULL, 10);
	fact->header_declarations = (unsigned int)strtoul(numbers[1], NULL, 10);
	declared = atoi(numbers[2]);
	fact->declared_in_unit = declared != 0;
	fact->taken_names = (unsigned int)strtoul(numbers[3], NULL, 10);
	return fact->refusal != REFUSAL_KIND_COUNT;
}

/* The refusal, said of the file 'path': "PATH WHAT[ OTHER-PATH]". */
static void refuse_global(struct global_verdict *verdict,
			  enum conversion_refusal refusal, const char *path,
			  const char *what, const char *other_path)
{
	char shown[2][GLOBAL_PATH_SIZE];

	verdict->refusal = refusal;
	snprintf(verdict->detail, sizeof(verdict->detail), "%s %s%s%s",
		 convert_shown_path(path, shown[0], sizeof(shown[0])), what,
		 other_path ? " " : "",
		 other_path ? convert_shown_path(other_path, shown[1],
						 sizeof(shown[1])) :
			      "");
}

/* Its declarations, as one unit sees them: one extern, in a header. */
static bool judge_declarations(const struct global_fact *fact,
			       const struct global_fact *defining,
			       struct global_verdict *verdict)
{
	if (fact->declared_in_unit) {
		refuse_global(verdict, REFUSAL_EXTERN_SHAPE, fact->unit,
			      "declares it itself", NULL);
		return false;
	}
	if (!fact->header[0] || fact->header_declarations == 0) {
		refuse_global(verdict, REFUSAL_EXTERN_SHAPE, fact->unit,
			      "sees no header declare it", NULL);
		return false;
	}
	if (fact->header_declarations > 1) {
		refuse_global(verdict, REFUSAL_EXTERN_SHAPE, fact->unit,
			      "sees more than one declaration, the first in",
			      fact->header);
		return false;
	}
	if (strcmp(fact->header, defining->header) != 0 ||
	    fact->header_line != defining->header_line) {
		refuse_global(verdict, REFUSAL_EXTERN_SHAPE, fact->unit,
			      "sees it declared in", fact->header);
		return false;
	}
	return true;
}

/* Whether 'name' is the word of the text that starts at 'at'. */
static bool names_at(const char *text, size_t length, size_t at,
		     const char *name, size_t name_length)
{
	return (at == 0 || !is_identifier_char(text[at - 1])) &&
	       at + name_length <= length &&
	       !strncmp(text + at, name, name_length) &&
	       (at + name_length == length ||
		!is_identifier_char(text[at + name_length]));
}

bool convert_text_names(const char *text, size_t length, const char *name)
{
	size_t name_length = strlen(name);

	for (size_t at = 0; at + name_length <= length; at++)
		if (text[at] == name[0] &&
		    names_at(text, length, at, name, name_length))
			return true;
	return false;
}

/* Whether 'name' at 'at' is the cache argument of an allocation, free. */
static bool passed_to_api(const char *text, size_t length, size_t at,
			  size_t name_length)
{
	size_t after = at + name_length, end;
	char callee[64];
	const struct api_entry *entry;

	while (after < length && is_blank(text[after]))
		after++;
	if (after >= length || (text[after] != ',' && text[after] != ')'))
		return false;
	while (at > 0 && is_blank(text[at - 1]))
		at--;
	if (at == 0 || text[--at] != '(')
		return false;
	while (at > 0 && is_blank(text[at - 1]))
		at--;
	end = at;
	while (at > 0 && is_identifier_char(text[at - 1]))
		at--;
	if (end == at || end - at >= sizeof(callee))
		return false;
	memcpy(callee, text + at, end - at);
	callee[end - at] = '\0';
	entry = api_lookup(callee);
	return entry && entry->cache_argument == 0 &&
	       (entry->role == API_ALLOC || entry->role == API_FREE ||
		entry->role == API_USE);
}

bool convert_text_only_passes(const char *text, size_t length, const char *name)
{
	size_t name_length = strlen(name);

	for (size_t at = 0; at < length; at++) {
		char quote;

		/* Comments and literals say nothing of the code. */
		if (text[at] == '/' && at + 1 < length && text[at + 1] == '*') {
			for (at += 2; at + 1 < length &&
				      !(text[at] == '*' && text[at + 1] == '/');
			     at++)
				;
			at++;
			continue;
		}
		if (text[at] == '/' && at + 1 < length && text[at + 1] == '/') {
			while (at < length && text[at] != '\n')
				at++;
			continue;
		}
		if (text[at] == '"' || text[at] == '\'') {
			quote = text[at];
			for (at++; at < length && text[at] != quote; at++)
				if (text[at] == '\\')
					at++;
			continue;
		}
		if (!is_identifier_char(text[at]))
			continue;
		if (names_at(text, length, at, name, name_length) &&
		    !passed_to_api(text, length, at, name_length))
			return false;
		while (at + 1 < length && is_identifier_char(text[at + 1]))
			at++;
	}
	return true;
}

static bool read_by_run(const struct global_fact *facts, size_t count,
			const char *name, const char *path)
{
	for (size_t i = 0; i < count; i++)
		if (strcmp(facts[i].name, name) == 0 &&
		    (strcmp(facts[i].unit, path) == 0 ||
		     strcmp(facts[i].header, path) == 0))
			return true;
	return false;
}

static void decide_global(const struct global_fact *facts, size_t count,
			  size_t defining, const char *const *named,
			  size_t named_count, struct global_verdict *verdict)
{
	const struct global_fact *definition = &facts[defining];
	const char *name = definition->name;
	char candidates[INSTANCE_CANDIDATES][128];
	unsigned int taken = 0;
	size_t length = strlen(name);

	memset(verdict, 0, sizeof(*verdict));
	snprintf(verdict->name, sizeof(verdict->name), "%s", name);
	/* The defining unit's own refusal stands as it says it. */
	verdict->refusal = definition->refusal;
	if (definition->refusal != CONVERSION_ACCEPTED)
		return;
	for (size_t i = 0; i < count; i++) {
		const struct global_fact *fact = &facts[i];

		if (strcmp(fact->name, name) != 0)
			continue;
		taken |= fact->taken_names;
		if (fact->defines && i != defining) {
			refuse_global(verdict, REFUSAL_EXTERN_SHAPE, fact->unit,
				      "defines it too", NULL);
			return;
		}
		if (!judge_declarations(fact, definition, verdict))
			return;
		if (fact->refusal != CONVERSION_ACCEPTED) {
			verdict->refusal = REFUSAL_USED_ELSEWHERE;
			snprintf(verdict->detail, sizeof(verdict->detail), "%s",
				 fact->reason);
			return;
		}
	}
	for (size_t i = 0; i < named_count; i++) {
		char path[GLOBAL_PATH_SIZE];
		char *passes;

		if (strncmp(named[i], name, length) != 0 ||
		    named[i][length] != '\t')
			continue;
		snprintf(path, sizeof(path), "%s", named[i] + length + 1);
		passes = strchr(path, '\t');
		if (passes)
			*passes++ = '\0';
		if (read_by_run(facts, count, name, path) ||
		    (passes && !strcmp(passes, GLOBAL_ONLY_PASSED)))
			continue;
		refuse_global(verdict, REFUSAL_EXTERNAL, path,
			      "names it, and was not among the files converted",
			      NULL);
		return;
	}
	convert_instance_candidates(name, candidates);
	for (unsigned int i = 0; i < INSTANCE_CANDIDATES; i++) {
		if (taken & (1u << i))
			continue;
		strcpy(verdict->instance, candidates[i]);
		return;
	}
	verdict->refusal = REFUSAL_NAME_TAKEN;
}

size_t convert_globals_decide(const struct global_fact *facts, size_t count,
			      const char *const *named, size_t named_count,
			      struct global_verdict **verdicts)
{
	size_t written = 0;

	*verdicts = calloc(count + 1, sizeof(**verdicts));
	if (!*verdicts)
		abort();
	for (size_t i = 0; i < count; i++) {
		bool seen = false;

		if (!facts[i].defines)
			continue;
		for (size_t j = 0; j < written && !seen; j++)
			seen = strcmp((*verdicts)[j].name, facts[i].name) == 0;
		if (seen)
			continue;
		decide_global(facts, count, i, named, named_count,
			      &(*verdicts)[written++]);
	}
	return written;
}

void convert_apply_global_verdicts(struct conversion *conversions, size_t count,
				   const struct global_verdict *verdicts,
				   size_t verdict_count)
{
	for (size_t i = 0; i < count; i++) {
		struct conversion *conversion = &conversions[i];
		const struct global_verdict *verdict = NULL;

		if (!conversion->global ||
		    conversion->refusal != CONVERSION_ACCEPTED)
			continue;
		for (size_t v = 0; v < verdict_count && !verdict; v++)
			if (strcmp(verdicts[v].name,
				   conversion->pointer->name) == 0)
				verdict = &verdicts[v];
		if (!verdict) {
			convert_withdraw(conversion, REFUSAL_EXTERNAL, NULL);
			snprintf(conversion->detail, sizeof(conversion->detail),
				 "the run decided nothing of it");
			continue;
		}
		if (verdict->refusal != CONVERSION_ACCEPTED) {
			convert_withdraw(conversion, verdict->refusal, NULL);
			snprintf(conversion->detail, sizeof(conversion->detail),
				 "%s", verdict->detail);
			continue;
		}
		snprintf(conversion->instance, sizeof(conversion->instance),
			 "%s", verdict->instance);
	}
}
