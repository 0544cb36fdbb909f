/* SPDX-License-Identifier: GPL-2.0 */
/*
 * JSON text of a jansson value, byte for byte what json_dumps(value,
 * JSON_COMPACT) writes, at a fraction of its cost: jansson dumps through a
 * callback per piece and formats every integer with snprintf(), which made
 * dumping a unit's facts cost more than building them (docs/performance.md).
 */
#ifndef SLABCHECK_JSON_TEXT_H
#define SLABCHECK_JSON_TEXT_H

#include <jansson.h>

/* A malloc()ed, NUL-terminated string, or NULL when out of memory. */
char *json_compact_text(const json_t *value);

#endif
