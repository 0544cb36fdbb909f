// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck: the command-line front door (`slabcheck --help` says how to
 * use it; that text is also slabcheck(1)).
 *
 *   slabcheck [OPTIONS] FILE.c... [-- CFLAGS...]
 *	compiles each file with a front-end (the GCC plugin, or with
 *	--sparse, --clang, --clang-tool another) and prints the findings;
 *	two files or more are one module, also checked as a whole.
 *   slabcheck kbuild [OPTIONS] [-C KERNEL_DIR] [M=DIR] [make arguments...]
 *	a kernel or out-of-tree module build with the front-end in it
 *	(kbuild.c).
 *   slabcheck link [OPTIONS] [--kbuild] FACTS...
 *	checks the units whose facts files are given as one module, or
 *	(--kbuild) as kbuild groups them.
 *   slabcheck convert FILE.c... -- CFLAGS...
 *	says which caches could be static instances (slabcheck-clang
 *	--convert), on stderr.
 *
 * Each compile's front-end writes its findings as JSON, and the facts of
 * its unit, into a directory of ours (the findings-dir= and facts-dir=
 * options, or kbuild's stream-results); the compilers', sparse's and make's
 * own output passes through to stderr untouched.  results.c then links the
 * modules, prints every finding once on stdout and sums the run up on
 * stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command.h"
#include "help.h"
#include "locate.h"
#include "make_runner.h"
#include "modules.h"
#include "slabcheck.h"

enum front_end front_end = FRONT_END_GCC;

const char *option_prefix(void)
{
	switch (front_end) {
	case FRONT_END_SPARSE:
		return SPARSE_ARGUMENT;
	case FRONT_END_CLANG_PLUGIN:
		return CLANG_PLUGIN_ARGUMENT;
	case FRONT_END_CLANG_TOOL:
		return CLANG_TOOL_ARGUMENT;
	default:
		return PLUGIN_ARGUMENT;
	}
}

char *front_end_option(const char *key, const char *value)
{
	char *text;

	if (asprintf(&text, "%s%s=%s", option_prefix(), key, value) < 0) {
		perror("slabcheck");
		exit(EXIT_TROUBLE);
	}
	return text;
}

const char *installed_sibling(enum sibling sibling, const char *compiler)
{
	const char *path = sibling == SIBLING_GCC_PLUGIN ?
				   gcc_plugin_for(compiler) :
				   sibling_path(sibling);

	if (!sibling_installed(sibling, path, compiler)) {
		sibling_describe_missing(sibling, path, stderr);
		exit(EXIT_TROUBLE);
	}
	return path;
}

const char *plugin_path(const char *compiler)
{
	return installed_sibling(front_end == FRONT_END_CLANG_PLUGIN ?
					 SIBLING_CLANG_PLUGIN :
					 SIBLING_GCC_PLUGIN,
				 compiler);
}

void require_front_end(void)
{
	if (front_end == FRONT_END_SPARSE)
		installed_sibling(SIBLING_SPARSE, NULL);
	else if (front_end == FRONT_END_CLANG_TOOL)
		installed_sibling(SIBLING_CLANG_TOOL, NULL);
}

char *format_string(const char *fmt, const char *value)
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
int run_command(char **argv)
{
	pid_t child = start_command(argv, STDERR_FILENO, false);

	return child < 0 ? -1 : wait_command(child);
}

char *results_directory(void)
{
	const char *temporary = getenv("TMPDIR");
	char *directory =
		format_string("%s/slabcheck.XXXXXX",
			      temporary && *temporary ? temporary : "/tmp");

	if (!mkdtemp(directory)) {
		perror("slabcheck: mkdtemp");
		exit(EXIT_TROUBLE);
	}
	return directory;
}

/* The compiler of FILE.c: CC, or the one the plugin was built for. */
static const char *files_compiler(void)
{
	const char *compiler = getenv("CC");

	if (compiler && *compiler)
		return compiler;
	return front_end == FRONT_END_CLANG_PLUGIN ? SLABCHECK_CLANG_CC :
						     SLABCHECK_DEFAULT_CC;
}

static void __attribute__((noreturn))
source_file_error(const char *path, const char *reason)
{
	fprintf(stderr, "slabcheck: %s: %s\n", path, reason);
	exit(EXIT_TROUBLE);
}

/*
 * A file to check or convert, looked at before any compiler runs: a
 * directory, a header or a file that is not there is one line that says
 * so, not a compiler's answer to another question.
 */
static void check_source_file(const char *path)
{
	const char *dot = strrchr(path, '.');
	struct stat status;

	if (stat(path, &status))
		source_file_error(path, strerror(errno));
	if (S_ISDIR(status.st_mode))
		source_file_error(path,
				  "a directory (slabcheck kbuild checks a "
				  "kernel tree or a directory of it)");
	if (dot && !strcmp(dot, ".h"))
		source_file_error(path,
				  "a header (check the .c files that include "
				  "it)");
	if (!dot || strcmp(dot, ".c") || !S_ISREG(status.st_mode))
		source_file_error(path, "not a C file (FILE.c)");
}

/* The command that checks files[first...]: one file, or (the tool) all. */
static char **file_command(struct check_run *run, char **flags, int flag_count,
			   int first, const char *disable)
{
	char **command = calloc((size_t)(flag_count + run->file_count + 12),
				sizeof(char *));
	const char *compiler = files_compiler();
	int n = 0;

	if (front_end == FRONT_END_CLANG_TOOL) {
		command[n++] = (char *)sibling_path(SIBLING_CLANG_TOOL);
	} else if (front_end == FRONT_END_SPARSE) {
		command[n++] = (char *)sibling_path(SIBLING_SPARSE);
	} else {
		command[n++] = (char *)compiler;
		command[n++] =
			format_string("-fplugin=%s", plugin_path(compiler));
	}
	command[n++] = front_end_option("findings-dir", run->directory);
	/*
	 * The facts: for the link step of two files or more, and to tell a
	 * file without static caches from a clean one.
	 */
	command[n++] = front_end_option("facts-dir", run->directory);
	if (disable)
		command[n++] = (char *)disable;
	if (front_end == FRONT_END_CLANG_TOOL) {
		for (int f = 0; f < run->file_count; f++)
			command[n++] = run->files[f];
		command[n++] = "--";
	}
	for (int i = 0; i < flag_count; i++)
		command[n++] = flags[i];
	if (front_end == FRONT_END_GCC || front_end == FRONT_END_CLANG_PLUGIN) {
		command[n++] = "-c";
		command[n++] = "-o";
		command[n++] = "/dev/null";
	}
	if (front_end != FRONT_END_CLANG_TOOL)
		command[n++] = run->files[first];
	return command;
}

static int check_files(int argc, char **argv)
{
	char **flags = calloc((size_t)argc + 1, sizeof(char *));
	int flag_count = 0;
	bool after_dashes = false;
	struct check_run run;
	char *disable;

	check_run_init(&run);
	run.files = calloc((size_t)argc + 1, sizeof(char *));
	for (int i = 1; i < argc; i++) {
		if (after_dashes)
			flags[flag_count++] = argv[i];
		else if (!strcmp(argv[i], "--"))
			after_dashes = true;
		else if (common_option(&run, SUBCOMMAND_FILES, argv[i]) ||
			 information_option(argc, argv, &i))
			continue;
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			print_help(SUBCOMMAND_FILES, stdout);
			return EXIT_CLEAN;
		} else if (argv[i][0] == '-')
			usage_error(SUBCOMMAND_FILES, "unknown option",
				    argv[i]);
		else
			run.files[run.file_count++] = argv[i];
	}
	if (!run.file_count)
		usage_error(SUBCOMMAND_FILES, "no file to check", NULL);
	for (int f = 0; f < run.file_count; f++)
		check_source_file(run.files[f]);
	if (front_end == FRONT_END_GCC || front_end == FRONT_END_CLANG_PLUGIN)
		plugin_path(files_compiler());
	require_front_end();
	disable = disable_option(&run.options);
	run.directory = results_directory();
	run.grouping = run.file_count > 1 ? LINK_ALL : NO_LINK;
	/* slabcheck-clang checks every file in one run; the others, one each.
	 */
	for (int f = 0; f < run.file_count;
	     f = front_end == FRONT_END_CLANG_TOOL ? run.file_count : f + 1) {
		char **command =
			file_command(&run, flags, flag_count, f, disable);
		int status = run_command(command);

		/* The tool's status: bit 1 is trouble, bit 0 findings. */
		if (front_end == FRONT_END_CLANG_TOOL ?
			    status < 0 || (status & 2) :
			    status != 0)
			run.failed++;
		free(command);
	}
	free(flags);
	return finish_run(&run);
}

