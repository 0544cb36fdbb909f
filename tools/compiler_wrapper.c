// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck-gcc: the GCC the plugin was built for, with the plugin loaded,
 * for builds that cannot pass -fplugin= themselves.  distccd refuses a job
 * with -fplugin= in it, so slabcheck kbuild sends distcc's helpers
 * "slabcheck-gcc ..." with the plugin's other options, and each helper's
 * slabcheck-gcc loads its own copy of the plugin (the package installed on
 * every helper).  Every argument goes to GCC unchanged, --version
 * included: to kbuild this is GCC.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "locate.h"

int main(int argc, char **argv)
{
	char **arguments = calloc((size_t)argc + 2, sizeof(char *));
	const char *plugin = sibling_path(SIBLING_GCC_PLUGIN);

	if (!arguments || asprintf(&arguments[1], "-fplugin=%s", plugin) < 0)
		return EXIT_TROUBLE;
	arguments[0] = SLABCHECK_DEFAULT_CC;
	/* The plugin first: its -fplugin-arg-... options must follow it. */
	for (int i = 1; i < argc; i++)
		arguments[i + 1] = argv[i];
	execvp(arguments[0], arguments);
	fprintf(stderr, "slabcheck-gcc: cannot run %s: %m\n", arguments[0]);
	return 127;
}
