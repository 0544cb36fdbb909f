// SPDX-License-Identifier: GPL-2.0
/*
 * Where the slabcheck command finds what it drives.  Nothing here names a
 * directory of the machine slabcheck was built on: the places are relative
 * to the program's own directory, as an installation lays them out (CMake
 * passes the layout) and as a build directory does, so that a tree copied
 * elsewhere, or unpacked from the package with dpkg -x, works as it is.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "locate.h"

/* The installed layout, relative to the directory of the program. */
#ifndef SLABCHECK_INSTALLED_GCC_PLUGIN
#define SLABCHECK_INSTALLED_GCC_PLUGIN "../lib/slabcheck/slabcheck_gcc.so"
#endif
/* What -dumpmachine says of the GCC the plugin next to us was built for. */
#ifndef SLABCHECK_GCC_MACHINE
#define SLABCHECK_GCC_MACHINE ""
#endif
#ifndef SLABCHECK_DEFAULT_CC
#define SLABCHECK_DEFAULT_CC "gcc"
#endif
#ifndef SLABCHECK_INSTALLED_LIBRARY_DIR
#define SLABCHECK_INSTALLED_LIBRARY_DIR "../lib/slabcheck"
#endif
/* docs/, as cmake/Packaging.cmake installs it. */
#ifndef SLABCHECK_INSTALLED_DOCS
#define SLABCHECK_INSTALLED_DOCS "../share/doc/slabcheck/docs"
#endif

struct sibling_place {
	/* How a message names it. */
	const char *name;
	const char *variable;
	/* Relative to the program's directory, or absolute. */
	const char *installed;
	const char *built;
	/* What to pass when it is found nowhere: its host looks for it. */
	const char *fallback;
};

static const struct sibling_place places[SIBLING_COUNT] = {
	[SIBLING_GCC_PLUGIN] = { "the GCC plugin slabcheck_gcc.so",
				 "SLABCHECK_GCC_PLUGIN",
				 SLABCHECK_INSTALLED_GCC_PLUGIN,
				 "../gcc-plugin/slabcheck_gcc.so",
				 /* GCC's own plugin directory. */
				 "slabcheck_gcc" },
	[SIBLING_CLANG_PLUGIN] = { "the Clang plugin slabcheck_clang.so",
				   "SLABCHECK_CLANG_PLUGIN",
				   SLABCHECK_INSTALLED_LIBRARY_DIR
				   "/slabcheck_clang.so",
				   "../clang-check/slabcheck_clang.so", NULL },
	[SIBLING_SPARSE] = { "slabcheck-sparse", "SLABCHECK_SPARSE",
			     "slabcheck-sparse",
			     "../sparse-check/slabcheck-sparse",
			     "slabcheck-sparse" },
	[SIBLING_CLANG_TOOL] = { "slabcheck-clang", "SLABCHECK_CLANG_TOOL",
				 "slabcheck-clang",
				 "../clang-check/slabcheck-clang",
				 "slabcheck-clang" },
	[SIBLING_GCC_WRAPPER] = { "slabcheck-gcc", "SLABCHECK_GCC_WRAPPER",
				  "slabcheck-gcc", "slabcheck-gcc",
				  "slabcheck-gcc" },
};

static const char *found[SIBLING_COUNT];

/* The directory of the running program, symbolic links resolved. */
static const char *own_directory(void)
{
	static char directory[PATH_MAX];
	ssize_t length;
	char *slash;

	if (*directory)
		return directory;
	length = readlink("/proc/self/exe", directory, sizeof(directory) - 1);
	if (length <= 0)
		return NULL;
	directory[length] = '\0';
	slash = strrchr(directory, '/');
	if (slash)
		*slash = '\0';
	return directory;
}

/* 'place' relative to our directory, when something is there. */
static char *existing(const char *place)
{
	const char *directory = own_directory();
	char *path, *resolved;

	if (place[0] == '/')
		return access(place, R_OK) ? NULL : strdup(place);
	if (!directory || asprintf(&path, "%s/%s", directory, place) < 0)
		return NULL;
	resolved = realpath(path, NULL);
	free(path);
	return resolved;
}

const char *sibling_variable(enum sibling sibling)
{
	return places[sibling].variable;
}

const char *sibling_path(enum sibling sibling)
{
	const struct sibling_place *place = &places[sibling];
	const char *named = getenv(place->variable);
	char *path;

	if (found[sibling])
		return found[sibling];
	if (named && *named) {
		/*
		 * make runs the checker and the compiler in the kernel's
		 * directory: a relative path must become absolute.
		 */
		path = strchr(named, '/') ? realpath(named, NULL) : NULL;
		found[sibling] = path ? path : named;
		return found[sibling];
	}
	path = existing(place->installed);
	if (!path)
		path = existing(place->built);
	found[sibling] = path ? path : place->fallback;
	return found[sibling];
}

/* The first line 'gcc' prints for 'question'; NULL if none. */
static char *gcc_answer(const char *gcc, const char *question)
{
	char *command, *answer = NULL;
	size_t size = 0;
	ssize_t length;
	FILE *output;

	/* A compiler name holds no quote: it is one word of a make variable. */
	if (strchr(gcc, '\'') ||
	    asprintf(&command, "'%s' %s 2>/dev/null", gcc, question) < 0)
		return NULL;
	output = popen(command, "r");
	free(command);
	if (!output)
		return NULL;
	length = getline(&answer, &size, output);
	if (pclose(output) != 0 || length <= 1) {
		free(answer);
		return NULL;
	}
	answer[length - 1] = '\0';
	return answer;
}

