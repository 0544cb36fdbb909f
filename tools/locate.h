/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the slabcheck command finds the programs and plugins it drives
 * (tools/locate.c): an environment variable names one, else it is looked
 * for where an installation puts it, then where a build directory does,
 * both relative to the slabcheck program itself, so that an installed or
 * unpacked tree works wherever it is.
 */
#ifndef SLABCHECK_TOOLS_LOCATE_H
#define SLABCHECK_TOOLS_LOCATE_H

#include <stdbool.h>
#include <stdio.h>

enum sibling {
	SIBLING_GCC_PLUGIN,
	SIBLING_CLANG_PLUGIN,
	SIBLING_SPARSE,
	SIBLING_CLANG_TOOL,
	SIBLING_GCC_WRAPPER, /* slabcheck-gcc */
	SIBLING_COUNT
};

/*
 * The sibling's path: absolute, or (when it is found nowhere) the bare
 * name under which its host looks for it (GCC's plugin directory, PATH).
 * NULL when nothing can stand in for it.
 */
const char *sibling_path(enum sibling sibling);
/*
 * The GCC plugin for the GCC named by 'compiler' (a command, possibly
 * "ccache gcc"; NULL: the GCC slabcheck was built for).  A cross compiler
 * (another -dumpmachine) gets the plugin built for it: in a build
 * directory gcc-plugin/MACHINE/slabcheck_gcc.so, installed in its own
 * plugin directory, where -fplugin=slabcheck_gcc finds it.
 */
const char *gcc_plugin_for(const char *compiler);
/* The environment variable that names the sibling. */
const char *sibling_variable(enum sibling sibling);
/*
 * Whether the sibling at 'path' (from sibling_path() or gcc_plugin_for()
 * for 'compiler') is there: a path, or a bare name on PATH (the GCC
 * plugin: in the plugin directory of the GCC 'compiler' names).
 */
bool sibling_installed(enum sibling sibling, const char *path,
		       const char *compiler);
/* One line: the sibling is not installed, and what to do. */
void sibling_describe_missing(enum sibling sibling, const char *path,
			      FILE *stream);
/*
 * Where an installation put docs/ (rules.md, reports.md), with its final
 * '/'; NULL when the command does not run from one: links into the docs
 * then say where they are in the source tree.
 */
const char *installed_docs(void);

#endif
