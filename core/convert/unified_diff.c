// SPDX-License-Identifier: GPL-2.0
/*
 * Edits to a file's text as a unified diff (unified_diff.h).  The edits
 * are few (a handful per converted cache), so each is placed by a search
 * over the line starts and the hunks are built from the lines they touch.
 */
#define _GNU_SOURCE /* open_memstream() */
#include <stdlib.h>
#include <string.h>

#include "unified_diff.h"

#define CONTEXT_LINES 3

void text_edits_add(struct text_edits *edits, size_t begin, size_t end,
		    const char *replacement)
{
	struct text_edit *edit;

	if (edits->count == edits->capacity) {
		size_t capacity = edits->capacity ? 2 * edits->capacity : 8;
		struct text_edit *grown =
			realloc(edits->edits, capacity * sizeof(*grown));

		if (!grown)
			abort();
		edits->edits = grown;
		edits->capacity = capacity;
	}
	edit = &edits->edits[edits->count++];
	edit->begin = begin;
	edit->end = end;
	edit->replacement = strdup(replacement);
	if (!edit->replacement)
		abort();
}

bool text_edits_overlap(const struct text_edits *edits, size_t begin,
			size_t end)
{
	for (size_t i = 0; i < edits->count; i++) {
		const struct text_edit *edit = &edits->edits[i];

		if (begin < edit->end && edit->begin < end)
			return true;
		/* Two insertions at one place: their order would be a guess. */
		if (begin == edit->begin &&
		    (begin == end || edit->begin == edit->end))
			return true;
	}
	return false;
}

void text_edits_truncate(struct text_edits *edits, size_t count)
{
	while (edits->count > count)
		free(edits->edits[--edits->count].replacement);
}

void text_edits_release(struct text_edits *edits)
{
	text_edits_truncate(edits, 0);
	free(edits->edits);
	edits->edits = NULL;
	edits->capacity = 0;
}

/* The text's lines: where each starts, and the length as a last start. */
struct lines {
	size_t *starts;
	size_t count;
};

static void find_lines(const char *text, size_t length, struct lines *lines)
{
	size_t count = 0;

	for (size_t i = 0; i < length; i++)
		if (text[i] == '\n')
			count++;
	if (length && text[length - 1] != '\n')
		count++;
	lines->starts = malloc((count + 1) * sizeof(size_t));
	if (!lines->starts)
		abort();
	lines->count = 0;
	for (size_t i = 0; i < length; i++)
		if (i == 0 || text[i - 1] == '\n')
			lines->starts[lines->count++] = i;
	lines->starts[lines->count] = length;
}

/* The line an offset is on; the count of lines for the end of the text. */
static size_t line_of(const struct lines *lines, size_t offset)
{
	size_t low = 0, high = lines->count;

	/* The last start at or before the offset; starts[count] is the end. */
	while (low < high) {
		size_t middle = low + (high - low + 1) / 2;

		if (lines->starts[middle] <= offset)
			low = middle;
		else
			high = middle - 1;
	}
	return low;
}

/* The lines [first, last) an edit changes; first == last: it inserts. */
static void edit_lines(const struct lines *lines, const struct text_edit *edit,
		       size_t *first, size_t *last)
{
	size_t begin_line = line_of(lines, edit->begin);
	size_t end_line = line_of(lines, edit->end);
	bool begin_at_start = lines->starts[begin_line] == edit->begin;
	bool end_at_start = lines->starts[end_line] == edit->end;

	*first = begin_line;
	if (edit->end > edit->begin)
		*last = end_at_start ? end_line : end_line + 1;
	else
		*last = begin_at_start ? begin_line : begin_line + 1;
	if (*last > lines->count)
		*last = lines->count;
}

/* Lines [first, last) of the old text, and what they become. */
struct block {
	size_t first;
	size_t last;
	char *text;
	size_t length;
};

static char *rewrite(const char *text, const struct lines *lines,
		     const struct text_edit *edits, size_t count, size_t first,
		     size_t last, size_t *length)
{
	size_t position = lines->starts[first], size = 0;
	char *result = NULL;
	FILE *stream = open_memstream(&result, &size);

	if (!stream)
		abort();
	for (size_t i = 0; i < count; i++) {
		fwrite(text + position, 1, edits[i].begin - position, stream);
		fputs(edits[i].replacement, stream);
		position = edits[i].end;
	}
	fwrite(text + position, 1, lines->starts[last] - position, stream);
	fclose(stream);
	*length = size;
	return result;
}

static int compare_edits(const void *left, const void *right)
{
	const struct text_edit *a = left, *b = right;

	if (a->begin != b->begin)
		return a->begin < b->begin ? -1 : 1;
	return a->end < b->end ? -1 : a->end > b->end;
}

