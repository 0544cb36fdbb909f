/* SPDX-License-Identifier: GPL-2.0 */
/* Runs make for `slabcheck kbuild` (tools/make_runner.c). */
#ifndef SLABCHECK_TOOLS_MAKE_RUNNER_H
#define SLABCHECK_TOOLS_MAKE_RUNNER_H

/*
 * Runs make (argv, NULL-terminated) with its output passed on to our
 * stderr, shows progress when stderr is a terminal, and lists the objects
 * that failed at the end.  The results the compiles stream on their
 * stderr (the plugin's stream-results) go into files of 'directory'
 * instead.  Returns make's exit status, or -1.
 */
int run_make(char **argv, const char *directory);

#endif
