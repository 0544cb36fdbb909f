// SPDX-License-Identifier: GPL-2.0
/*
 * Whole modules for the slabcheck command: which units form a module, and
 * the link step over them (core/link/link.c decides; this file only reads files
 * and groups them).
 *
 * kbuild says which objects form a module: each module has a MODULE.mod
 * file listing its objects, one path per line, relative to where make ran.
 * A unit belongs to the module whose .mod lists its object; the .mod is
 * in the unit's directory or a few above it (in the object tree, when the
 * kernel is built with O=).  Built-in units of one
 * directory form one group: they are linked into one built-in.a together.
 * A module unit that no .mod lists goes with the other module units of
 * its directory.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config_file.h"
#include "facts_file.h"
#include "modules.h"
#include "report.h"

void facts_set_init(struct facts_set *set)
{
	memset(set, 0, sizeof(*set));
}

void facts_set_release(struct facts_set *set)
{
	for (size_t i = 0; i < set->count; i++) {
		tu_release(&set->units[i]);
		free(set->paths[i]);
		free(set->groups[i]);
	}
	free(set->units);
	free(set->paths);
	free(set->groups);
	facts_set_init(set);
}

int facts_set_read(struct facts_set *set, const char *path, char *error,
		   size_t error_size)
{
	FILE *stream = fopen(path, "r");
	struct translation_unit *unit;
	char *source;
	int status;

	if (!stream) {
		snprintf(error, error_size, "cannot read");
		return -1;
	}
	if (set->count == set->capacity) {
		size_t capacity = set->capacity ? set->capacity * 2 : 16;

		set->units =
			realloc(set->units, capacity * sizeof(*set->units));
		set->paths = realloc(set->paths, capacity * sizeof(char *));
		set->groups = realloc(set->groups, capacity * sizeof(char *));
		if (!set->units || !set->paths || !set->groups) {
			fclose(stream);
			snprintf(error, error_size, "out of memory");
			return -1;
		}
		set->capacity = capacity;
	}
	unit = &set->units[set->count];
	tu_init(unit, NULL);
	status = facts_read(unit, stream, error, error_size);
	fclose(stream);
	if (status) {
		tu_release(unit);
		return -1;
	}
	source =
		slabcheck_source_path(unit->main_file, unit->compile_directory);
	/* A unit compiled twice (a rebuild in one run): the last one counts. */
	for (size_t i = 0; source && i < set->count; i++) {
		if (strcmp(set->paths[i], source))
			continue;
		tu_release(&set->units[i]);
		set->units[i] = *unit;
		free(source);
		return 0;
	}
	set->paths[set->count] = source ? source : strdup(unit->main_file);
	set->groups[set->count] = NULL;
	set->count++;
	return 0;
}

/* 'path' with symbolic links resolved, or as it is when it does not exist. */
static char *resolved_or_kept(char *path)
{
	char *resolved = path ? realpath(path, NULL) : NULL;

	if (!resolved)
		return path;
	free(path);
	return resolved;
}

/*
 * "dir/x.o" of a .mod line, as the absolute path of its source "dir/x.c":
 * next to the object, or (O=) at the same place in the source tree.
 */
static char *object_source(const struct facts_set *set, const char *base,
			   const char *object)
{
	size_t length = strlen(object);
	char *joined;

	if (length < 3 || strcmp(object + length - 2, ".o"))
		return NULL;
	if (object[0] == '/')
		joined = strdup(object);
	else if (asprintf(&joined, "%s/%s", base, object) < 0)
		return NULL;
	if (!joined)
		return NULL;
	joined[strlen(joined) - 1] = 'c';
	if (access(joined, F_OK) && object[0] != '/' && set->object_tree &&
	    !strcmp(base, set->object_tree)) {
		free(joined);
		if (asprintf(&joined, "%s/%.*sc", set->source_tree,
			     (int)length - 1, object) < 0)
			return NULL;
	}
	return resolved_or_kept(joined);
}