/* slabcheck link FACTS...: the units given are one module. */
static int link_command(int argc, char **argv)
{
	struct check_run run;
	char **paths = calloc((size_t)argc + 1, sizeof(char *));
	int path_count = 0, status;

	check_run_init(&run);
	run.grouping = LINK_ALL;
	for (int i = 2; i < argc; i++) {
		if (common_option(&run, SUBCOMMAND_LINK, argv[i]))
			continue;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			print_help(SUBCOMMAND_LINK, stdout);
			return EXIT_CLEAN;
		}
		if (!strcmp(argv[i], "--kbuild")) {
			run.grouping = LINK_KBUILD;
			continue;
		}
		if (information_option(argc, argv, &i))
			continue;
		if (argv[i][0] == '-')
			usage_error(SUBCOMMAND_LINK, "unknown option", argv[i]);
		paths[path_count++] = argv[i];
	}
	if (!path_count)
		usage_error(SUBCOMMAND_LINK, "no facts file", NULL);
	run.facts_paths = paths;
	run.facts_count = path_count;
	status = finish_run(&run);
	free(paths);
	return status;
}

/*
 * The options of both convert commands that slabcheck-clang takes: the
 * patch's format, and --no-verify (verifying is the default; --verify,
 * which asked for it, is still taken).  1 when 'argument' was one, with
 * what to pass in '*passed' (NULL: nothing), else 0.
 */
