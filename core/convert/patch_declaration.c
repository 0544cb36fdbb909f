// SPDX-License-Identifier: GPL-2.0
/*
 * The patch's edits of a pointer's definition, and of a global's extern in
 * its header (patch_internal.h).  Both are read before they are edited:
 * the definition must be a declaration of its own, the extern one too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "globals.h"
#include "patch_internal.h"
#include "source_scan.h"

/*
 * The instance's name: the pointer's without the "p" of "_cachep"
 * (ufs_inode_cachep: ufs_inode_cache), else "__" before it (mnt_cache:
 * __mnt_cache), as the series names them; else with "_instance" after
 * (convert_instance_candidates()).  A global's is the run's, from the
 * names no file of the run uses (globals.h).
 */
bool choose_instance(const struct patch *patch, struct conversion *conversions,
		     size_t index)
{
	const struct convert_source *source = patch->source;
	struct conversion *conversion = &conversions[index];
	char candidates[INSTANCE_CANDIDATES][128];

	if (conversion->global && conversion->instance[0])
		return true;
	if (strlen(conversion->pointer->name) + sizeof("_instance") >
	    sizeof(conversion->instance))
		return false;
	convert_instance_candidates(conversion->pointer->name, candidates);
	for (size_t i = 0; i < INSTANCE_CANDIDATES; i++) {
		bool taken =
			!candidates[i][0] ||
			source->identifier_used(candidates[i], source->context);

		for (size_t j = 0; j < index && !taken; j++)
			taken = strcmp(conversions[j].instance,
				       candidates[i]) == 0;
		if (!taken) {
			strcpy(conversion->instance, candidates[i]);
			return true;
		}
	}
	return false;
}

/* A word of the definition before the name: what it may be. */
static bool declaration_word(const char *word, size_t length, bool *storage,
			     bool *tag_keyword, bool *tag)
{
	if (length == 6 && !strncmp(word, "static", length))
		return (*storage = true);
	if (length == 6 && !strncmp(word, "struct", length))
		return (*tag_keyword = true);
	if (length == strlen(API_CACHE_TAG) &&
	    !strncmp(word, API_CACHE_TAG, length))
		return (*tag = true);
	/* __read_mostly, __ro_after_init: dropped with the pointer. */
	return length > 2 && word[0] == '_' && word[1] == '_';
}

/*
 * `static struct kmem_cache *NAME [attributes];` on a line of its own
 * becomes the instance and the macro of the old name.
 */
bool rewrite_declaration(struct patch *patch, struct conversion *conversion)
{
	const struct convert_source *source = patch->source;
	const struct cache_pointer *pointer = conversion->pointer;
	const struct source_span *name = &pointer->name_span;
	bool storage = false, tag_keyword = false, tag = false;
	size_t at, stars = 0;
	char *replacement;

	if (!pointer->declaration.known || !name->known ||
	    name->end != pointer->declaration.end)
		return false;
	at = pointer->declaration.begin;
	if (at != line_start(source, at))
		return false;
	while ((at = skip_blanks(source, at)) < name->begin) {
		size_t word = at;

		if (source->text[at] == '*') {
			stars++;
			at++;
			continue;
		}
		while (at < name->begin && is_identifier_char(source->text[at]))
			at++;
		if (at == word ||
		    !declaration_word(source->text + word, at - word, &storage,
				      &tag_keyword, &tag))
			return false;
	}
	/* A global keeps its linkage: no static. */
	if (storage == conversion->global || !tag_keyword || !tag || stars != 1)
		return false;
	/* After the name, attributes only, then the ';'. */
	at = name->end;
	while ((at = skip_blanks(source, at)) < source->length &&
	       source->text[at] != ';') {
		size_t word = at;

		while (at < source->length &&
		       is_identifier_char(source->text[at]))
			at++;
		if (at - word < 3 || source->text[word] != '_' ||
		    source->text[word + 1] != '_')
			return false;
	}
	if (at >= source->length)
		return false;
	if (conversion->global)
		replacement = text_format("struct %s %s;", API_OPAQUE_TAG,
					  conversion->instance);
	else
		replacement = text_format(
			"static struct %s %s;\n#define %s %s(&%s)",
			API_OPAQUE_TAG, conversion->instance, pointer->name,
			API_TO_CACHE_NAME, conversion->instance);
	add_edit(patch, pointer->declaration.begin, at + 1, replacement);
	free(replacement);
	return true;
}

/* The header's patch, made when the first extern of it is edited. */
static size_t header_patch(struct patch *patch, const char *path)
{
	struct convert_header_patch *header;
	size_t length;
	const char *text;

	for (size_t i = 0; i < patch->header_count; i++)
		if (strcmp(patch->headers[i].source.path, path) == 0)
			return i;
	text = patch->source->file_text ?
		       patch->source->file_text(path, &length,
						patch->source->context) :
		       NULL;
	if (!text)
		return SIZE_MAX;
	patch->headers = realloc(patch->headers, (patch->header_count +
						  1) * sizeof(*patch->headers));
	if (!patch->headers)
		abort();
	header = &patch->headers[patch->header_count];
	memset(header, 0, sizeof(*header));
	header->path = strdup(path);
	if (!header->path)
		abort();
	header->source = *patch->source;
	header->source.path = header->path;
	header->source.text = text;
	header->source.length = length;
	return patch->header_count++;
}

bool rewrite_extern(struct patch *patch, struct conversion *conversion)
{
	const struct cache_pointer *pointer = conversion->pointer;
	const struct source_span *span = &pointer->header_span;
	const struct convert_source *source;
	size_t index, semicolon, end;
	char *expected, *replacement;
	bool shaped;

	conversion->header = SIZE_MAX;
	if (!conversion->global)
		return true;
	if (!span->known || !pointer->header_declaration.file ||
	    pointer->declared_in_main_file ||
	    pointer->header_declaration_count != 1)
		return false;
	index = header_patch(patch, pointer->header_declaration.file);
	if (index == SIZE_MAX)
		return false;
	source = &patch->headers[index].source;
	if (span->end > source->length)
		return false;
	/* Read without blanks. */
	expected =
		text_format("externstruct%s*%s", API_CACHE_TAG, pointer->name);
	shaped = span_reads(source, span, expected);
	free(expected);
	semicolon = shaped ? semicolon_after(source, span->end) : SIZE_MAX;
	if (semicolon == SIZE_MAX)
		return false;
	end = line_end(source, semicolon);
	/* On a line of its own: the macro goes on the next one. */
	if (!only_blanks(source, line_start(source, span->begin),
			 span->begin) ||
	    !only_blanks(source, semicolon + 1, end))
		return false;
	replacement =
		text_format("extern struct %s %s;\n#define %s %s(&%s)",
			    API_OPAQUE_TAG, conversion->instance, pointer->name,
			    API_TO_CACHE_NAME, conversion->instance);
	conversion->header = index;
	conversion->header_edit = patch->headers[index].edits.count;
	text_edits_add(&patch->headers[index].edits, span->begin, semicolon + 1,
		       replacement);
	free(replacement);
	return true;
}
