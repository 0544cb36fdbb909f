/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the slabcheck command share: which front-end checks
 * (--sparse, --clang, --clang-tool) and how its options are spelled, running
 * a command, and collecting and printing what the checks wrote.  slabcheck.c
 * holds the file and link modes, kbuild.c the kernel build mode.
 */
#ifndef SLABCHECK_TOOLS_COMMAND_H
#define SLABCHECK_TOOLS_COMMAND_H

#include <stdbool.h>
#include <stdio.h>

#include "slabcheck.h"

#define EXIT_CLEAN 0
#define EXIT_FINDINGS 1
#define EXIT_TROUBLE 2

/* How the plugin is named in -fplugin-arg-NAME-KEY. */
#define PLUGIN_ARGUMENT "-fplugin-arg-slabcheck_gcc-"
#define CLANG_PLUGIN_ARGUMENT "-fplugin-arg-slabcheck_clang-"
/* How slabcheck-sparse takes the same options. */
#define SPARSE_ARGUMENT "--slabcheck-"
/* How slabcheck-clang takes them. */
#define CLANG_TOOL_ARGUMENT "--"

/* --sparse: slabcheck-sparse checks the files instead of the GCC plugin. */
extern bool use_sparse;
/* --clang: the Clang plugin (kbuild: LLVM=1); --clang-tool: slabcheck-clang
 * (kbuild: over the build's compile_commands.json). */
extern bool use_clang, use_clang_tool;

void usage(FILE *stream);
/* The option prefix of the front-end that runs. */
const char *option_prefix(void);
/* One option of the core's, spelled for the front-end that runs. */
char *front_end_option(const char *key, const char *value);
const char *sparse_path(void);
const char *plugin_path(void);
const char *clang_tool_path(void);
/* asprintf() of one string, or exit. */
char *format(const char *fmt, const char *value);
/* Runs a command with its stdout on our stderr: its exit status, or -1. */
int run(char **argv);
/* The front-end's option that drops the rules --rule= did not keep. */
char *disable_option(const struct slabcheck_options *options);
/* --rule= and the output options, in every mode: 1 when it was one. */
int common_option(struct slabcheck_options *options, const char *argument);
/* A fresh directory for the front-ends' findings and facts files. */
char *findings_directory(void);

enum grouping { NO_LINK, LINK_ALL, LINK_KBUILD };

/* Prints what the checks wrote into 'directory'; the run's exit status. */
int finish(const char *directory, int failures,
	   const struct slabcheck_options *options, enum grouping grouping,
	   char **files, int file_count);

/* slabcheck kbuild (kbuild.c). */
int kbuild_command(int argc, char **argv);

#endif