/* Puts every unit that MOD lists into the group named after MOD. */
static void read_mod_file(struct facts_set *set, const char *mod,
			  const char *base)
{
	FILE *stream = fopen(mod, "r");
	char line[PATH_MAX];

	if (!stream)
		return;
	while (fgets(line, sizeof(line), stream)) {
		char *source;

		line[strcspn(line, "\r\n")] = '\0';
		source = object_source(set, base, line);
		for (size_t i = 0; source && i < set->count; i++)
			if (!set->groups[i] && !strcmp(set->paths[i], source))
				set->groups[i] = strdup(mod);
		free(source);
	}
	fclose(stream);
}

/*
 * 'directory' of the source tree, where kbuild puts its objects: the same
 * place in the object tree with O=, or itself.  malloc()ed.
 */
static char *object_directory(const struct facts_set *set,
			      const char *directory)
{
	size_t length = set->source_tree ? strlen(set->source_tree) : 0;
	char *moved;

	if (!set->object_tree || strncmp(directory, set->source_tree, length) ||
	    (directory[length] != '/' && directory[length]))
		return strdup(directory);
	if (asprintf(&moved, "%s%s", set->object_tree, directory + length) < 0)
		return NULL;
	return moved;
}

/* Reads the .mod files of 'directory' (once per directory). */
static void scan_directory(struct facts_set *set, const char *source_directory,
			   const char *base)
{
	char *directory = object_directory(set, source_directory);
	DIR *dir = directory ? opendir(directory) : NULL;
	struct dirent *entry;

	if (!dir) {
		free(directory);
		return;
	}
	while ((entry = readdir(dir))) {
		size_t length = strlen(entry->d_name);
		char *mod;

		if (length < 5 || strcmp(entry->d_name + length - 4, ".mod"))
			continue;
		if (asprintf(&mod, "%s/%s", directory, entry->d_name) < 0)
			continue;
		read_mod_file(set, mod, base);
		free(mod);
	}
	closedir(dir);
	free(directory);
}

void facts_set_group_kbuild(struct facts_set *set)
{
	char **scanned = calloc(set->count * 4 + 1, sizeof(char *));
	size_t scanned_count = 0;

	for (size_t i = 0; scanned && i < set->count; i++) {
		const char *base = set->units[i].compile_directory;
		char *directory = strdup(set->paths[i]);
		char *slash;

		if (!set->units[i].is_module || !directory || !base) {
			free(directory);
			continue;
		}
		/* The unit's directory and up to three above it. */
		for (int up = 0; up < 4; up++) {
			bool seen = false;

			slash = strrchr(directory, '/');
			if (!slash || slash == directory)
				break;
			*slash = '\0';
			for (size_t s = 0; s < scanned_count; s++)
				seen |= !strcmp(scanned[s], directory);
			if (seen)
				continue;
			scanned[scanned_count++] = strdup(directory);
			scan_directory(set, directory, base);
			if (set->groups[i])
				break;
		}
		free(directory);
	}
	for (size_t s = 0; s < scanned_count; s++)
		free(scanned[s]);
	free(scanned);
	/*
	 * Built-in units: their directory.  Module units no .mod lists (a
	 * build that stopped early) too, apart from the built-in ones.
	 */
	for (size_t i = 0; i < set->count; i++) {
		char *slash;

		if (set->groups[i])
			continue;
		if (asprintf(&set->groups[i], "%s%s",
			     set->units[i].is_module ? "module:" : "",
			     set->paths[i]) < 0) {
			set->groups[i] = NULL;
			continue;
		}
		slash = strrchr(set->groups[i], '/');
		if (slash)
			slash[1] = '\0';
	}
}

void facts_set_group_all(struct facts_set *set)
{
	for (size_t i = 0; i < set->count; i++) {
		free(set->groups[i]);
		set->groups[i] = strdup("<all>");
	}
}

/*
 * The options a compile of each unit ran with: the exempt paths of the
 * `.slabcheck` above each unit's source join the option's, as
 * slabcheck_run() adds them for one file.
 */
