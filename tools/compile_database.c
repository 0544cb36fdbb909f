// SPDX-License-Identifier: GPL-2.0
/*
 * kbuild records how it built each object in a .cmd file next to it
 * ("savedcmd_fs/ufs/super.o := gcc ... -c -o fs/ufs/super.o
 * fs/ufs/super.c"), which the kernel's gen_compile_commands.py turns into a
 * compilation database for a whole directory.  slabcheck kbuild --clang-tool
 * needs one for exactly what the targets built, wherever O= put the
 * objects, and must leave the tree's own compile_commands.json alone: so
 * it reads the .cmd files itself, the way that script does.  Only the
 * kernel's own C files count (they are compiled with -D__KERNEL__), as
 * only they see KCFLAGS and the plugins.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compile_database.h"

/* Top directories without kernel objects, as the kernel's script skips. */
static const char *const skipped[] = { ".git", "Documentation", "include",
				       "tools", NULL };

static bool is_directory(const char *path)
{
	struct stat status;

	return !stat(path, &status) && S_ISDIR(status.st_mode);
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t length = strlen(name), suffix_length = strlen(suffix);

	return length >= suffix_length &&
	       !strcmp(name + length - suffix_length, suffix);
}

/* kbuild's escapes for '#' in .cmd files. */
static void unescape(char *command)
{
	char *out = command;

	for (const char *in = command; *in;) {
		if (!strncmp(in, "\\#", 2)) {
			*out++ = '#';
			in += 2;
		} else if (!strncmp(in, "$(pound)", 8)) {
			*out++ = '#';
			in += 8;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
}

/*
 * One .cmd file: its entry in the database, when it compiled a kernel C
 * file into an object.
 */
static void add_command_file(json_t *entries, const char *objects,
			     const char *cmd_file)
{
	FILE *stream = fopen(cmd_file, "r");
	char *line = NULL, *command, *end, *file, *source, *absolute;
	size_t size = 0;

	if (!stream)
		return;
	if (getline(&line, &size, stream) < 0)
		goto out;
	line[strcspn(line, "\n")] = '\0';
	if (strncmp(line, "cmd_", 4) && strncmp(line, "savedcmd_", 9))
		goto out;
	command = strstr(line, ".o := ");
	if (!command)
		goto out;
	command += 6;
	/* What follows the compile (objtool, a checker) is not its own. */
	end = strstr(command, " ;");
	if (end)
		*end = '\0';
	end = command + strlen(command);
	while (end > command && end[-1] == ' ')
		*--end = '\0';
	file = strrchr(command, ' ');
	if (!file || !has_suffix(file, ".c") ||
	    !strstr(command, "-D__KERNEL__"))
		goto out;
	source = file + 1;
	unescape(command);
	if (source[0] == '/')
		absolute = realpath(source, NULL);
	else {
		char *joined;

		if (asprintf(&joined, "%s/%s", objects, source) < 0)
			goto out;
		absolute = realpath(joined, NULL);
		free(joined);
	}
	if (absolute)
		json_array_append_new(entries,
				      json_pack("{s:s, s:s, s:s}", "directory",
						objects, "file", absolute,
						"command", command));
	free(absolute);
out:
	free(line);
	fclose(stream);
}

/* Every object's .cmd file under 'directory'. */
static void add_directory(json_t *entries, const char *objects,
			  const char *directory, bool top)
{
	DIR *dir = opendir(directory);
	struct dirent *entry;

	if (!dir)
		return;
	while ((entry = readdir(dir))) {
		const char *name = entry->d_name;
		bool skip = false;
		char *path;

		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		for (int i = 0; top && skipped[i]; i++)
			skip |= !strcmp(name, skipped[i]);
		if (skip || asprintf(&path, "%s/%s", directory, name) < 0)
			continue;
		if (name[0] == '.' && has_suffix(name, ".o.cmd"))
			add_command_file(entries, objects, path);
		else if (name[0] != '.' && entry->d_type == DT_DIR)
			add_directory(entries, objects, path, false);
		else if (name[0] != '.' && entry->d_type == DT_UNKNOWN &&
			 is_directory(path))
			add_directory(entries, objects, path, false);
		free(path);
	}
	closedir(dir);
}

/* "dir/x.o" (or x.i, x.s, x.lst): dir/.x.o.cmd. */
static void add_object(json_t *entries, const char *objects, const char *target)
{
	const char *slash = strrchr(target, '/');
	const char *base = slash ? slash + 1 : target;
	int directory_length = slash ? (int)(slash - target) : 0;
	int stem_length = (int)(strrchr(base, '.') - base);
	char *cmd_file;

	if (asprintf(&cmd_file, "%s/%.*s%s.%.*s.o.cmd", objects,
		     directory_length, target, slash ? "/" : "", stem_length,
		     base) < 0)
		return;
	add_command_file(entries, objects, cmd_file);
	free(cmd_file);
}

/* "dir/m.ko": the objects its .mod file lists. */
static void add_module(json_t *entries, const char *objects, const char *target)
{
	char *mod, line[4096];
	FILE *stream;

	if (asprintf(&mod, "%s/%.*smod", objects, (int)strlen(target) - 2,
		     target) < 0)
		return;
	stream = fopen(mod, "r");
	free(mod);
	if (!stream)
		return;
	while (fgets(line, sizeof(line), stream)) {
		line[strcspn(line, "\n")] = '\0';
		if (has_suffix(line, ".o"))
			add_object(entries, objects, line);
	}
	fclose(stream);
}

/* A target that names part of the tree adds that part: true when it did. */
static bool add_target(json_t *entries, const char *objects, const char *target)
{
	char *path;
	bool directory;

	if (has_suffix(target, ".ko")) {
		add_module(entries, objects, target);
		return true;
	}
	if (has_suffix(target, ".o") || has_suffix(target, ".i") ||
	    has_suffix(target, ".s") || has_suffix(target, ".lst")) {
		add_object(entries, objects, target);
		return true;
	}
	if (asprintf(&path, "%s/%s", objects, target) < 0)
		return false;
	directory = is_directory(path);
	if (directory)
		add_directory(entries, objects, path, false);
	free(path);
	return directory;
}

int write_compile_database(const char *objects, const char *module,
			   char **targets, int target_count, const char *output)
{
	json_t *entries = json_array();
	bool whole_tree = !module && !target_count;
	int count, status;

	if (module)
		add_directory(entries, objects, module, false);
	for (int i = 0; !module && i < target_count; i++)
		if (!add_target(entries, objects, targets[i]))
			whole_tree = true;
	/* vmlinux, modules, all, bzImage...: the whole tree. */
	if (whole_tree) {
		json_array_clear(entries);
		add_directory(entries, objects, objects, true);
	}
	count = (int)json_array_size(entries);
	status = json_dump_file(entries, output, JSON_INDENT(1));
	json_decref(entries);
	if (status) {
		fprintf(stderr, "slabcheck: cannot write %s\n", output);
		return -1;
	}
	return count;
}
