/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whole modules: facts files (written by core/link/facts_write.c, read by
 * core/link/facts_read.c) carry a lowered unit from its compile to the link
 * step (core/link/link.c), which merges the units of a module into one model
 * that the rules then check as they check one file.
 */
#ifndef SLABCHECK_FACTS_FILE_H
#define SLABCHECK_FACTS_FILE_H

#include <stdio.h>

#include "model.h"

/* What a facts file says it is; a reader refuses any other version. */
#define FACTS_FORMAT "slabcheck-facts"
#define FACTS_VERSION 5
/* Which slabcheck wrote a facts file: read by people, not by the reader. */
#define FACTS_PRODUCER "slabcheck " SLABCHECK_VERSION

/*
 * In facts read back: a call to a function of the same unit whose body the
 * core did not want.  It stays unseen after the link, and must not resolve
 * to a function of that name in another unit.
 */
#define FACTS_LOCAL_UNSEEN (-2)

/*
 * Writes a lowered unit; 'directory' is where the compiler ran, so that the
 * link step can match relative file names with kbuild's.  0 or -1.
 */
int facts_write(const struct translation_unit *tu, const char *directory,
		FILE *stream);
/* Reads one unit into 'tu' (tu_init()ed): 0, or -1 with a message. */
int facts_read(struct translation_unit *tu, FILE *stream, char *error,
	       size_t error_size);
void facts_add_callable(struct translation_unit *tu, const char *name);

/*
 * The writer's choice (core/link/facts_select.c): per function, whether its
 * body is 'written', and whether it 'leaves' the unit (calls, itself or below,
 * a function the unit does not define) when not written.  Both arrays
 * zeroed, one entry per function.
 */
void facts_file_select(const struct translation_unit *tu, bool *written,
		       bool *leaves);

/*
 * Merges the units, read with facts_read(), into 'module' (tu_init()ed,
 * then lowered): instances with external linkage are one instance across
 * units, calls resolve to the functions of other units, and a call to a
 * function that no unit defines cannot reach the module's instances.  The
 * units must outlive the module: it shares their memory.
 */
void link_units(struct translation_unit *module, struct translation_unit *units,
		size_t count);

#endif
