/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `slabcheck convert --format=sarif`: what convert decides as SARIF 2.1.0,
 * for code-scanning services and editors.  Each pointer is a result at its
 * definition: a conversion (rule "convert", level warning) with the edits
 * that make it as a SARIF fix, or a refusal (rule "convert-refused", level
 * note) with its reason.  Units are converted one per process, so each
 * writes its results as one line, and the process that ran them gathers
 * the lines into one log.
 */
#ifndef SLABCHECK_CONVERT_SARIF_H
#define SLABCHECK_CONVERT_SARIF_H

#include <stdbool.h>
#include <stdio.h>

#include "candidates.h"
#include "patch.h"

/*
 * Writes the unit's results as one line of JSON.  Each fix holds the
 * conversion's own edits and the include of the static-cache header, so
 * that it applies on its own; the unified diff applies them all at once.
 */
void convert_sarif_write_unit(const struct conversion *conversions,
			      size_t count, const struct convert_source *source,
			      const struct convert_patch *patch, FILE *stream);

/* The results of the units of one run. */
struct convert_sarif;

struct convert_sarif *convert_sarif_create(void);
/*
 * Adds the results of a line convert_sarif_write_unit() wrote; false when
 * the line is not one.
 */
bool convert_sarif_add_line(struct convert_sarif *sarif, const char *line);
/*
 * Writes the log: file URIs are relative to 'directory' (the base id
 * SRCROOT) when they are under it.  Frees 'sarif'.  0, or -1.
 */
int convert_sarif_finish(struct convert_sarif *sarif, const char *directory,
			 FILE *stream);

#endif
