// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck: the command-line front door.
 *
 *   slabcheck [DOOR] [--rule=RULE[,RULE...]] FILE.c... [-- CFLAGS...]
 *	compiles each file with the GCC plugin and prints the findings;
 *	two files or more are one module, also checked as a whole.
 *   slabcheck kbuild [DOOR] [-C KERNEL_DIR] [M=DIR] [make arguments...]
 *	runs a kernel or out-of-tree module build with the plugin loaded,
 *	and checks each module (kbuild's *.mod files) and each directory of
 *	built-in objects as a whole.
 *   DOOR is the front-end: the GCC plugin by default, --clang for the
 *	Clang plugin (kbuild adds LLVM=1), --clang-tool for slabcheck-clang
 *	(kbuild builds as asked, then checks compile_commands.json).
 *   slabcheck link [--rule=RULE[,RULE...]] [--kbuild] FACTS...
 *	checks the units whose facts files are given as one module, or
 *	(--kbuild) as kbuild groups them, like slabcheck kbuild does.
 *
 * Each compile's plugin writes its findings as JSON, and the facts of its
 * unit, into a directory of ours (the plugin's findings-dir= and facts-dir=
 * options); the compilers' and make's own output passes through to stderr
 * untouched.  The link step (tools/modules.c, core/link.c) then runs the
 * rules over each module.  The findings of both are printed once each (a
 * header included by many files, or a finding both modes make, yields one
 * line), sorted, on stdout.
 * Exit status: 0 nothing found, 1 findings, 2 usage error or failed build.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "modules.h"
#include "report.h"
#include "slabcheck.h"

#ifndef SLABCHECK_PLUGIN_PATH
#define SLABCHECK_PLUGIN_PATH "slabcheck_gcc.so"
#endif
/* The GCC the plugin was built for: the only one that can load it. */
#ifndef SLABCHECK_DEFAULT_CC
#define SLABCHECK_DEFAULT_CC "gcc"
#endif
#ifndef SLABCHECK_CLANG_PLUGIN_PATH
#define SLABCHECK_CLANG_PLUGIN_PATH "slabcheck_clang.so"
#endif
#ifndef SLABCHECK_CLANG_TOOL_PATH
#define SLABCHECK_CLANG_TOOL_PATH "slabcheck-clang"
#endif
#ifndef SLABCHECK_CLANG_CC
#define SLABCHECK_CLANG_CC "clang"
#endif

#define EXIT_CLEAN 0
#define EXIT_FINDINGS 1
#define EXIT_TROUBLE 2

/* A front-end slabcheck runs, and how it is told its options. */
struct door {
	const char *option; /* how it is chosen, NULL for the default */
	const char *compiler; /* NULL: the tool, no compiler of ours */
	const char *path;     /* the plugin, or the tool */
	const char *path_variable; /* the environment variable that overrides it */
	const char *argument; /* prefix of an option KEY[=VALUE] */
};

static const struct door doors[] = {
	{ NULL, SLABCHECK_DEFAULT_CC, SLABCHECK_PLUGIN_PATH,
	  "SLABCHECK_GCC_PLUGIN", "-fplugin-arg-slabcheck_gcc-" },
	{ "--clang", SLABCHECK_CLANG_CC, SLABCHECK_CLANG_PLUGIN_PATH,
	  "SLABCHECK_CLANG_PLUGIN", "-fplugin-arg-slabcheck_clang-" },
	{ "--clang-tool", NULL, SLABCHECK_CLANG_TOOL_PATH,
	  "SLABCHECK_CLANG_TOOL", "--" },
};

static const struct door *door = &doors[0];

static void usage(FILE *stream)
{
	fprintf(stream, "usage: slabcheck [DOOR] [--rule=RULE[,RULE...]] "
			"FILE.c... [-- CFLAGS...]\n"
			"       slabcheck kbuild [DOOR] [-C KERNEL_DIR] [M=DIR] "
			"[make arguments...]\n"
			"       slabcheck link [--rule=RULE[,RULE...]] [--kbuild] "
			"FACTS...\n"
			"DOOR: --clang (the Clang plugin), --clang-tool "
			"(slabcheck-clang); default: the GCC plugin\n"
			"environment: SLABCHECK_GCC_PLUGIN, "
			"SLABCHECK_CLANG_PLUGIN, SLABCHECK_CLANG_TOOL (paths), "
			"CC (compiler; default " SLABCHECK_DEFAULT_CC
			", or " SLABCHECK_CLANG_CC
			" with --clang: the compiler the plugin was built "
			"for)\n");
}

static const char *plugin_path(void)
{
	const char *path = getenv(door->path_variable);

	return path && *path ? path : door->path;
}

/* The compiler that loads the plugin: $CC, or the one it was built for. */
static const char *compiler(void)
{
	const char *cc = getenv("CC");

	return cc && *cc ? cc : door->compiler;
}

/* "--clang" or "--clang-tool" as the first argument chooses the door. */
static int choose_door(int argc, char **argv, int first)
{
	if (first >= argc)
		return first;
	for (size_t i = 0; i < sizeof(doors) / sizeof(doors[0]); i++) {
		if (doors[i].option && !strcmp(argv[first], doors[i].option)) {
			door = &doors[i];
			return first + 1;
		}
	}
	return first;
}

static char *format(const char *fmt, const char *value)
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
static int run(char **argv)
{
	pid_t child;
	int status;

	fflush(stdout);
	child = fork();
	if (child < 0) {
		perror("slabcheck: fork");
		return -1;
	}
	if (child == 0) {
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execvp(argv[0], argv);
		fprintf(stderr, "slabcheck: cannot run %s\n", argv[0]);
		_exit(127);
	}
	if (waitpid(child, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
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

/* Prints the findings, releases both; the exit status of the run. */
static int print_findings(struct report *report, struct facts_set *facts,
			  int failures)
{
	size_t printed = report_print(report, stdout, false);

	facts_set_release(facts);
	report_release(report);
	if (failures)
		return EXIT_TROUBLE;
	return printed ? EXIT_FINDINGS : EXIT_CLEAN;
}

enum grouping { NO_LINK, LINK_ALL, LINK_KBUILD };

/* Prints what the compiles found; the exit status of the whole run. */
static int finish(const char *directory, int failures,
		  const struct slabcheck_options *options,
		  enum grouping grouping)
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
	return print_findings(&report, &facts, failures);
}

/* KEY=VALUE as the door takes it. */
static char *door_option(const char *key, const char *value)
{
	char *text;

	if (asprintf(&text, "%s%s=%s", door->argument, key, value) < 0) {
		perror("slabcheck");
		exit(EXIT_TROUBLE);
	}
	return text;
}

static char *findings_directory(void)
{
	char *directory = strdup("/tmp/slabcheck.XXXXXX");

	if (!directory || !mkdtemp(directory)) {
		perror("slabcheck: mkdtemp");
		exit(EXIT_TROUBLE);
	}
	return directory;
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
static char *disable_option(const struct slabcheck_options *options)
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
	return door_option("disable", disabled);
}

/*
 * The command that checks files[first..last): the compiler with the plugin
 * for one file, or the tool for all of them.
 */
static char **check_command(char **files, int first, int last, char **flags,
			    int flag_count, char **options, int option_count)
{
	char **command = calloc((size_t)(flag_count + option_count + last -
					 first + 12),
				sizeof(char *));
	int n = 0;

	if (!door->compiler) {
		command[n++] = (char *)plugin_path();
		for (int i = 0; i < option_count; i++)
			command[n++] = options[i];
		for (int f = first; f < last; f++)
			command[n++] = files[f];
		command[n++] = "--";
		for (int i = 0; i < flag_count; i++)
			command[n++] = flags[i];
		return command;
	}
	command[n++] = (char *)compiler();
	command[n++] = format("-fplugin=%s", plugin_path());
	for (int i = 0; i < option_count; i++)
		command[n++] = options[i];
	for (int i = 0; i < flag_count; i++)
		command[n++] = flags[i];
	command[n++] = "-c";
	command[n++] = "-o";
	command[n++] = "/dev/null";
	command[n++] = files[first];
	return command;
}

static int check_files(int argc, char **argv, int first)
{
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	char **flags = calloc((size_t)argc + 1, sizeof(char *));
	char *options[3];
	char *directory;
	int file_count = 0, flag_count = 0, option_count = 0, failures = 0;
	bool after_dashes = false;
	struct slabcheck_options parsed;

	options_init(&parsed);

	for (int i = first; i < argc; i++) {
		if (after_dashes)
			flags[flag_count++] = argv[i];
		else if (!strcmp(argv[i], "--"))
			after_dashes = true;
		else if (!strncmp(argv[i], "--rule=", 7))
			keep_rules(&parsed, argv[i] + 7);
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
	directory = findings_directory();
	options[option_count++] = door_option("findings-dir", directory);
	/* Two files or more: the facts for the link step too. */
	if (file_count > 1)
		options[option_count++] = door_option("facts-dir", directory);
	if (disable_option(&parsed))
		options[option_count++] = disable_option(&parsed);
	/* The tool checks every file in one run; a compiler, one each. */
	for (int f = 0; f < file_count; f = door->compiler ? f + 1 : file_count) {
		char **command = check_command(files, f, file_count, flags,
					       flag_count, options,
					       option_count);

		if (run(command))
			failures++;
		free(command);
	}
	free(files);
	free(flags);
	return finish(directory, failures, &parsed,
		      file_count > 1 ? LINK_ALL : NO_LINK);
}

/*
 * slabcheck-clang over a compile_commands.json of the build just done,
 * written into SCANNED (the kernel's directory, or M='s) from kbuild's .cmd
 * files there by the kernel's own scripts/clang-tools/gen_compile_commands.py.
 */
static int kbuild_tool(const char *kernel, const char *scanned,
		       const char *directory)
{
	char *script = format("%s/scripts/clang-tools/gen_compile_commands.py",
			      kernel);
	char *output = format("%s/compile_commands.json", scanned);
	/* Commands run in the kernel's directory, M= modules included. */
	char *generate[] = { "python3", script, "-d", (char *)kernel,
			     "-o",	output, (char *)scanned, NULL };
	char *check[] = { (char *)plugin_path(),
			  door_option("findings-dir", directory),
			  door_option("facts-dir", directory),
			  "-p",
			  (char *)scanned,
			  NULL };

	if (run(generate))
		return 1;
	return run(check) == 2;
}

static int kbuild(int argc, char **argv)
{
	char **command = calloc((size_t)argc + 8, sizeof(char *));
	char *directory = findings_directory();
	const char *kernel = ".", *scanned = NULL;
	char *kcflags;
	bool external = false;
	struct slabcheck_options options;
	int n = 0, failures;

	command[n++] = "make";
	for (int i = choose_door(argc, argv, 2); i < argc; i++) {
		if (!strncmp(argv[i], "M=", 2)) {
			external = true;
			scanned = argv[i] + 2;
		} else if (!strncmp(argv[i], "-C", 2)) {
			kernel = argv[i][2] ? argv[i] + 2 :
				 i + 1 < argc	? argv[i + 1] :
						  kernel;
		}
		command[n++] = argv[i];
	}
	if (door->compiler) {
		if (asprintf(&kcflags, "KCFLAGS=-fplugin=%s %s %s",
			     plugin_path(),
			     door_option("findings-dir", directory),
			     door_option("facts-dir", directory)) < 0)
			return EXIT_TROUBLE;
		command[n++] = kcflags;
	}
	if (door != &doors[0] && door->compiler)
		command[n++] = "LLVM=1";
	/* Before vmlinux exists there is no Module.symvers to resolve against.
	 */
	if (external)
		command[n++] = "KBUILD_MODPOST_WARN=1";
	command[n] = NULL;
	failures = run(command) != 0;
	if (!door->compiler && !failures)
		failures = kbuild_tool(kernel, scanned ? scanned : kernel,
				       directory);
	options_init(&options);
	return finish(directory, failures, &options, LINK_KBUILD);
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

		if (!strncmp(argv[i], "--rule=", 7)) {
			keep_rules(&options, argv[i] + 7);
			continue;
		}
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
	return print_findings(&report, &facts, failures);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "kbuild"))
		return kbuild(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "link"))
		return link_command(argc, argv);
	return check_files(argc, argv, choose_door(argc, argv, 1));
}
