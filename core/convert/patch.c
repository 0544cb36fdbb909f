// SPDX-License-Identifier: GPL-2.0
/*
 * The patch of one unit (patch.h).  Each edit is checked against the text
 * it replaces: the front-end says where things are, and the patch reads
 * there what it expects (`NAME = CREATION(`, a NULL test of NAME), or
 * withdraws the conversion.  A patch that guessed would be worse than none.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "header_edits.h"
#include "patch.h"
#include "setup_arguments.h"
#include "source_scan.h"
#include "unified_diff.h"

#include "patch_internal.h"

/* A NULL test of the pointer as an if's condition, as drivers write it. */
static bool is_null_test(const struct convert_source *source,
			 const struct source_span *condition, const char *name)
{
	static const char *const shapes[] = {
		"!%s",	 "%s==NULL",	  "NULL==%s",
		"(!%s)", "unlikely(!%s)", "unlikely(%s==NULL)",
	};

	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		char *expected = text_format(shapes[i], name, name);
		bool found = span_reads(source, condition, expected);

		free(expected);
		if (found)
			return true;
	}
	return false;
}

static bool inside(const struct source_span *outer,
		   const struct source_span *inner)
{
	return outer->known && inner->known && outer->begin <= inner->begin &&
	       inner->end <= outer->end;
}

/* How the creation's check reads, and so how the setup is checked. */
enum check_shape {
	CHECK_NONE,	    /* not checked: SLAB_PANIC, or nobody looks */
	CHECK_IF,	    /* if (!p) ...; */
	CHECK_IF_THEN_ZERO, /* if (!p) return -ENOMEM; return 0; */
	CHECK_RETURN,	    /* return p ? 0 : -ENOMEM; */
};

static enum check_shape find_check(const struct convert_source *source,
				   const struct conversion *conversion,
				   const struct cache_pointer_use **stray)
{
	const struct cache_pointer *pointer = conversion->pointer;
	const struct cache_pointer_use *creation = conversion->use;
	enum check_shape shape = CHECK_NONE;
	char *returned = text_format("return%s?0:-ENOMEM", pointer->name);
	bool in_if =
		is_null_test(source, &creation->next_condition, pointer->name);
	bool in_return =
		span_reads(source, &creation->next_statement, returned);

	free(returned);
	for (size_t i = 0; i < pointer->use_count; i++) {
		const struct cache_pointer_use *use = &pointer->uses[i];

		if (use->kind != POINTER_TESTED || !use->function ||
		    strcmp(use->function, creation->function) != 0)
			continue;
		if (in_if && inside(&creation->next_condition, &use->site)) {
			shape = CHECK_IF;
		} else if (in_return &&
			   inside(&creation->next_statement, &use->site)) {
			shape = CHECK_RETURN;
		} else {
			*stray = use;
			return CHECK_NONE;
		}
	}
	if (shape == CHECK_IF &&
	    (span_reads(source, &creation->next_branch, "return-ENOMEM") ||
	     span_reads(source, &creation->next_branch, "{return-ENOMEM;}")) &&
	    span_reads(source, &creation->following_statement, "return0"))
		shape = CHECK_IF_THEN_ZERO;
	return shape;
}

static bool setup_returns_pointer(const char *setup)
{
	const struct api_entry *entry = api_lookup(setup);

	if (!entry)
		entry = api_lookup_macro(setup);
	return entry && entry->returns_pointer;
}

/* Past the spaces and tabs at 'at' (not past the end of its line). */
static size_t skip_line_blanks(const struct convert_source *source, size_t at)
{
	while (at < source->length &&
	       (source->text[at] == ' ' || source->text[at] == '\t'))
		at++;
	return at;
}

/*
 * The call's arguments keep their lines; those aligned after its '(' move
 * by as much as the '(' did, as kernel style aligns them.
 */
