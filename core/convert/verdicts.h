/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the checks of the converted text take back.  The front-end that
 * converts compiles the text it would write and reports what the compiler
 * and the rules said; these decide which conversions that costs:
 *   - the file with only the static-cache header's include added: if it
 *     does not compile (a tree without the series, a module before its
 *     module support, a header that needs what the file lacks), no setup
 *     can be written in it, and every conversion is refused;
 *   - --verify: the converted file, checked with every rule, round after
 *     round until nothing more is taken back.
 * A conversion taken back is named by its pointer: the unit is converted
 * again without it (convert_apply_withdrawals()).
 */
#ifndef SLABCHECK_VERDICTS_H
#define SLABCHECK_VERDICTS_H

#include <stdbool.h>
#include <stddef.h>

#include "candidates.h"
#include "patch.h"

struct convert_withdrawal {
	char pointer[128];
	enum conversion_refusal refusal;
	char detail[256];
};

/* A conversion of the text that was checked. */
struct convert_verified {
	const char *pointer;
	const char *instance;
};

/*
 * The unit's text with the include of the static-cache header added, as
 * the patch adds it, and nothing else: what the front-end compiles before
 * it offers any conversion.  NULL when the patch adds no include (the file
 * has it, or nothing converts).  Freed by the caller.
 */
char *convert_text_with_include(const struct convert_source *source,
				const struct convert_patch *patch);

/*
 * The verdict on that text: 'build_error', the compiler's first error (NULL
 * when it compiled), takes back every conversion as cannot-include.
 * Writes at most 'count' withdrawals; returns how many.
 */
size_t convert_include_verdict(const struct convert_verified *converted,
			       size_t count, const char *build_error,
			       struct convert_withdrawal *withdrawals);

/*
 * --verify: a unit that does not compile converted ('build_error', the
 * first error) takes back the conversions whose old name the compiler's
 * notes ('build_notes', one per line) name as the macro the error came
 * from ("expanded from macro 'NAME'": a parameter named as the pointer),
 * or every conversion when they name none; a unit that compiled, each
 * conversion whose instance ('NAME') a finding line ("FILE:LINE:COL:
 * warning: MESSAGE [RULE]") names.  In the 'last_round', a round that
 * takes anything back takes back the rest as well: nothing is left
 * converted that was not checked clean.  Writes at most 'count'
 * withdrawals; returns how many.
 */
size_t convert_verify(const struct convert_verified *converted, size_t count,
		      const char *findings, const char *build_error,
		      const char *build_notes, bool last_round,
		      struct convert_withdrawal *withdrawals);

/* Takes back the conversions the withdrawals name. */
void convert_apply_withdrawals(struct conversion *conversions, size_t count,
			       const struct convert_withdrawal *withdrawals,
			       size_t withdrawal_count);

#endif
