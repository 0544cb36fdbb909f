// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck kbuild: a kernel or out-of-tree module build with a front-end
 * in it.  The GCC or Clang plugin rides in KCFLAGS and sends its results
 * back on the compiler's stderr (stream-results), which ccache replays and
 * distcc brings home; slabcheck-sparse is kbuild's checker (C=1, CHECK=);
 * slabcheck-clang reads the build's compile_commands.json afterwards.
 * Then each module and each directory of built-in objects is linked.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "make_runner.h"

static void append_to_environment(const char *name, const char *value,
				  const char *separator)
{
	const char *old = getenv(name);
	char *with;

	if (asprintf(&with, "%s%s%s", old && *old ? old : "",
		     old && *old ? separator : "", value) < 0)
		return;
	setenv(name, with, 1);
	free(with);
}

/*
 * ccache hashes the compiler and its arguments, not the plugin a path
 * names: a rebuilt plugin must not replay the old one's findings.  The
 * run= option changes every run and must not defeat the cache, whichever
 * plugin (GCC's or, with --clang, Clang's) it is spelled for.
 */
static void hash_plugin_in_ccache(void)
{
	append_to_environment("CCACHE_EXTRAFILES", plugin_path(), ":");
	append_to_environment(
		"CCACHE_IGNOREOPTIONS",
		PLUGIN_ARGUMENT "run=* " CLANG_PLUGIN_ARGUMENT "run=*", " ");
}

/*
 * The make command line that runs slabcheck-sparse as kbuild's checker:
 * C=1 (unless the build asks for C=2) and CHECK=, our options in CF=
 * (after the build's own CF=, if any).
 */
static int sparse_arguments(char **command, int n, int argc, char **argv,
			    const char *directory, const char *disable)
{
	const char *extra = "";
	bool checking = false;
	char *cf;

	for (int i = 2; i < argc; i++) {
		if (!strncmp(argv[i], "CF=", 3))
			extra = argv[i] + 3;
		else if (!strncmp(argv[i], "C=", 2))
			checking = true;
	}
	if (!checking)
		command[n++] = "C=1";
	command[n++] = format("CHECK=%s", sparse_path());
	if (asprintf(&cf,
		     "CF=%s " SPARSE_ARGUMENT "findings-dir=%s " SPARSE_ARGUMENT
		     "facts-dir=%s %s",
		     extra, directory, directory, disable ? disable : "") < 0)
		exit(EXIT_TROUBLE);
	command[n++] = cf;
	return n;
}

/*
 * slabcheck-clang over a compile_commands.json of the build just done,
 * written into M='s directory (or the kernel's) from kbuild's .cmd files by
 * the kernel's own scripts/clang-tools/gen_compile_commands.py; commands
 * run in the kernel's directory (-C), M= modules included.
 */
static int kbuild_tool(int argc, char **argv, const char *directory,
		       const char *disable)
{
	const char *kernel = ".", *scanned = NULL, *jobs = "-j1";
	char *script, *output;

	for (int i = 2; i < argc; i++) {
		if (!strncmp(argv[i], "M=", 2))
			scanned = argv[i] + 2;
		/* As many files at a time as make compiled. */
		else if (!strcmp(argv[i], "-j") && i + 1 < argc &&
			 isdigit((unsigned char)argv[i + 1][0]))
			jobs = format("-j%s", argv[i + 1]);
		else if (!strncmp(argv[i], "-j", 2) && argv[i][2])
			jobs = argv[i];
		else if (!strcmp(argv[i], "-C") && i + 1 < argc)
			kernel = argv[i + 1];
		else if (!strncmp(argv[i], "-C", 2) && argv[i][2])
			kernel = argv[i] + 2;
	}
	if (!scanned)
		scanned = kernel;
	script = format("%s/scripts/clang-tools/gen_compile_commands.py",
			kernel);
	output = format("%s/compile_commands.json", scanned);
	{
		char *generate[] = { "python3",	      script, "-d",
				     (char *)kernel,  "-o",   output,
				     (char *)scanned, NULL };
		char *check[] = { (char *)clang_tool_path(),
				  front_end_option("findings-dir", directory),
				  front_end_option("facts-dir", directory),
				  (char *)(disable ? disable : "--verify"),
				  (char *)jobs,
				  "-p",
				  (char *)scanned,
				  NULL };

		if (run(generate))
			return 1;
		return run(check) == 2;
	}
}

int kbuild_command(int argc, char **argv)
{
	char **command = calloc((size_t)argc + 10, sizeof(char *));
	char *directory = findings_directory();
	char *plugin = format("-fplugin=%s", plugin_path());
	char *kcflags, *disable;
	bool external = false;
	struct slabcheck_options options;
	int n = 0, failures;

	options_init(&options);
	command[n++] = "make";
	/* Past objects that fail to compile: their findings are lost only. */
	command[n++] = "-k";
	for (int i = 2; i < argc; i++) {
		if (common_option(&options, argv[i]))
			continue;
		if (!strncmp(argv[i], "M=", 2))
			external = true;
		if (use_sparse && !strncmp(argv[i], "CF=", 3))
			continue;
		command[n++] = argv[i];
	}
	/* The front-end drops the rules --rule= did not keep. */
	disable = disable_option(&options);
	if (use_sparse) {
		n = sparse_arguments(command, n, argc, argv, directory,
				     disable);
	} else if (use_clang_tool) {
		/* Built as asked; the tool reads the database afterwards. */
	} else {
		/*
		 * Results come back on the compilers' stderr: ccache replays
		 * it on a hit, distcc brings it back from the helpers.
		 * --output-sync keeps two compiles' lines apart.
		 */
		if (asprintf(&kcflags,
			     "KCFLAGS=%s %sstream-results %srun=%s %s", plugin,
			     option_prefix(), option_prefix(),
			     strrchr(directory, '.') + 1,
			     disable ? disable : "") < 0)
			return EXIT_TROUBLE;
		if (use_clang)
			command[n++] = "LLVM=1";
		command[n++] = "--output-sync=target";
		hash_plugin_in_ccache();
		command[n++] = kcflags;
	}
	/* Before vmlinux exists there is no Module.symvers to resolve against.
	 */
	if (external)
		command[n++] = "KBUILD_MODPOST_WARN=1";
	failures = run_make(command, directory) != 0;
	if (use_clang_tool && !failures)
		failures = kbuild_tool(argc, argv, directory, disable);
	return finish(directory, failures, &options, LINK_KBUILD, NULL, 0);
}