static void realign(struct patch *patch, size_t open, size_t end, long shift)
{
	const struct convert_source *source = patch->source;
	size_t aligned = column_of(source, open + 1);

	if (!shift)
		return;
	for (size_t at = line_end(source, open) + 1; at < end;
	     at = line_end(source, at) + 1) {
		size_t text = at, width;
		char *indent;

		while (text < end && (source->text[text] == ' ' ||
				      source->text[text] == '\t'))
			text++;
		width = column_of(source, text);
		if (text >= end || source->text[text] == '\n' ||
		    width < aligned || (long)width + shift < 0)
			continue;
		width = (size_t)((long)width + shift);
		indent = indentation(width);
		add_edit(patch, at, text, indent);
		free(indent);
	}
}

/*
 * Deletes the statements after the one ending at 'semicolon', up to the
 * ';' at 'last': whole lines when they are lines of their own.
 */
static void delete_after(struct patch *patch, size_t semicolon, size_t last)
{
	const struct convert_source *source = patch->source;
	size_t from = line_end(source, semicolon), to = line_end(source, last);

	if (only_blanks(source, semicolon + 1, from) &&
	    only_blanks(source, last + 1, to) && to < source->length)
		add_edit(patch, from + 1, to + 1, "");
	else
		add_edit(patch, semicolon + 1, last + 1, "");
}

/* NAME = CREATION(...); becomes SETUP(NAME, ...); with its check. */
static enum conversion_refusal
rewrite_creation(struct patch *patch, struct conversion *conversion,
		 const struct cache_pointer_use **about)
{
	const struct convert_source *source = patch->source;
	const struct cache_pointer_use *creation = conversion->use;
	const char *name = conversion->pointer->name;
	size_t spelled = strlen(conversion->creation), open, semicolon, end;
	const struct cache_pointer_use *stray = NULL;
	bool pointer = setup_returns_pointer(conversion->setup);
	enum check_shape shape;
	char *head, *assignment;
	bool assigned, unlikely;

	*about = creation;
	if (!creation->statement.known || !creation->value.known)
		return REFUSAL_CREATION_SHAPE;
	assignment = text_format("%s=", name);
	assigned = reads(source, creation->statement.begin,
			 creation->value.begin, assignment);
	free(assignment);
	if (!assigned ||
	    strncmp(source->text + creation->value.begin, conversion->creation,
		    spelled) != 0 ||
	    is_identifier_char(source->text[creation->value.begin + spelled]))
		return REFUSAL_CREATION_SHAPE;
	open = skip_blanks(source, creation->value.begin + spelled);
	semicolon = semicolon_after(source, creation->statement.end);
	if (open >= source->length || source->text[open] != '(' ||
	    semicolon == SIZE_MAX)
		return REFUSAL_CREATION_SHAPE;
	shape = find_check(source, conversion, &stray);
	if (stray) {
		*about = stray;
		return REFUSAL_TEST_SHAPE;
	}
	switch (shape) {
	case CHECK_NONE:
		head = text_format("%s(%s, ", conversion->setup, name);
		break;
	case CHECK_IF_THEN_ZERO:
		if (!pointer) {
			size_t last = semicolon_after(
				source, creation->following_statement.end);

			if (last == SIZE_MAX)
				return REFUSAL_TEST_SHAPE;
			head = text_format("return %s(%s, ", conversion->setup,
					   name);
			delete_after(patch, semicolon, last);
			break;
		}
		/* A pointer's test stays an if. */
		/* fall through */
	case CHECK_IF:
		end = skip_blanks(source, creation->next_condition.end);
		if (end >= source->length || source->text[end] != ')')
			return REFUSAL_TEST_SHAPE;
		unlikely = reads_prefix(source, &creation->next_condition,
					"unlikely(");
		head = text_format("if (%s%s%s(%s, ",
				   unlikely ? "unlikely(" : "",
				   pointer ? "!" : "", conversion->setup, name);
		add_edit(patch, semicolon, end + 1, unlikely ? "))" : ")");
		break;
	case CHECK_RETURN:
	default:
		end = semicolon_after(source, creation->next_statement.end);
		if (end == SIZE_MAX)
			return REFUSAL_TEST_SHAPE;
		head = text_format("return %s(%s, ", conversion->setup, name);
		if (pointer)
			add_edit(patch, semicolon, end + 1, " ? 0 : -ENOMEM;");
		else
			delete_after(patch, semicolon, end);
		break;
	}
	if (conversion->form->arguments == CONVERSION_SAME_ARGUMENTS) {
		/* "(NAME, " then the arguments; "(NAME," before a line break.
		 */
		size_t after_open = strlen(head) - strlen(name) - 2;

		if (source->text[skip_line_blanks(source, open + 1)] == '\n')
			head[strlen(head) - 1] = '\0';
		add_edit(patch, creation->statement.begin, open + 1, head);
		/* Lines aligned with the '(' stay aligned with the new one. */
		realign(patch, open, semicolon,
			(long)(column_of(source, creation->statement.begin) +
			       after_open) -
				(long)column_of(source, open + 1));
	} else {
		struct setup_call call;
		char *rewritten;

		if (!setup_arguments_compose(
			    source, conversion, open,
			    /* Under the first argument, the cache. */
			    column_of(source, creation->statement.begin) +
				    strlen(head) - strlen(name) - 2,
			    &call, &patch->edits)) {
			free(head);
			return REFUSAL_ARGS_FORM;
		}
		rewritten = text_format("%s%s", head, call.arguments);
		add_edit(patch, creation->statement.begin, call.close + 1,
			 rewritten);
		free(rewritten);
		free(call.arguments);
	}
	free(head);
	return CONVERSION_ACCEPTED;
}

