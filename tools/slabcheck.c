// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck: the command-line front door.
 *
 *   slabcheck [--sparse] [--rule=RULE[,RULE...]] FILE.c... [-- CFLAGS...]
 *	compiles each file with the GCC plugin (or checks it with
 *	slabcheck-sparse) and prints the findings; two files or more are one
 *	module, also checked as a whole.
 *   slabcheck kbuild [--sparse] [-C KERNEL_DIR] [M=DIR] [make arguments...]
 *	runs a kernel or out-of-tree module build with the plugin loaded (or
 *	with slabcheck-sparse as kbuild's checker: make C=1 CHECK=...), and
 *	checks each module (kbuild's *.mod files) and each directory of
 *	built-in objects as a whole.
 *   slabcheck link [--rule=RULE[,RULE...]] [--kbuild] FACTS...
 *	checks the units whose facts files are given as one module, or
 *	(--kbuild) as kbuild groups them, like slabcheck kbuild does.
 *
 * Each compile's plugin (or each run of slabcheck-sparse) writes its
 * findings as JSON, and the facts of its unit, into a directory of ours
 * (the findings-dir= and facts-dir= options); the compilers', sparse's and
 * make's own output passes through to stderr untouched.  The link step
 *(tools/modules.c, core/link.c) then runs the rules over each module.  The
 *findings of both are printed once each (a header included by many files, or a
 *finding both modes make, yields one line), sorted, on stdout. Exit status: 0
 *nothing found, 1 findings, 2 usage error or failed build.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "make_runner.h"
#include "modules.h"
#include "output.h"
#include "report.h"
#include "slabcheck.h"

#ifndef SLABCHECK_PLUGIN_PATH
#define SLABCHECK_PLUGIN_PATH "slabcheck_gcc.so"
#endif
/* The GCC the plugin was built for: the only one that can load it. */
#ifndef SLABCHECK_DEFAULT_CC
#define SLABCHECK_DEFAULT_CC "gcc"
#endif

#ifndef SLABCHECK_SPARSE_PATH
#define SLABCHECK_SPARSE_PATH "slabcheck-sparse"
#endif

#ifndef SLABCHECK_CLANG_PLUGIN_PATH
#define SLABCHECK_CLANG_PLUGIN_PATH "slabcheck_clang.so"
#endif
#ifndef SLABCHECK_CLANG_TOOL_PATH
#define SLABCHECK_CLANG_TOOL_PATH "slabcheck-clang"
#endif
/* The Clang the Clang plugin was built for. */
#ifndef SLABCHECK_CLANG_CC
#define SLABCHECK_CLANG_CC "clang"
#endif

/* --sparse: slabcheck-sparse checks the files instead of the GCC plugin. */
bool use_sparse;
/* --clang: the Clang plugin (kbuild: LLVM=1); --clang-tool: slabcheck-clang
 * (kbuild: over the build's compile_commands.json). */
bool use_clang, use_clang_tool;

const char *option_prefix(void)
{
	if (use_sparse)
		return SPARSE_ARGUMENT;
	if (use_clang)
		return CLANG_PLUGIN_ARGUMENT;
	if (use_clang_tool)
		return CLANG_TOOL_ARGUMENT;
	return PLUGIN_ARGUMENT;
}

/* One option of the core's, spelled for the front-end that runs. */
char *front_end_option(const char *key, const char *value)
{
	char *text;

	if (asprintf(&text, "%s%s=%s", option_prefix(), key, value) < 0) {
		perror("slabcheck");
		exit(2);
	}
	return text;
}

/* How findings are printed, for every mode (tools/output.c). */
static struct output_options output;

void usage(FILE *stream)
{
	fprintf(stream,
		"usage: slabcheck [OPTIONS] [--sparse] FILE.c... [-- "
		"CFLAGS...]\n"
		"       slabcheck kbuild [OPTIONS] [--sparse] [-C KERNEL_DIR] "
		"[M=DIR] [make arguments...]\n"
		"       slabcheck link [OPTIONS] [--kbuild] FACTS...\n"
		"options: [--rule=RULE[,RULE...]] " OUTPUT_OPTIONS_HELP "\n"
		"environment: SLABCHECK_GCC_PLUGIN (plugin path), CC "
		"(compiler; default " SLABCHECK_DEFAULT_CC
		", the GCC the plugin was built for), SLABCHECK_SPARSE "
		"(slabcheck-sparse's path, for --sparse); --clang: the Clang "
		"plugin (SLABCHECK_CLANG_PLUGIN; kbuild adds LLVM=1), "
		"--clang-tool: slabcheck-clang (SLABCHECK_CLANG_TOOL; kbuild "
		"checks the build's compile_commands.json)\n");
}

const char *sparse_path(void)
{
	const char *path = getenv("SLABCHECK_SPARSE");

	return path && *path ? path : SLABCHECK_SPARSE_PATH;
}

const char *plugin_path(void)
{
	const char *path = getenv(use_clang ? "SLABCHECK_CLANG_PLUGIN" :
					      "SLABCHECK_GCC_PLUGIN");

	if (path && *path)
		return path;
	return use_clang ? SLABCHECK_CLANG_PLUGIN_PATH : SLABCHECK_PLUGIN_PATH;
}

const char *clang_tool_path(void)
{
	const char *path = getenv("SLABCHECK_CLANG_TOOL");

	return path && *path ? path : SLABCHECK_CLANG_TOOL_PATH;
}

char *format(const char *fmt, const char *value)
{
	char *text;

	if (asprintf(&text, fmt, value) < 0) {
		perror("slabcheck");
		exit(EXIT_TROUBLE);
	}
	return text;
}

/*
 * Runs a command; its stdout goes to our stderr, so that our stdout holds
 * findings only.  Returns its exit status, or -1.
 */
int run(char **argv)
{
	pid_t child = start_command(argv, STDERR_FILENO, false);

	return child < 0 ? -1 : wait_command(child);
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t length = strlen(name), suffix_length = strlen(suffix);

	return length >= suffix_length &&
	       !strcmp(name + length - suffix_length, suffix);
}

/*
 * Reads and removes every file of the directory, then it: findings into
 * the report, facts into the set.
 */
static int collect(const char *directory, struct report *report,
		   struct facts_set *facts)
{
	DIR *dir = opendir(directory);
	struct dirent *entry;
	int failures = 0;

	if (!dir) {
		perror(directory);
		return 1;
	}
	while ((entry = readdir(dir))) {
		char *path, error[256];
		FILE *stream = NULL;
		int status;

		if (entry->d_name[0] == '.')
			continue;
		if (asprintf(&path, "%s/%s", directory, entry->d_name) < 0)
			return 1;
		if (has_suffix(entry->d_name, ".facts")) {
			status = facts_set_read(facts, path, error,
						sizeof(error));
		} else {
			stream = fopen(path, "r");
			status = stream ?
					 report_read_json(report, stream, error,
							  sizeof(error)) :
					 -1;
			if (!stream)
				snprintf(error, sizeof(error), "cannot read");
		}
		if (status) {
			fprintf(stderr, "slabcheck: %s: %s\n", path, error);
			failures++;
		}
		if (stream)
			fclose(stream);
		unlink(path);
		free(path);
	}
	closedir(dir);
	rmdir(directory);
	return failures;
}

/* --rule=a,b keeps only those rules: the others are disabled. */
static void keep_rules(struct slabcheck_options *options, const char *kept)
{
	struct slabcheck_options parsed;
	char error[128];

	options_init(&parsed);
	if (options_parse(&parsed, "disable", kept, error, sizeof(error))) {
		fprintf(stderr, "slabcheck: %s\n", error);
		usage(stderr);
		exit(EXIT_TROUBLE);
	}
	/* Parsing the kept list as "disable" marked exactly the kept ones. */
	options->disabled_rules =
		~parsed.disabled_rules & ((1u << rule_count()) - 1);
}

/* The plugin is told which rules to drop. */
char *disable_option(const struct slabcheck_options *options)
{
	char disabled[512] = "";

	for (int i = 0; i < rule_count(); i++) {
		if (!(options->disabled_rules & (1u << i)))
			continue;
		if (*disabled)
			strcat(disabled, ",");
		strcat(disabled, rule_id(i));
	}
	if (!*disabled)
		return NULL;
	return front_end_option("disable", disabled);
}

/*
 * Applies suppressions (looking for unused ones, when asked, in the files
 * checked and the units read), prints the findings, releases both; the
 * exit status of the run: findings that a baseline or a suppression
 * covers do not count.
 */
static int print_findings(struct report *report, struct facts_set *facts,
			  int failures, const struct slabcheck_options *options,
			  char **files, int file_count)
{
	struct slabcheck_options suppressing = *options;
	size_t size = (size_t)file_count + facts->count + 1, name_count = 0;
	const char **names = calloc(size, sizeof(char *));
	const char **directories = calloc(size, sizeof(char *));
	int reported;

	suppressing.report_unused = output.report_unused;
	/*
	 * Spelled as the findings spell them (relative to the directory the
	 * unit was compiled in), so a suppression in a file with none is
	 * reported with the same name as one in a file with findings.
	 */
	for (int i = 0; output.report_unused && i < file_count; i++)
		names[name_count++] = files[i];
	for (size_t i = 0; output.report_unused && i < facts->count; i++) {
		directories[name_count] = facts->units[i].compile_directory;
		names[name_count++] = facts->units[i].main_file;
	}
	slabcheck_suppress(report, &suppressing, names, directories,
			   name_count);
	free(names);
	free(directories);
	reported = output_report(report, &output, stdout);
	facts_set_release(facts);
	report_release(report);
	if (failures || reported < 0)
		return EXIT_TROUBLE;
	return reported ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* --rule= and the output options, in every mode: 1 when it was one. */
int common_option(struct slabcheck_options *options, const char *argument)
{
	int parsed = output_parse(&output, argument);

	if (parsed < 0) {
		fprintf(stderr, "slabcheck: bad option '%s'\n", argument);
		usage(stderr);
		exit(EXIT_TROUBLE);
	}
	if (parsed)
		return 1;
	if (!strncmp(argument, "--rule=", 7)) {
		keep_rules(options, argument + 7);
		return 1;
	}
	return 0;
}

/* Prints what the compiles found; the exit status of the whole run. */
int finish(const char *directory, int failures,
	   const struct slabcheck_options *options, enum grouping grouping,
	   char **files, int file_count)
{
	struct report report;
	struct facts_set facts;

	report_init(&report);
	facts_set_init(&facts);
	failures += collect(directory, &report, &facts);
	if (grouping == LINK_KBUILD)
		facts_set_group_kbuild(&facts);
	else if (grouping == LINK_ALL)
		facts_set_group_all(&facts);
	if (grouping != NO_LINK)
		facts_set_link(&facts, options, &report);
	return print_findings(&report, &facts, failures, options, files,
			      file_count);
}

char *findings_directory(void)
{
	char *directory = strdup("/tmp/slabcheck.XXXXXX");

	if (!directory || !mkdtemp(directory)) {
		perror("slabcheck: mkdtemp");
		exit(EXIT_TROUBLE);
	}
	return directory;
}

static int check_files(int argc, char **argv)
{
	const char *compiler = getenv("CC") && *getenv("CC") ? getenv("CC") :
			       use_clang ? SLABCHECK_CLANG_CC :
					   SLABCHECK_DEFAULT_CC;
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	char **flags = calloc((size_t)argc + 1, sizeof(char *));
	char *disable, *directory, *collect_option, *facts_option;
	int file_count = 0, flag_count = 0, failures = 0, status;
	bool after_dashes = false;
	struct slabcheck_options options;

	options_init(&options);

	for (int i = 1; i < argc; i++) {
		if (after_dashes)
			flags[flag_count++] = argv[i];
		else if (!strcmp(argv[i], "--"))
			after_dashes = true;
		else if (common_option(&options, argv[i]))
			continue;
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return EXIT_CLEAN;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "slabcheck: unknown option '%s'\n",
				argv[i]);
			usage(stderr);
			return EXIT_TROUBLE;
		} else
			files[file_count++] = argv[i];
	}
	if (!file_count) {
		usage(stderr);
		return EXIT_TROUBLE;
	}
	disable = disable_option(&options);
	directory = findings_directory();
	collect_option = front_end_option("findings-dir", directory);
	facts_option = front_end_option("facts-dir", directory);
	/* slabcheck-clang checks every file in one run; the others, one each.
	 */
	for (int f = 0; f < file_count;
	     f = use_clang_tool ? file_count : f + 1) {
		char **command = calloc((size_t)(flag_count + file_count + 12),
					sizeof(char *));
		int n = 0;

		if (use_clang_tool) {
			command[n++] = (char *)clang_tool_path();
			command[n++] = collect_option;
			if (file_count > 1)
				command[n++] = facts_option;
			if (disable)
				command[n++] = disable;
			for (int g = 0; g < file_count; g++)
				command[n++] = files[g];
			command[n++] = "--";
			for (int i = 0; i < flag_count; i++)
				command[n++] = flags[i];
			if (run(command))
				failures++;
			free(command);
			continue;
		}
		if (use_sparse) {
			command[n++] = (char *)sparse_path();
		} else {
			command[n++] = (char *)compiler;
			command[n++] = format("-fplugin=%s", plugin_path());
		}
		command[n++] = collect_option;
		/* Two files or more: the facts for the link step too. */
		if (file_count > 1)
			command[n++] = facts_option;
		if (disable)
			command[n++] = disable;
		for (int i = 0; i < flag_count; i++)
			command[n++] = flags[i];
		if (!use_sparse) {
			command[n++] = "-c";
			command[n++] = "-o";
			command[n++] = "/dev/null";
		}
		command[n++] = files[f];
		if (run(command))
			failures++;
		free(command);
	}
	status = finish(directory, failures, &options,
			file_count > 1 ? LINK_ALL : NO_LINK, files, file_count);
	free(files);
	free(flags);
	return status;
}

/* slabcheck link FACTS...: the units given are one module. */
static int link_command(int argc, char **argv)
{
	struct slabcheck_options options;
	struct report report;
	struct facts_set facts;
	int failures = 0, files = 0;
	bool by_kbuild = false;

	options_init(&options);
	report_init(&report);
	facts_set_init(&facts);
	for (int i = 2; i < argc; i++) {
		char error[256];

		if (common_option(&options, argv[i]))
			continue;
		if (!strcmp(argv[i], "--kbuild")) {
			by_kbuild = true;
			continue;
		}
		if (argv[i][0] == '-') {
			fprintf(stderr, "slabcheck: unknown option '%s'\n",
				argv[i]);
			usage(stderr);
			return EXIT_TROUBLE;
		}
		files++;
		if (facts_set_read(&facts, argv[i], error, sizeof(error))) {
			fprintf(stderr, "slabcheck: %s: %s\n", argv[i], error);
			failures++;
		}
	}
	if (!files) {
		usage(stderr);
		return EXIT_TROUBLE;
	}
	if (by_kbuild)
		facts_set_group_kbuild(&facts);
	else
		facts_set_group_all(&facts);
	facts_set_link(&facts, &options, &report);
	return print_findings(&report, &facts, failures, &options, NULL, 0);
}

/* Takes --sparse, --clang and --clang-tool out of the arguments, before
 * any "--". */
static int take_sparse_option(int argc, char **argv)
{
	int kept = 0;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			while (i < argc)
				argv[kept++] = argv[i++];
			break;
		}
		if (!strcmp(argv[i], "--sparse") && i > 0)
			use_sparse = true;
		else if (!strcmp(argv[i], "--clang") && i > 0)
			use_clang = true;
		else if (!strcmp(argv[i], "--clang-tool") && i > 0)
			use_clang_tool = true;
		else
			argv[kept++] = argv[i];
	}
	argv[kept] = NULL;
	return kept;
}

int main(int argc, char **argv)
{
	output_init(&output);
	argc = take_sparse_option(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "kbuild"))
		return kbuild_command(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "link"))
		return link_command(argc, argv);
	return check_files(argc, argv);
}
