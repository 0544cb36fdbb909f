/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `slabcheck convert`: which pointers to dynamic caches can become static
 * instances (struct kmem_cache_opaque set up in place), decided from what a
 * front-end described (core/model/cache_pointer.h), and the reason for each
 * one that cannot.
 */
#ifndef SLABCHECK_CANDIDATES_H
#define SLABCHECK_CANDIDATES_H

#include <stdbool.h>
#include <stdio.h>

#include "api.h"
#include "model.h"

/* Why a pointer stays a pointer; CONVERSION_ACCEPTED when it need not. */
enum conversion_refusal {
	CONVERSION_ACCEPTED,
	REFUSAL_ARRAY,
	REFUSAL_EXTERNAL,
	REFUSAL_INITIALIZED,
	REFUSAL_ADDRESS_TAKEN,
	REFUSAL_STORED,
	REFUSAL_COMPARED,
	REFUSAL_OTHER_USE,
	REFUSAL_NEVER_CREATED,
	REFUSAL_NOT_A_CREATION,
	REFUSAL_ASSIGNED_TWICE,
	REFUSAL_OUTSIDE_INIT,
	REFUSAL_NULL_TESTED,
	/* Decided on paths (convert_paths.c). */
	REFUSAL_DESTROY_UNCREATED,
	REFUSAL_RECREATED,
	REFUSAL_UNCHECKED,
	/* --verify: the converted unit, checked (its detail says how). */
	REFUSAL_VERIFY_BUILD,
	REFUSAL_VERIFY_FINDING,
	/* Decided, but the code is not in a shape the patch rewrites. */
	REFUSAL_DECLARATION_SHAPE,
	REFUSAL_CREATION_SHAPE,
	REFUSAL_ARGS_FORM,
	REFUSAL_TEST_SHAPE,
	REFUSAL_NAME_TAKEN,
	REFUSAL_KIND_COUNT
};

struct conversion {
	const struct cache_pointer *pointer;
	enum conversion_refusal refusal;
	/* The use the refusal is about (or the creation), NULL if none. */
	const struct cache_pointer_use *use;
	/* Accepted: the creation as spelled and the setup replacing it. */
	const char *creation;
	const char *setup;
	const struct api_conversion *form;
	bool drops_ro_after_init;
	/* The patch's name for the instance. */
	char instance[128];
	/*
	 * What the reason's "%s" names when it is not the function of the
	 * use: the compiler's error, the finding (--verify).
	 */
	char detail[256];
	/* Its edits in the unit's patch (convert_make_patch()). */
	size_t first_edit;
	size_t edit_count;
};

/* A short stable name for each refusal, as tables and tests print it. */
extern const char *const conversion_refusal_names[REFUSAL_KIND_COUNT];

/*
 * Decides every pointer the unit defines, in the order described; returns
 * how many it wrote into 'conversions' (room for tu->cache_pointer_count).
 */
size_t convert_decide(const struct translation_unit *tu,
		      struct conversion *conversions);

/*
 * The table `slabcheck convert` prints: one line per pointer,
 * "FILE:LINE: NAME: converted: CREATION -> SETUP" or
 * "FILE:LINE: NAME: refused (REASON): what and where".
 */
/* Takes a decided conversion back: the patch cannot write it. */
void convert_withdraw(struct conversion *conversion,
		      enum conversion_refusal refusal,
		      const struct cache_pointer_use *use);

void convert_print_table(const struct conversion *conversions, size_t count,
			 FILE *stream);

/*
 * --verify: a conversion the check of the converted unit takes back, by
 * the pointer's name (the unit is read again for the next round).
 */
struct convert_withdrawal {
	char pointer[128];
	enum conversion_refusal refusal;
	char detail[256];
};

/* A conversion of one round, for convert_verify(). */
struct convert_verified {
	const char *pointer;
	const char *instance;
};

/*
 * What the check of the converted unit takes back: a unit that does not
 * compile ('build_error', the compiler's first error; NULL when it
 * compiled) takes back every conversion; else each finding line
 * ("FILE:LINE:COL: warning: MESSAGE [RULE]") that names a converted
 * instance ('NAME') takes back its conversion.  Writes at most 'count'
 * withdrawals; returns how many.
 */
size_t convert_verify(const struct convert_verified *converted, size_t count,
		      const char *findings, const char *build_error,
		      struct convert_withdrawal *withdrawals);

/* Takes back the conversions the withdrawals name. */
void convert_apply_withdrawals(struct conversion *conversions, size_t count,
			       const struct convert_withdrawal *withdrawals,
			       size_t withdrawal_count);
/* What the table says of one pointer, after "FILE:LINE: NAME: ". */
void convert_describe(const struct conversion *conversion, FILE *stream);

#endif
