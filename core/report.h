/* SPDX-License-Identifier: GPL-2.0 */
/* The one channel for user findings; rules add, front-ends print. */
#ifndef SLABCHECK_REPORT_H
#define SLABCHECK_REPORT_H

#include "slabcheck.h"

struct finding *report_finding(struct report *report, const char *rule,
			       struct source_location location,
			       const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void report_note(struct finding *finding, struct source_location location,
		 const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