/* kmem_cache_destroy(p); p = NULL; loses its second statement. */
static bool drop_null_write_back(struct patch *patch,
				 const struct cache_pointer_use *use,
				 const char *name)
{
	const struct convert_source *source = patch->source;
	size_t semicolon, start, end;
	char *expected;
	bool found;

	if (!use->statement.known)
		return false;
	semicolon = semicolon_after(source, use->statement.end);
	expected = text_format("%s=NULL", name);
	found = span_reads(source, &use->statement, expected);
	free(expected);
	if (semicolon == SIZE_MAX || !found)
		return false;
	start = line_start(source, use->statement.begin);
	end = line_end(source, semicolon);
	if (only_blanks(source, start, use->statement.begin) &&
	    only_blanks(source, semicolon + 1, end) && end < source->length)
		add_edit(patch, start, end + 1, "");
	else
		add_edit(patch, use->statement.begin, semicolon + 1, "");
	return true;
}

static enum conversion_refusal rewrite(struct patch *patch,
				       struct conversion *conversions,
				       size_t index,
				       const struct cache_pointer_use **about)
{
	struct conversion *conversion = &conversions[index];
	const struct cache_pointer *pointer = conversion->pointer;
	enum conversion_refusal refusal;

	*about = NULL;
	if (!choose_instance(patch, conversions, index))
		return REFUSAL_NAME_TAKEN;
	if (!rewrite_declaration(patch, conversion))
		return REFUSAL_DECLARATION_SHAPE;
	refusal = rewrite_creation(patch, conversion, about);
	if (refusal != CONVERSION_ACCEPTED)
		return refusal;
	for (size_t i = 0; i < pointer->use_count; i++) {
		const struct cache_pointer_use *use = &pointer->uses[i];

		if (use->kind != POINTER_ASSIGNED || !use->assigns_null)
			continue;
		*about = use;
		if (!drop_null_write_back(patch, use, pointer->name))
			return REFUSAL_CREATION_SHAPE;
	}
	/* Last: a withdrawal after it would have to take it back. */
	if (!rewrite_extern(patch, conversion)) {
		if (pointer->declared_in_main_file)
			snprintf(conversion->detail, sizeof(conversion->detail),
				 "this file declares it itself");
		else if (!pointer->header_declaration.file)
			snprintf(conversion->detail, sizeof(conversion->detail),
				 "no header declares it");
		else
			snprintf(conversion->detail, sizeof(conversion->detail),
				 "its extern in %s is not a declaration of its "
				 "own on a line of its own",
				 pointer->header_declaration.file);
		return REFUSAL_EXTERN_SHAPE;
	}
	return CONVERSION_ACCEPTED;
}

/* Whether the edits from 'first' on overlap each other or earlier ones. */
static bool edits_collide(const struct text_edits *edits, size_t first)
{
	for (size_t i = first; i < edits->count; i++) {
		struct text_edits before = { edits->edits, i, i };

		if (text_edits_overlap(&before, edits->edits[i].begin,
				       edits->edits[i].end))
			return true;
	}
	return false;
}

