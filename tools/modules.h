/* SPDX-License-Identifier: GPL-2.0 */
/* Whole modules for the slabcheck command (tools/modules.c). */
#ifndef SLABCHECK_TOOLS_MODULES_H
#define SLABCHECK_TOOLS_MODULES_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"
#include "slabcheck.h"

/* The units read from facts files, each with the group it links in. */
struct facts_set {
	struct translation_unit *units;
	char **paths;  /* each unit's source, absolute */
	char **groups; /* the .mod file or directory; NULL: linked alone */
	size_t count;
	size_t capacity;
	/*
	 * A kernel built with O=: its sources are in source_tree, its
	 * objects and .mod files in object_tree (absolute).  NULL: the
	 * objects are next to the sources.
	 */
	const char *source_tree;
	const char *object_tree;
};

void facts_set_init(struct facts_set *set);
void facts_set_release(struct facts_set *set);
/* Reads one facts file: 0, or -1 with a message in 'error'. */
int facts_set_read(struct facts_set *set, const char *path, char *error,
		   size_t error_size);
/* Groups module units by kbuild's .mod files, built-in ones by directory. */
void facts_set_group_kbuild(struct facts_set *set);
/* One group: every unit read is one module. */
void facts_set_group_all(struct facts_set *set);
/*
 * Links each group of two units or more and runs the rules over it; the
 * findings go to 'report'.  Returns how many modules were linked (groups
 * of module units; directories of built-in units are linked, not counted).
 */
size_t facts_set_link(struct facts_set *set,
		      const struct slabcheck_options *options,
		      struct report *report);

#endif