/*
 * Where an installation put the plugin of a cross GCC, relative to our
 * directory: that GCC's plugin directory with its /usr/ taken off, under
 * the prefix (as gcc-plugin/CMakeLists.txt installs it).  Under /usr the
 * GCC finds it itself; under another prefix, or unpacked from the package,
 * only this finds it.
 */
static char *installed_cross_plugin(const char *gcc)
{
	char *directory = gcc_answer(gcc, "-print-file-name=plugin");
	char *place, *path = NULL;

	if (!directory || strncmp(directory, "/usr/", 5)) {
		free(directory);
		return NULL;
	}
	if (asprintf(&place, "../%s/slabcheck_gcc.so", directory + 5) >= 0) {
		path = existing(place);
		free(place);
	}
	free(directory);
	return path;
}

/* The plugin for a GCC that is not the one slabcheck was built with. */
static const char *cross_plugin_for(const char *gcc)
{
	char *machine = gcc_answer(gcc, "-dumpmachine"), *place, *path;

	if (!machine || strchr(machine, '/') ||
	    !strcmp(machine, SLABCHECK_GCC_MACHINE)) {
		free(machine);
		return sibling_path(SIBLING_GCC_PLUGIN);
	}
	path = installed_cross_plugin(gcc);
	if (!path && asprintf(&place, "../gcc-plugin/%s/slabcheck_gcc.so",
			      machine) >= 0) {
		path = existing(place);
		free(place);
	}
	free(machine);
	/* Not found: the GCC looks in its own plugin directory. */
	return path ? path : places[SIBLING_GCC_PLUGIN].fallback;
}

const char *gcc_plugin_for(const char *compiler)
{
	/* One build runs one compiler: remember the last answer. */
	static char *last_compiler;
	static const char *last_plugin;
	const char *gcc, *named = getenv(places[SIBLING_GCC_PLUGIN].variable);

	if ((named && *named) || !compiler || !*compiler)
		return sibling_path(SIBLING_GCC_PLUGIN);
	if (last_compiler && !strcmp(last_compiler, compiler))
		return last_plugin;
	/* The compiler is the last word, after ccache or distcc. */
	gcc = strrchr(compiler, ' ');
	gcc = gcc ? gcc + 1 : compiler;
	if (!strcmp(gcc, SLABCHECK_DEFAULT_CC))
		last_plugin = sibling_path(SIBLING_GCC_PLUGIN);
	else
		last_plugin = cross_plugin_for(gcc);
	free(last_compiler);
	last_compiler = strdup(compiler);
	return last_plugin;
}

const char *installed_docs(void)
{
	static bool looked;
	static char *docs;
	char *directory, *rules;

	if (looked)
		return docs;
	looked = true;
	directory = existing(SLABCHECK_INSTALLED_DOCS);
	if (directory && asprintf(&rules, "%s/rules.md", directory) >= 0) {
		if (!access(rules, R_OK) &&
		    asprintf(&docs, "%s/", directory) < 0)
			docs = NULL;
		free(rules);
	}
	free(directory);
	return docs;
}

/* Whether 'name' is a program in a directory of PATH. */
static bool on_path(const char *name)
{
	const char *path = getenv("PATH");
	bool found = false;

	while (path && *path && !found) {
		size_t length = strcspn(path, ":");
		char *candidate;

		if (asprintf(&candidate, "%.*s/%s", (int)length,
			     length ? path : ".", name) >= 0) {
			found = !access(candidate, X_OK);
			free(candidate);
		}
		path += length + (path[length] == ':');
	}
	return found;
}

bool sibling_installed(enum sibling sibling, const char *path,
		       const char *compiler)
{
	const char *gcc;
	char *question, *answer;
	bool found;

	if (!path)
		return false;
	if (strchr(path, '/'))
		return !access(path,
			       sibling == SIBLING_GCC_PLUGIN ||
					       sibling == SIBLING_CLANG_PLUGIN ?
				       R_OK :
				       X_OK);
	if (sibling != SIBLING_GCC_PLUGIN)
		return on_path(path);
	/* -fplugin=NAME: the GCC looks in its plugin directory; ask it. */
	gcc = compiler && *compiler ? compiler : SLABCHECK_DEFAULT_CC;
	gcc = strrchr(gcc, ' ') ? strrchr(gcc, ' ') + 1 : gcc;
	if (asprintf(&question, "-print-file-name=plugin/%s.so", path) < 0)
		return true;
	answer = gcc_answer(gcc, question);
	free(question);
	/* Not found, GCC echoes the name; a GCC that cannot answer says
	 * what is wrong when it compiles. */
	found = !answer || (answer[0] == '/' && !access(answer, R_OK));
	free(answer);
	return found;
}

void sibling_describe_missing(enum sibling sibling, const char *path,
			      FILE *stream)
{
	const struct sibling_place *place = &places[sibling];
	const char *named = getenv(place->variable);

	if (named && *named)
		fprintf(stream,
			"slabcheck: %s is not installed: %s names %s, which "
			"is not there\n",
			place->name, place->variable, path ? path : named);
	else
		fprintf(stream,
			"slabcheck: %s is not installed (install the full "
			"slabcheck package, or name it in %s)\n",
			place->name, place->variable);
}