static size_t make_blocks(const char *text, const struct lines *lines,
			  const struct text_edits *edits, struct block *blocks)
{
	size_t count = 0;

	for (size_t i = 0; i < edits->count;) {
		struct block *block = &blocks[count++];
		size_t first, last, j = i + 1;

		edit_lines(lines, &edits->edits[i], &block->first,
			   &block->last);
		for (;;) {
			while (j < edits->count) {
				edit_lines(lines, &edits->edits[j], &first,
					   &last);
				/* Lines next to each other: one block. */
				if (first > block->last &&
				    first != block->first)
					break;
				if (last > block->last)
					block->last = last;
				j++;
			}
			block->text = rewrite(text, lines, &edits->edits[i],
					      j - i, block->first, block->last,
					      &block->length);
			/* A change that joins a line to the next takes it. */
			if (block->length &&
			    block->text[block->length - 1] != '\n' &&
			    block->last < lines->count) {
				free(block->text);
				block->last++;
				continue;
			}
			break;
		}
		i = j;
	}
	return count;
}

static size_t count_lines(const char *text, size_t length)
{
	size_t count = 0;

	for (size_t i = 0; i < length; i++)
		if (text[i] == '\n')
			count++;
	return count + (length && text[length - 1] != '\n');
}

static void write_line(FILE *stream, char mark, const char *line, size_t length)
{
	fputc(mark, stream);
	fwrite(line, 1, length, stream);
	if (!length || line[length - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", stream);
}

static void write_old_lines(FILE *stream, char mark, const char *text,
			    const struct lines *lines, size_t first,
			    size_t last)
{
	for (size_t line = first; line < last; line++)
		write_line(stream, mark, text + lines->starts[line],
			   lines->starts[line + 1] - lines->starts[line]);
}

static void write_new_lines(FILE *stream, const struct block *block)
{
	size_t start = 0;

	for (size_t i = 0; i < block->length; i++)
		if (block->text[i] == '\n' || i + 1 == block->length) {
			write_line(stream, '+', block->text + start,
				   i + 1 - start);
			start = i + 1;
		}
}

/* Unified diff's "start,length": the line before when nothing is there. */
static void write_range(FILE *stream, size_t start, size_t length)
{
	fprintf(stream, "%zu,%zu", length ? start + 1 : start, length);
}

static void write_hunk(FILE *stream, const char *text,
		       const struct lines *lines, const struct block *blocks,
		       size_t count, long *shift)
{
	size_t first = blocks[0].first > CONTEXT_LINES ?
			       blocks[0].first - CONTEXT_LINES :
			       0;
	size_t last = blocks[count - 1].last + CONTEXT_LINES;
	size_t old_length, new_length, position = first;
	long change = 0;

	if (last > lines->count)
		last = lines->count;
	for (size_t i = 0; i < count; i++)
		change += (long)count_lines(blocks[i].text, blocks[i].length) -
			  (long)(blocks[i].last - blocks[i].first);
	old_length = last - first;
	new_length = (size_t)((long)old_length + change);
	fputs("@@ -", stream);
	write_range(stream, first, old_length);
	fputs(" +", stream);
	write_range(stream, (size_t)((long)first + *shift), new_length);
	fputs(" @@\n", stream);
	for (size_t i = 0; i < count; i++) {
		write_old_lines(stream, ' ', text, lines, position,
				blocks[i].first);
		write_old_lines(stream, '-', text, lines, blocks[i].first,
				blocks[i].last);
		write_new_lines(stream, &blocks[i]);
		position = blocks[i].last;
	}
	write_old_lines(stream, ' ', text, lines, position, last);
	*shift += change;
}

char *text_edits_apply(const char *text, size_t length,
		       struct text_edits *edits)
{
	size_t size = length + 1, at = 0;
	char *result, *out;

	qsort(edits->edits, edits->count, sizeof(edits->edits[0]),
	      compare_edits);
	for (size_t i = 0; i < edits->count; i++)
		size += strlen(edits->edits[i].replacement);
	result = malloc(size);
	if (!result)
		abort();
	out = result;
	for (size_t i = 0; i < edits->count; i++) {
		const struct text_edit *edit = &edits->edits[i];
		size_t replacement = strlen(edit->replacement);

		memcpy(out, text + at, edit->begin - at);
		out += edit->begin - at;
		memcpy(out, edit->replacement, replacement);
		out += replacement;
		at = edit->end;
	}
	memcpy(out, text + at, length - at);
	out[length - at] = '\0';
	return result;
}

void unified_diff_write(const char *text, size_t length,
			struct text_edits *edits, const char *path,
			FILE *stream)
{
	struct lines lines;
	struct block *blocks;
	size_t block_count;
	long shift = 0;

	if (!edits->count)
		return;
	qsort(edits->edits, edits->count, sizeof(edits->edits[0]),
	      compare_edits);
	find_lines(text, length, &lines);
	blocks = calloc(edits->count, sizeof(*blocks));
	if (!blocks)
		abort();
	block_count = make_blocks(text, &lines, edits, blocks);
	fprintf(stream, "--- a/%s\n+++ b/%s\n", path, path);
	for (size_t i = 0; i < block_count;) {
		size_t j = i + 1;

		/* Blocks whose context would meet share a hunk. */
		while (j < block_count &&
		       blocks[j].first <=
			       blocks[j - 1].last + 2 * CONTEXT_LINES)
			j++;
		write_hunk(stream, text, &lines, &blocks[i], j - i, &shift);
		i = j;
	}
	for (size_t i = 0; i < block_count; i++)
		free(blocks[i].text);
	free(blocks);
	free(lines.starts);
}
