// SPDX-License-Identifier: GPL-2.0
/* The edits of the headers, gathered over a whole run (header_edits.h). */
#include <stdlib.h>
#include <string.h>

#include "header_edits.h"
#include "slabcheck.h"
#include "source_scan.h"
#include "unified_diff.h"

/* A replacement on one line: backslash, newline and tab escaped. */
static void write_escaped(const char *text, FILE *stream)
{
	for (; *text; text++) {
		if (*text == '\\')
			fputs("\\\\", stream);
		else if (*text == '\n')
			fputs("\\n", stream);
		else if (*text == '\t')
			fputs("\\t", stream);
		else
			fputc(*text, stream);
	}
}

void convert_write_header_edits(const struct convert_patch *patch,
				const char *directory, FILE *stream)
{
	for (size_t i = 0; i < patch->header_count; i++) {
		const struct convert_header_patch *header = &patch->headers[i];
		char *path = slabcheck_source_path(header->path, directory);

		/* A tab or a newline would break the line apart. */
		for (size_t e = 0;
		     !strpbrk(path, "\t\n") && e < header->edits.count; e++) {
			const struct text_edit *edit = &header->edits.edits[e];

			fprintf(stream,
				CONVERT_HEADER_EDIT_MARK "%s\t%zu\t%zu\t", path,
				edit->begin, edit->end);
			write_escaped(edit->replacement, stream);
			fputc('\n', stream);
		}
		free(path);
	}
}

bool convert_is_header_edit(const char *line)
{
	return strncmp(line, CONVERT_HEADER_EDIT_MARK,
		       strlen(CONVERT_HEADER_EDIT_MARK)) == 0;
}

/* The escaped replacement as it was; NULL for a broken escape. */
static char *unescaped(const char *text)
{
	char *plain = malloc(strlen(text) + 1);
	char *out = plain;

	if (!plain)
		abort();
	for (; *text && *text != '\n'; text++) {
		if (*text != '\\') {
			*out++ = *text;
			continue;
		}
		text++;
		if (*text == '\\')
			*out++ = '\\';
		else if (*text == 'n')
			*out++ = '\n';
		else if (*text == 't')
			*out++ = '\t';
		else {
			free(plain);
			return NULL;
		}
	}
	*out = '\0';
	return plain;
}

static struct convert_header_patch *header_of(struct convert_header_edits *set,
					      const char *path, size_t length)
{
	struct convert_header_patch *grown;

	for (size_t i = 0; i < set->count; i++)
		if (strlen(set->headers[i].path) == length &&
		    strncmp(set->headers[i].path, path, length) == 0)
			return &set->headers[i];
	grown = realloc(set->headers, (set->count + 1) * sizeof(*grown));
	if (!grown)
		abort();
	set->headers = grown;
	grown = &set->headers[set->count++];
	memset(grown, 0, sizeof(*grown));
	grown->path = strndup(path, length);
	if (!grown->path)
		abort();
	return grown;
}

static bool made_already(const struct text_edits *edits, size_t begin,
			 size_t end, const char *replacement)
{
	for (size_t i = 0; i < edits->count; i++)
		if (edits->edits[i].begin == begin &&
		    edits->edits[i].end == end &&
		    strcmp(edits->edits[i].replacement, replacement) == 0)
			return true;
	return false;
}

bool convert_header_edits_add(struct convert_header_edits *set,
			      const char *line)
{
	const char *path, *tab;
	struct convert_header_patch *header;
	unsigned long long begin, end;
	char *rest, *replacement;
	bool added = true;

	if (!convert_is_header_edit(line))
		return false;
	path = line + strlen(CONVERT_HEADER_EDIT_MARK);
	tab = strchr(path, '\t');
	if (!tab || tab == path)
		return false;
	begin = strtoull(tab + 1, &rest, 10);
	if (*rest != '\t')
		return false;
	end = strtoull(rest + 1, &rest, 10);
	if (*rest != '\t' || end < begin)
		return false;
	replacement = unescaped(rest + 1);
	if (!replacement)
		return false;
	header = header_of(set, path, (size_t)(tab - path));
	if (made_already(&header->edits, begin, end, replacement)) {
		/* The same edit from a second unit. */
	} else if (text_edits_overlap(&header->edits, begin, end)) {
		set->conflicts++;
		added = false;
	} else {
		text_edits_add(&header->edits, begin, end, replacement);
	}
	free(replacement);
	return added;
}

static int by_path(const void *left, const void *right)
{
	return strcmp(((const struct convert_header_patch *)left)->path,
		      ((const struct convert_header_patch *)right)->path);
}

/* The whole file, NUL-terminated; NULL when it cannot be read. */
static char *file_text(const char *path, size_t *length)
{
	FILE *file = fopen(path, "rb");
	char *text = NULL;
	size_t size = 0;
	FILE *copy;
	char buffer[8192];
	size_t read;

	if (!file)
		return NULL;
	copy = open_memstream(&text, &size);
	if (!copy) {
		fclose(file);
		return NULL;
	}
	while ((read = fread(buffer, 1, sizeof(buffer), file)) > 0)
		fwrite(buffer, 1, read, copy);
	fclose(copy);
	if (ferror(file)) {
		free(text);
		text = NULL;
	}
	fclose(file);
	*length = size;
	return text;
}

static bool edits_fit(const struct text_edits *edits, size_t length)
{
	for (size_t i = 0; i < edits->count; i++)
		if (edits->edits[i].end > length)
			return false;
	return true;
}

bool convert_header_edits_write(struct convert_header_edits *set, FILE *stream,
				const char *program, FILE *errors)
{
	char shown[4096];
	bool written = true;

	if (set->count > 1)
		qsort(set->headers, set->count, sizeof(*set->headers), by_path);
	for (size_t i = 0; i < set->count; i++) {
		struct convert_header_patch *header = &set->headers[i];
		size_t length = 0;
		char *text = file_text(header->path, &length);

		if (!text || !edits_fit(&header->edits, length)) {
			fprintf(errors,
				"%s: error: %s: cannot read the header as the "
				"conversion read it\n",
				program, header->path);
			written = false;
			free(text);
			continue;
		}
		unified_diff_write(
			text, length, &header->edits,
			convert_shown_path(header->path, shown, sizeof(shown)),
			stream);
		free(text);
	}
	return written;
}

void convert_header_edits_release(struct convert_header_edits *set)
{
	for (size_t i = 0; i < set->count; i++) {
		text_edits_release(&set->headers[i].edits);
		free(set->headers[i].path);
	}
	free(set->headers);
	set->headers = NULL;
	set->count = 0;
	set->conflicts = 0;
}