/*
 * The static-cache header goes after the file's last #include <...> that
 * is outside any #if and before the first converted definition, as the
 * series adds it; nothing when the file includes it already.
 */
static void include_header(struct patch *patch, size_t before)
{
	const struct convert_source *source = patch->source;
	size_t insert = SIZE_MAX, header = strlen(API_STATIC_HEADER);
	char *line;
	int depth = 0;

	for (size_t at = 0; at < source->length;
	     at = line_end(source, at) + 1) {
		size_t directive = at;

		while (directive < source->length &&
		       (source->text[directive] == ' ' ||
			source->text[directive] == '\t'))
			directive++;
		if (directive >= source->length ||
		    source->text[directive] != '#')
			continue;
		directive = skip_blanks(source, directive + 1);
		if (!strncmp(source->text + directive, "if", 2)) {
			depth++;
		} else if (!strncmp(source->text + directive, "endif", 5)) {
			depth--;
		} else if (!strncmp(source->text + directive, "include", 7)) {
			directive = skip_blanks(source, directive + 7);
			if (source->text[directive] != '<')
				continue;
			if (!strncmp(source->text + directive + 1,
				     API_STATIC_HEADER, header) &&
			    source->text[directive + 1 + header] == '>')
				return;
			if (depth == 0 && at < before)
				insert = line_end(source, at) + 1;
		}
	}
	if (insert == SIZE_MAX)
		insert = line_start(source, before);
	line = text_format("#include <%s>\n", API_STATIC_HEADER);
	add_edit(patch, insert, insert, line);
	free(line);
}

size_t convert_make_patch(struct conversion *conversions, size_t count,
			  const struct convert_source *source,
			  struct convert_patch *result)
{
	struct patch patch = { .source = source };
	size_t converted = 0, first = SIZE_MAX;

	for (size_t i = 0; i < count; i++) {
		struct conversion *conversion = &conversions[i];
		const struct cache_pointer_use *about = NULL;
		size_t mark = patch.edits.count;
		enum conversion_refusal refusal;

		if (conversion->refusal != CONVERSION_ACCEPTED)
			continue;
		conversion->header = SIZE_MAX;
		refusal = rewrite(&patch, conversions, i, &about);
		if (refusal == CONVERSION_ACCEPTED &&
		    edits_collide(&patch.edits, mark))
			refusal = REFUSAL_CREATION_SHAPE;
		if (refusal != CONVERSION_ACCEPTED) {
			text_edits_truncate(&patch.edits, mark);
			if (conversion->header != SIZE_MAX)
				text_edits_truncate(
					&patch.headers[conversion->header]
						 .edits,
					conversion->header_edit);
			convert_withdraw(conversion, refusal, about);
			continue;
		}
		conversion->first_edit = mark;
		conversion->edit_count = patch.edits.count - mark;
		converted++;
		if (conversion->pointer->declaration.begin < first)
			first = conversion->pointer->declaration.begin;
	}
	result->include_edit = SIZE_MAX;
	if (converted) {
		size_t before = patch.edits.count;

		include_header(&patch, first);
		if (patch.edits.count > before)
			result->include_edit = before;
	}
	result->edits = patch.edits;
	result->headers = patch.headers;
	result->header_count = patch.header_count;
	return converted;
}

void convert_patch_release(struct convert_patch *patch)
{
	text_edits_release(&patch->edits);
	for (size_t i = 0; i < patch->header_count; i++) {
		text_edits_release(&patch->headers[i].edits);
		free(patch->headers[i].path);
	}
	free(patch->headers);
	patch->headers = NULL;
	patch->header_count = 0;
}

void convert_write_diff(const struct convert_source *source,
			struct convert_patch *patch, const char *directory,
			FILE *stream)
{
	char shown[4096];

	unified_diff_write(
		source->text, source->length, &patch->edits,
		convert_shown_path(source->path, shown, sizeof(shown)), stream);
	convert_write_header_edits(patch, directory, stream);
}
