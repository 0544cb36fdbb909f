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
	/* Decided over the run's units (globals.h). */
	REFUSAL_EXTERN_SHAPE,
	REFUSAL_USED_ELSEWHERE,
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
	REFUSAL_UNWOUND_ELSEWHERE,
	/*
	 * The converted text checked (verdicts.h; the detail says how): the
	 * file with the header included, and with --verify all of it.
	 */
	REFUSAL_CANNOT_INCLUDE,
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
	/*
	 * It has external linkage, and is decided as the run's units
	 * decide it (globals.h): its header's extern becomes the
	 * instance's, and the macro of the old name goes there.
	 */
	bool global;
	/* The patch's name for the instance (a global's: the run's). */
	char instance[128];
	/*
	 * What the reason's "%s" names when it is not the function of the
	 * use: the compiler's error, the finding (--verify).
	 */
	char detail[256];
	/* Its edits in the unit's patch (convert_make_patch()). */
	size_t first_edit;
	size_t edit_count;
	/* A global's edit of its header: which header, which edit. */
	size_t header;
	size_t header_edit;
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
 * The same, with each pointer of external linkage the unit defines
 * decided as a file-local one would be, and marked global: what this unit
 * says of it, for the run to decide with what the other units say
 * (globals.h).  convert_decide() refuses them (external).
 */
size_t convert_decide_globals(const struct translation_unit *tu,
			      struct conversion *conversions);

/*
 * Takes a decided conversion back: the patch cannot write it, or a check
 * of the converted text refused it (verdicts.h).
 */
void convert_withdraw(struct conversion *conversion,
		      enum conversion_refusal refusal,
		      const struct cache_pointer_use *use);

/*
 * The table `slabcheck convert` prints: one line per pointer,
 * "FILE:LINE: NAME: converted: CREATION -> SETUP" or
 * "FILE:LINE: NAME: refused (REASON): what and where".
 */
void convert_print_table(const struct conversion *conversions, size_t count,
			 FILE *stream);

/* What the table says of one pointer, after "FILE:LINE: NAME: ". */
void convert_describe(const struct conversion *conversion, FILE *stream);

#endif
