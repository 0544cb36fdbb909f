/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal invariants.  A broken invariant is our bug, not the user's: say
 * where, loudly, and stop, rather than print a finding nobody can trust.
 */
#ifndef SLABCHECK_CHECK_H
#define SLABCHECK_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(condition)                                               \
	do {                                                           \
		if (!(condition)) {                                    \
			fprintf(stderr,                                \
				"slabcheck: internal error at %s:%d: " \
				"%s\n",                                \
				__FILE__, __LINE__, #condition);       \
			abort();                                       \
		}                                                      \
	} while (0)

#endif
