// SPDX-License-Identifier: GPL-2.0
/*
 * What the checks of the converted text take back (verdicts.h).  The
 * front-end compiles and checks; this decides, so that every way of
 * converting takes back the same conversions for the same reasons.
 */
#include <stdio.h>
#include <string.h>

#include "verdicts.h"

char *convert_text_with_include(const struct convert_source *source,
				const struct convert_patch *patch)
{
	struct text_edits include = { 0 };
	const struct text_edit *edit;
	char *text;

	if (patch->include_edit >= patch->edits.count)
		return NULL;
	edit = &patch->edits.edits[patch->include_edit];
	text_edits_add(&include, edit->begin, edit->end, edit->replacement);
	text = text_edits_apply(source->text, source->length, &include);
	text_edits_release(&include);
	return text;
}

/* The finding's text after "warning: ", up to the end of its line. */
static void finding_text(const char *line, const char *end, char *out,
			 size_t size)
{
	const char *text = strstr(line, ": warning: ");
	size_t length;

	if (!text || text > end)
		text = line;
	else
		text += strlen(": warning: ");
	length = (size_t)(end - text);
	if (length >= size)
		length = size - 1;
	memcpy(out, text, length);
	out[length] = '\0';
}

/* Whether the line, up to 'end', names the instance in quotes. */
static bool names_instance(const char *line, const char *end,
			   const char *instance)
{
	size_t length = strlen(instance);

	for (const char *at = line; at + length + 2 <= end; at++)
		if (at[0] == '\'' && !strncmp(at + 1, instance, length) &&
		    at[length + 1] == '\'')
			return true;
	return false;
}

static void withdrawal(struct convert_withdrawal *out, const char *pointer,
		       enum conversion_refusal refusal)
{
	snprintf(out->pointer, sizeof(out->pointer), "%s", pointer);
	out->refusal = refusal;
	out->detail[0] = '\0';
}

size_t convert_include_verdict(const struct convert_verified *converted,
			       size_t count, const char *build_error,
			       struct convert_withdrawal *withdrawals)
{
	if (!build_error)
		return 0;
	for (size_t i = 0; i < count; i++) {
		withdrawal(&withdrawals[i], converted[i].pointer,
			   REFUSAL_CANNOT_INCLUDE);
		snprintf(withdrawals[i].detail, sizeof(withdrawals[i].detail),
			 "%s", build_error);
	}
	return count;
}

/* Whether the compiler's notes say the error came from NAME's macro. */
static bool blames(const char *notes, const char *name)
{
	size_t length = strlen(name);

	for (const char *at = notes ? strstr(notes, "macro '") : NULL; at;
	     at = strstr(at + 1, "macro '")) {
		at += strlen("macro '");
		if (!strncmp(at, name, length) && at[length] == '\'')
			return true;
	}
	return false;
}

size_t convert_verify(const struct convert_verified *converted, size_t count,
		      const char *findings, const char *build_error,
		      const char *build_notes, bool last_round,
		      struct convert_withdrawal *withdrawals)
{
	size_t written = 0, blamed = 0;

	for (size_t i = 0; build_error && i < count; i++)
		blamed += blames(build_notes, converted[i].pointer);
	for (size_t i = 0; i < count; i++) {
		struct convert_withdrawal *out = &withdrawals[written];

		if (build_error && blamed &&
		    !blames(build_notes, converted[i].pointer))
			continue;
		if (build_error) {
			withdrawal(out, converted[i].pointer,
				   REFUSAL_VERIFY_BUILD);
			snprintf(out->detail, sizeof(out->detail), "%s",
				 build_error);
			written++;
			continue;
		}
		for (const char *line = findings; line && *line;) {
			const char *end = strchr(line, '\n');

			if (!end)
				end = line + strlen(line);
			if (strstr(line, ": warning: ") &&
			    strstr(line, ": warning: ") < end &&
			    names_instance(line, end, converted[i].instance)) {
				withdrawal(out, converted[i].pointer,
					   REFUSAL_VERIFY_FINDING);
				finding_text(line, end, out->detail,
					     sizeof(out->detail));
				written++;
				break;
			}
			line = *end ? end + 1 : end;
		}
	}
	if (!last_round || !written)
		return written;
	for (size_t i = 0; i < count; i++) {
		bool taken = false;

		for (size_t w = 0; w < written; w++)
			taken |= !strcmp(withdrawals[w].pointer,
					 converted[i].pointer);
		if (taken)
			continue;
		withdrawal(&withdrawals[written], converted[i].pointer,
			   REFUSAL_VERIFY_FINDING);
		snprintf(withdrawals[written].detail,
			 sizeof(withdrawals[written].detail),
			 "the file still drew findings in the last round");
		written++;
	}
	return written;
}

void convert_apply_withdrawals(struct conversion *conversions, size_t count,
			       const struct convert_withdrawal *withdrawals,
			       size_t withdrawal_count)
{
	for (size_t w = 0; w < withdrawal_count; w++) {
		for (size_t i = 0; i < count; i++) {
			struct conversion *conversion = &conversions[i];

			if (conversion->refusal != CONVERSION_ACCEPTED ||
			    strcmp(conversion->pointer->name,
				   withdrawals[w].pointer))
				continue;
			convert_withdraw(conversion, withdrawals[w].refusal,
					 NULL);
			snprintf(conversion->detail, sizeof(conversion->detail),
				 "%s", withdrawals[w].detail);
		}
	}
}