static void add_config_exempt_paths(struct facts_set *set, const char *group,
				    struct slabcheck_options *options)
{
	struct config_cache configs = { 0 };
	struct config **added = calloc(set->count + 1, sizeof(*added));
	size_t added_count = 0;

	for (size_t i = 0; added && i < set->count; i++) {
		struct config *config;
		bool seen = false;

		if (!set->groups[i] || strcmp(set->groups[i], group))
			continue;
		config = config_find(&configs, set->paths[i]);
		for (size_t a = 0; a < added_count; a++)
			seen |= added[a] == config;
		if (!config || seen)
			continue;
		added[added_count++] = config;
		config_add_exempt_paths(config, options);
	}
	free(added);
	config_cache_release(&configs);
}

/*
 * Where the unit that holds 'file' was compiled: its findings' names are
 * relative to it, not to where slabcheck runs.  The first unit whose
 * directory has the file; units[0]'s when none has.
 */
static const char *directory_of(const struct translation_unit *units,
				size_t count, const char *file)
{
	for (size_t i = 0; file && file[0] != '/' && i < count; i++) {
		const char *directory = units[i].compile_directory;
		char *path;
		bool found;

		if (!directory || !*directory ||
		    asprintf(&path, "%s/%s", directory, file) < 0)
			continue;
		found = !access(path, F_OK);
		free(path);
		if (found)
			return directory;
	}
	return units[0].compile_directory;
}

/*
 * Whether one unit is all of a module, with something single-file mode
 * left to other files.  kbuild's MODULE.mod lists every unit of the
 * module; an instance the unit defines with external linkage is one that
 * other files could have destroyed, so single-file mode stayed silent
 * about its teardown: alone, there are none.
 */
static bool whole_module_alone(const char *group,
			       const struct translation_unit *unit)
{
	size_t length = strlen(group);

	if (!unit->is_module || length < 4 ||
	    strcmp(group + length - 4, ".mod"))
		return false;
	for (size_t i = 0; i < unit->instance_count; i++)
		if (unit->instances[i].external &&
		    !unit->instances[i].is_extern)
			return true;
	return false;
}

/*
 * Links the units of one group and runs the rules over them: true when
 * they were the units of a module (a directory of built-in units is
 * linked too, but is no module).
 */
static bool link_group(struct facts_set *set, const char *group,
		       const struct slabcheck_options *options,
		       struct report *report)
{
	struct slabcheck_options configured = *options;
	struct translation_unit *units;
	struct translation_unit module;
	size_t count = 0, first = report->count;
	bool linked;

	units = calloc(set->count + 1, sizeof(*units));
	if (!units)
		return false;
	for (size_t i = 0; i < set->count; i++)
		if (set->groups[i] && !strcmp(set->groups[i], group))
			units[count++] = set->units[i];
	/* One unit alone is what single-file mode saw already, mostly. */
	linked = count >= 2 ||
		 (count == 1 && whole_module_alone(group, &units[0]));
	if (linked) {
		tu_init(&module, units[0].main_file);
		link_units(&module, units, count);
		add_config_exempt_paths(set, group, &configured);
		slabcheck_analyze(&module, &configured, report);
		tu_release(&module);
		for (size_t i = first; i < report->count; i++) {
			struct finding *finding = &report->findings[i];
			const char *directory = directory_of(
				units, count, finding->location.file);

			if (directory && *directory && !finding->directory)
				finding->directory =
					report_string(report, directory);
		}
	}
	linked = linked && units[0].is_module;
	free(units);
	return linked;
}

size_t facts_set_link(struct facts_set *set,
		      const struct slabcheck_options *options,
		      struct report *report)
{
	size_t modules = 0;

	for (size_t i = 0; i < set->count; i++) {
		bool first = set->groups[i] != NULL;

		for (size_t j = 0; first && j < i; j++)
			if (set->groups[j] &&
			    !strcmp(set->groups[j], set->groups[i]))
				first = false;
		if (!first)
			continue;
		modules += link_group(set, set->groups[i], options, report);
	}
	return modules;
}
