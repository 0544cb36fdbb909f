/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the slabcheck command share: which front-end checks
 * (--sparse, --clang, --clang-tool) and how its options are spelled,
 * running a command, and the run whose results are collected, linked and
 * printed at the end (tools/results.c).  slabcheck.c holds the file and
 * link modes, kbuild.c the kernel build mode.
 */
#ifndef SLABCHECK_TOOLS_COMMAND_H
#define SLABCHECK_TOOLS_COMMAND_H

#include <stdbool.h>
#include <stdio.h>

#include "locate.h"
#include "slabcheck.h"

/*
 * The exit status of every program of ours that is not a compiler's
 * drop-in (the plugins and slabcheck-sparse follow their host): a bit for
 * new findings, a bit for trouble, so that neither hides the other.
 */
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

/* The GCC the plugin was built for: the only one that can load it. */
#ifndef SLABCHECK_DEFAULT_CC
#define SLABCHECK_DEFAULT_CC "gcc"
#endif
/* The Clang the Clang plugin was built for. */
#ifndef SLABCHECK_CLANG_CC
#define SLABCHECK_CLANG_CC "clang"
#endif

enum front_end {
	FRONT_END_GCC,
	FRONT_END_SPARSE,
	FRONT_END_CLANG_PLUGIN,
	FRONT_END_CLANG_TOOL
};

/* The front-end this run uses (--sparse, --clang, --clang-tool). */
extern enum front_end front_end;

/* The option prefix of the front-end that runs. */
const char *option_prefix(void);
/* One option of the core's, spelled for the front-end that runs. */
char *front_end_option(const char *key, const char *value);
/*
 * The plugin of the front-end that runs (GCC's or Clang's), for the compiler
 * the build runs (NULL: the one slabcheck was built for); exits if none.
 */
const char *plugin_path(const char *compiler);
/*
 * A program or plugin of ours (for the GCC plugin, of 'compiler'), or
 * exit with status 2 saying that it is not installed: checked before any
 * compiler or make runs, so that a missing one is not reported as files
 * that failed to compile.
 */
const char *installed_sibling(enum sibling sibling, const char *compiler);
/* --sparse and --clang-tool: their program is installed, or exit. */
void require_front_end(void);
/* asprintf() of one string, or exit. */
char *format_string(const char *fmt, const char *value);
/* Runs a command with its stdout on our stderr: its exit status, or -1. */
int run_command(char **argv);

enum grouping { NO_LINK, LINK_ALL, LINK_KBUILD };

/* One run of the command, from the options to the exit status. */
struct check_run {
	/* The core's options, as --rule= and --disable= left them. */
	struct slabcheck_options options;
	/*
	 * A fresh directory where the front-ends write their results, read
	 * and removed at the end; NULL: none.
	 */
	char *directory;
	enum grouping grouping;
	/* The files named on the command line (for --report-unused). */
	char **files;
	int file_count;
	/* Facts files to read where they are (slabcheck link). */
	char **facts_paths;
	int facts_count;
	/*
	 * Where paths in fingerprints, baselines and SARIF are relative to,
	 * unless --source-root names one: an out-of-tree module's directory
	 * and the kernel tree (NULL: the directory we run in).
	 */
	const char *module_root;
	const char *kernel_root;
	/* O=: where the kernel's objects and .mod files are; NULL: none. */
	const char *object_root;
	/* Objects or files that did not compile. */
	size_t failed;
	/* Anything else that went wrong: make, a checker, a results file. */
	bool trouble;
	/* Said after "0 units checked": why that may be. */
	const char *nothing_checked_hint;
};

void check_run_init(struct check_run *run);
/* A fresh directory for the front-ends' findings and facts files. */
char *results_directory(void);
/*
 * The common options of every subcommand (--rule=, --disable=, the output
 * options): 1 when 'argument' was one, 0 when not; a bad one exits.
 */
int common_option(struct check_run *run, int subcommand, const char *argument);
/* The front-end's option that drops the rules the options turned off. */
char *disable_option(const struct slabcheck_options *options);
/*
 * Collects what the front-ends wrote, links the modules, prints the
 * findings and the summary line; the exit status of the run.
 */
int finish_run(struct check_run *run);

/* slabcheck kbuild (kbuild.c). */
int kbuild_command(int argc, char **argv);
/* slabcheck convert kbuild ...: kbuild.c. */
int convert_kbuild_command(int argc, char **argv);
/*
 * An option of both convert commands for slabcheck-clang (--format=,
 * --verify, --no-verify): 1, with what to pass in '*passed' (or NULL);
 * 0 when 'argument' is none.
 */
int convert_option(const char *argument, const char **passed);

#endif
