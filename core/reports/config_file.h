/* SPDX-License-Identifier: GPL-2.0 */
/* The `.slabcheck` configuration file (core/reports/config_file.c). */
#ifndef SLABCHECK_CONFIG_FILE_H
#define SLABCHECK_CONFIG_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "slabcheck.h"

enum config_action { CONFIG_DISABLE, CONFIG_ENABLE, CONFIG_EXEMPT };

struct config_entry {
	enum config_action action;
	unsigned int rules; /* bit i: rule i of the rule table */
	char *prefix;	    /* relative to the file's directory; "" = all */
	unsigned int line;
};

struct config {
	char *path;
	char *directory;
	struct config_entry *entries;
	size_t count;
	size_t capacity;
	char error[256]; /* the first problem in the file, or "" */
	bool error_reported; /* error[] is reported once per run */
};

/* The files read so far: one read per file and run. */
struct config_cache {
	struct config **configs;
	size_t count;
};

/* The configuration that applies to 'file', or NULL when there is none. */
struct config *config_find(struct config_cache *cache, const char *file);
void config_cache_release(struct config_cache *cache);

/* The directive that turns 'rule' off for 'file', or NULL. */
const struct config_entry *config_disables(const struct config *config,
					   const char *file, int rule);

/* Adds the file's exempt paths to those of kmem-internal-flag. */
void config_add_exempt_paths(const struct config *config,
			     struct slabcheck_options *options);

#endif
