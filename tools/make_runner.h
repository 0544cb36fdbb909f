/* SPDX-License-Identifier: GPL-2.0 */
/* Runs commands, and make for `slabcheck kbuild` (tools/make_runner.c). */
#ifndef SLABCHECK_TOOLS_MAKE_RUNNER_H
#define SLABCHECK_TOOLS_MAKE_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Starts a command (argv, NULL-terminated) with its stdout on the file
 * descriptor 'output', and its stderr too when 'with_stderr'.  Returns
 * the child's pid, or -1.
 */
pid_t start_command(char **argv, int output, bool with_stderr);
/* Waits for a child of start_command(): its exit status, or -1. */
int wait_command(pid_t child);

/*
 * Runs make (argv, NULL-terminated) with its output passed on to our
 * stderr, shows progress when stderr is a terminal, and lists the objects
 * that failed at the end.  The results the compiles stream on their
 * stderr (the plugin's stream-results) go into files of 'directory'
 * instead.  Returns make's exit status, or -1; '*failed' is set to how
 * many objects failed to compile.
 */
int run_make(char **argv, const char *directory, size_t *failed);

#endif