int convert_option(const char *argument, const char **passed)
{
	*passed = NULL;
	if (!strcmp(argument, "--format=diff") ||
	    !strcmp(argument, "--format=sarif"))
		*passed = argument;
	else if (!strcmp(argument, "--no-verify"))
		*passed = "--convert-no-verify";
	else if (strcmp(argument, "--verify"))
		return 0;
	return 1;
}

/*
 * slabcheck convert FILE.c... -- CFLAGS: slabcheck-clang --convert reads
 * the files; its table goes to stderr, as make's and the compilers' output
 * does, so that stdout stays for the patch.
 */
static int convert_command(int argc, char **argv)
{
	char **command = calloc((size_t)argc + 2, sizeof(char *));
	bool after_dashes = false, files = false;
	const char *passed;
	int n = 0, status;
	pid_t child;

	if (argc > 2 && !strcmp(argv[2], "kbuild")) {
		free(command);
		return convert_kbuild_command(argc, argv);
	}
	command[n++] = NULL; /* slabcheck-clang, once the arguments are read */
	command[n++] = "--convert";
	for (int i = 2; i < argc; i++) {
		if (after_dashes) {
			command[n++] = argv[i];
		} else if (!strcmp(argv[i], "--")) {
			after_dashes = true;
			command[n++] = argv[i];
		} else if (!strcmp(argv[i], "--help") ||
			   !strcmp(argv[i], "-h")) {
			print_help(SUBCOMMAND_CONVERT, stdout);
			free(command);
			return EXIT_CLEAN;
		} else if (convert_option(argv[i], &passed)) {
			if (passed)
				command[n++] = (char *)passed;
		} else if (argv[i][0] == '-') {
			usage_error(SUBCOMMAND_CONVERT, "unknown option",
				    argv[i]);
		} else {
			check_source_file(argv[i]);
			command[n++] = argv[i];
			files = true;
		}
	}
	if (!files)
		usage_error(SUBCOMMAND_CONVERT, "no file to convert", NULL);
	/* Without it slabcheck-clang would look for a compilation database. */
	if (!after_dashes)
		usage_error(SUBCOMMAND_CONVERT,
			    "the files' compiler flags go after '--' (none: "
			    "end with '--')",
			    NULL);
	command[0] = (char *)installed_sibling(SIBLING_CLANG_TOOL, NULL);
	/* Not run_command(), which puts a compiler's stdout on stderr: here
	 * stdout is the patch. */
	child = start_command(command, STDOUT_FILENO, false);
	status = child < 0 ? -1 : wait_command(child);
	free(command);
	return status == 0 ? EXIT_CLEAN : EXIT_TROUBLE;
}

/* Takes --sparse, --clang and --clang-tool out of the arguments, before
 * any "--". */
static int take_front_end_option(int argc, char **argv)
{
	int kept = 0;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			while (i < argc)
				argv[kept++] = argv[i++];
			break;
		}
		if (!strcmp(argv[i], "--sparse") && i > 0)
			front_end = FRONT_END_SPARSE;
		else if (!strcmp(argv[i], "--clang") && i > 0)
			front_end = FRONT_END_CLANG_PLUGIN;
		else if (!strcmp(argv[i], "--clang-tool") && i > 0)
			front_end = FRONT_END_CLANG_TOOL;
		else
			argv[kept++] = argv[i];
	}
	argv[kept] = NULL;
	return kept;
}

int main(int argc, char **argv)
{
	argc = take_front_end_option(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "kbuild"))
		return kbuild_command(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "link"))
		return link_command(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "convert"))
		return convert_command(argc, argv);
	return check_files(argc, argv);
}
