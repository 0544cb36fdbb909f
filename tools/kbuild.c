// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck kbuild: a kernel or out-of-tree module build with a front-end
 * in it, that keeps the build the user asked for: their KCFLAGS, LLVM=,
 * CC=, O=, W=, C= and CF= stay, ours are added.  The GCC or Clang plugin
 * rides in KCFLAGS and sends its results back on the compiler's stderr
 * (stream-results), which ccache replays and distcc brings home;
 * slabcheck-sparse is kbuild's checker (C=2, CHECK=); slabcheck-clang reads
 * how the targets' objects were compiled afterwards (compile_database.c).
 * Then each module and each directory of built-in objects is linked.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "command.h"
#include "compile_database.h"
#include "help.h"
#include "locate.h"
#include "make_runner.h"

/* The build as the user asked for it, from the command line and make's
 * environment. */
struct build {
	const char *kernel;   /* -C, or here */
	const char *objects;  /* O= (or KBUILD_OUTPUT), relative to -C */
	const char *module;   /* M= (or KBUILD_EXTMOD) */
	const char *kcflags;  /* the build's own KCFLAGS */
	const char *cc;	      /* the build's own CC= */
	const char *cross;    /* CROSS_COMPILE= (or from make's environment) */
	const char *cf;	      /* the build's own CF= */
	bool checker_level;   /* C= given */
	bool llvm;	      /* LLVM= or a Clang CC= given */
	bool modpost_warn;    /* KBUILD_MODPOST_WARN= given */
	const char *jobs;     /* make's -j, for slabcheck-clang */
	bool allow_no_series; /* --allow-no-series */
	char **targets;
	int target_count;
	/* Whose usage a wrong argument gets: kbuild's or convert's. */
	enum subcommand subcommand;
};

static const char *environment(const char *name)
{
	const char *value = getenv(name);

	return value && *value ? value : NULL;
}

/* 'path', relative to 'base' when relative, absolute. */
static char *absolute_path(const char *base, const char *path)
{
	char *joined, *resolved;

	if (path[0] == '/')
		joined = format_string("%s", path);
	else if (asprintf(&joined, "%s/%s", base, path) < 0)
		exit(EXIT_TROUBLE);
	resolved = realpath(joined, NULL);
	if (!resolved)
		return joined;
	free(joined);
	return resolved;
}

/* make's options that take the next argument as their value. */
static bool takes_value(const char *option)
{
	return strlen(option) == 2 && strchr("CfIoWl", option[1]);
}

/*
 * GNU make's long options, as its manual lists them, passed on as they
 * are; any other "--" option is a mistake, ours to say, not make's (its
 * whole usage, or a target named "--foo").  ':' at the end: it takes a
 * value, with "=" or as the next argument.
 */
static const char make_long_options[] =
	"always-make assume-new: assume-old: check-symlink-times debug "
	"directory: dry-run environment-overrides eval: file: ignore-errors "
	"include-dir: jobs just-print keep-going load-average makefile: "
	"max-load new-file: no-builtin-rules no-builtin-variables "
	"no-keep-going no-print-directory no-silent old-file: output-sync "
	"print-data-base print-directory question recon shuffle silent stop "
	"touch trace warn-undefined-variables what-if:";

/*
 * Whether 'argument' ("--NAME[=VALUE]") is one of make's long options;
 * '*takes_next' says whether the next argument is its value.
 */
static bool make_long_option(const char *argument, bool *takes_next)
{
	const char *name = argument + 2;
	size_t length = strcspn(name, "=");

	for (const char *option = make_long_options; *option;) {
		size_t option_length = strcspn(option, ": ");

		if (option_length == length && !strncmp(option, name, length)) {
			*takes_next =
				option[option_length] == ':' && !name[length];
			return true;
		}
		option += strcspn(option, " ");
		option += *option == ' ';
	}
	return false;
}

/*
 * Reads the build from the arguments: ours (the common options) are
 * taken out, make's stay in 'command' in their order; the variables we
 * merge with ours are kept aside and written back by add_variables().
 */
static int read_build(struct build *build, struct check_run *run, int argc,
		      char **argv, char **command, int n)
{
	char *here = getcwd(NULL, 0);

	build->kernel = here ? here : ".";
	build->kcflags = environment("KCFLAGS");
	build->cf = environment("CF");
	build->objects = environment("KBUILD_OUTPUT");
	build->module = environment("KBUILD_EXTMOD");
	build->cross = environment("CROSS_COMPILE");
	build->llvm = environment("LLVM") != NULL;
	build->checker_level = environment("C") != NULL;
	build->modpost_warn = environment("KBUILD_MODPOST_WARN") != NULL;
	build->jobs = "-j1";
	build->targets = calloc((size_t)argc + 1, sizeof(char *));
	for (int i = 2; i < argc; i++) {
		const char *argument = argv[i];
		bool long_value = false;

		if (common_option(run, build->subcommand, argument))
			continue;
		if (!strcmp(argument, "--help") || !strcmp(argument, "-h")) {
			print_help(build->subcommand, stdout);
			exit(EXIT_CLEAN);
		}
		if (information_option(argc, argv, &i))
			continue;
		if (!strcmp(argument, "--allow-no-series")) {
			build->allow_no_series = true;
			continue;
		}
		if (!strncmp(argument, "--", 2) && argument[2] &&
		    !make_long_option(argument, &long_value))
			usage_error(build->subcommand, "unknown option",
				    argument);
		if (!strncmp(argument, "KCFLAGS=", 8)) {
			build->kcflags = argument + 8;
			continue;
		}
		if (!strncmp(argument, "CF=", 3)) {
			build->cf = argument + 3;
			continue;
		}
		if (!strncmp(argument, "M=", 2) ||
		    !strncmp(argument, "KBUILD_EXTMOD=", 14))
			build->module = strchr(argument, '=') + 1;
		else if (!strncmp(argument, "O=", 2))
			build->objects = argument + 2;
		else if (!strncmp(argument, "CROSS_COMPILE=", 14))
			build->cross = argument + 14;
		else if (!strncmp(argument, "LLVM=", 5))
			build->llvm = true;
		else if (!strncmp(argument, "CC=", 3)) {
			build->cc = argument + 3;
			build->llvm |= strstr(argument, "clang") != NULL;
			continue;
		} else if (!strncmp(argument, "C=", 2))
			build->checker_level = true;
		else if (!strncmp(argument, "KBUILD_MODPOST_WARN=", 20))
			build->modpost_warn = true;
		else if (!strcmp(argument, "-C") && i + 1 < argc)
			build->kernel = argv[i + 1];
		else if (!strncmp(argument, "-C", 2) && argument[2])
			build->kernel = argument + 2;
		else if (!strncmp(argument, "--directory=", 12))
			build->kernel = argument + 12;
		else if (!strcmp(argument, "--directory") && i + 1 < argc)
			build->kernel = argv[i + 1];
		/* As many files at a time as make compiles. */
		else if ((!strcmp(argument, "-j") ||
			  !strcmp(argument, "--jobs")) &&
			 i + 1 < argc &&
			 isdigit((unsigned char)argv[i + 1][0])) {
			/* make takes a count after -j or --jobs, if one. */
			build->jobs = format_string("-j%s", argv[i + 1]);
			command[n++] = argv[i++];
		} else if (!strncmp(argument, "-j", 2) && argument[2])
			build->jobs = argument;
		else if (!strncmp(argument, "--jobs=", 7))
			build->jobs = format_string("-j%s", argument + 7);
		else if (argument[0] != '-' && !strchr(argument, '='))
			build->targets[build->target_count++] = argv[i];
		command[n++] = argv[i];
		if (argument[0] == '-' &&
		    (takes_value(argument) || long_value)) {
			if (i + 1 == argc)
				usage_error(build->subcommand,
					    "option needs a value", argument);
			command[n++] = argv[++i];
		}
	}
	build->kernel = absolute_path(here ? here : ".", build->kernel);
	if (build->objects)
		build->objects = absolute_path(build->kernel, build->objects);
	/* kbuild reads a relative M= in the object tree. */
	if (build->module)
		build->module = absolute_path(build->objects ? build->objects :
							       build->kernel,
					      build->module);
	free(here);
	return n;
}

/*
 * Whether the targets are in-tree modules by name and nothing else: a
 * build of vmlinux or of all modules resolves their symbols itself.
 */
static bool builds_named_modules_only(const struct build *build)
{
	for (int i = 0; i < build->target_count; i++) {
		size_t length = strlen(build->targets[i]);

		if (length < 3 || strcmp(build->targets[i] + length - 3, ".ko"))
			return false;
	}
	return build->target_count > 0;
}

static const char *object_tree(const struct build *build)
{
	return build->objects ? build->objects : build->kernel;
}

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
static void hash_plugin_in_ccache(const char *plugin)
{
	if (strchr(plugin, '/'))
		append_to_environment("CCACHE_EXTRAFILES", plugin, ":");
	append_to_environment(
		"CCACHE_IGNOREOPTIONS",
		PLUGIN_ARGUMENT "run=* " CLANG_PLUGIN_ARGUMENT "run=*", " ");
}

/* "NAME=theirs ours", or "NAME=ours". */
static char *merged(const char *name, const char *theirs, const char *ours)
{
	char *text;

	if (asprintf(&text, "%s=%s%s%s", name, theirs ? theirs : "",
		     theirs ? " " : "", ours) < 0)
		exit(EXIT_TROUBLE);
	return text;
}

/* Whether one of the words of 'command' runs 'program'. */
static bool runs_program(const char *command, const char *program)
{
	size_t length = strlen(program);

	for (const char *word = command; *word;) {
		size_t word_length = strcspn(word, " \t");
		const char *name = word;

		for (const char *c = word; c < word + word_length; c++)
			if (*c == '/')
				name = c + 1;
		if ((size_t)(word + word_length - name) == length &&
		    !strncmp(name, program, length))
			return true;
		word += word_length;
		word += strspn(word, " \t");
	}
	return false;
}

/* CC="distcc gcc", or CC="ccache gcc" with CCACHE_PREFIX=distcc. */
static bool through_distcc(const struct build *build)
{
	const char *prefix = environment("CCACHE_PREFIX");

	if (!build->cc)
		return false;
	return runs_program(build->cc, "distcc") ||
	       (runs_program(build->cc, "ccache") && prefix &&
		runs_program(prefix, "distcc"));
}

/*
 * distcc: distccd refuses a job with -fplugin= in it, and the helper gets
 * output preprocessed on this machine, without the -D options and the
 * macros the plugin reads.  So the compiler becomes slabcheck-gcc, which
 * loads the plugin where it runs, and -fdirectives-only keeps the
 * definitions and macros in what is sent (the helper expands them, as
 * GCC does alone); -fworking-directory says where the compile ran.
 */
static int add_distcc_variables(struct build *build, char **command, int n,
				const char *plugin_options)
{
	const char *wrapper = installed_sibling(SIBLING_GCC_WRAPPER, NULL);
	const char *compiler_start = build->cc + strlen(build->cc);
	char *directory, *slash, *cc, *ours, *path;

	/* The last word is the compiler, after distcc or ccache. */
	while (compiler_start > build->cc && compiler_start[-1] != ' ')
		compiler_start--;
	/* slabcheck-gcc runs one GCC, the one slabcheck was built for. */
	if (strcmp(gcc_plugin_for(build->cc),
		   sibling_path(SIBLING_GCC_PLUGIN))) {
		fprintf(stderr,
			"slabcheck: through distcc, the helpers run "
			"slabcheck-gcc, which is %s: %s needs a slabcheck "
			"built for it (-DSLABCHECK_GCC=%s)\n",
			SLABCHECK_DEFAULT_CC, compiler_start, compiler_start);
		exit(EXIT_TROUBLE);
	}
	if (asprintf(&cc, "CC=%.*sslabcheck-gcc",
		     (int)(compiler_start - build->cc), build->cc) < 0 ||
	    asprintf(&ours, "-fdirectives-only -fworking-directory %s",
		     plugin_options) < 0)
		exit(EXIT_TROUBLE);
	command[n++] = cc;
	command[n++] = merged("KCFLAGS", build->kcflags, ours);
	/*
	 * ccache drops -fdirectives-only from the compile it hands distcc,
	 * which would preprocess anew without it: so ccache hands on its own
	 * preprocessed output, made with it (run_second_cpp = false).
	 */
	if (runs_program(build->cc, "ccache"))
		setenv("CCACHE_NOCPP2", "1", 1);
	/* This machine runs the slabcheck-gcc next to us: first on PATH. */
	directory = format_string("%s", wrapper);
	slash = strrchr(directory, '/');
	if (slash) {
		*slash = '\0';
		if (asprintf(&path, "%s%s%s", directory,
			     getenv("PATH") ? ":" : "",
			     getenv("PATH") ? getenv("PATH") : "") < 0)
			exit(EXIT_TROUBLE);
		setenv("PATH", path, 1);
		free(path);
	}
	free(directory);
	return n;
}

/* The variables that put our front-end into the build, merged with its. */
static int add_variables(struct build *build, struct check_run *run,
			 char **command, int n, const char *disable)
{
	char *ours, *plugin_options;
	/* kbuild's CC, whose plugin this is: a cross GCC has its own. */
	const char *compiler =
		build->cc    ? build->cc :
		build->cross ? format_string("%sgcc", build->cross) :
			       NULL;

	if (front_end == FRONT_END_SPARSE) {
		/* Every file of the targets, recompiled or not. */
		if (!build->checker_level)
			command[n++] = "C=2";
		command[n++] =
			format_string("CHECK=%s", sibling_path(SIBLING_SPARSE));
		if (asprintf(&ours,
			     SPARSE_ARGUMENT "findings-dir=%s " SPARSE_ARGUMENT
					     "facts-dir=%s%s%s",
			     run->directory, run->directory, disable ? " " : "",
			     disable ? disable : "") < 0)
			exit(EXIT_TROUBLE);
		command[n++] = merged("CF", build->cf, ours);
		if (build->kcflags)
			command[n++] = merged("KCFLAGS", build->kcflags, "");
		if (build->cc)
			command[n++] = format_string("CC=%s", build->cc);
		if (build->checker_level)
			run->nothing_checked_hint =
				"the build's C=1 checks only what make "
				"recompiles; C=2 (the default of slabcheck "
				"kbuild --sparse) checks every file";
		return n;
	}
	if (build->cf)
		command[n++] = merged("CF", build->cf, "");
	if (front_end == FRONT_END_CLANG_TOOL) {
		/* Built as asked; the tool reads the objects afterwards. */
		if (build->kcflags)
			command[n++] = merged("KCFLAGS", build->kcflags, "");
		if (build->cc)
			command[n++] = format_string("CC=%s", build->cc);
		return n;
	}
	/*
	 * Results come back on the compilers' stderr: ccache replays it on a
	 * hit, distcc brings it back from the helpers.  run= makes kbuild
	 * recompile every object of the targets.  --output-sync keeps two
	 * compiles' lines apart.
	 */
	if (asprintf(&plugin_options, "%sstream-results %srun=%s%s%s",
		     option_prefix(), option_prefix(),
		     strrchr(run->directory, '.') + 1, disable ? " " : "",
		     disable ? disable : "") < 0)
		exit(EXIT_TROUBLE);
	if (front_end == FRONT_END_GCC && through_distcc(build)) {
		n = add_distcc_variables(build, command, n, plugin_options);
	} else {
		if (asprintf(&ours, "-fplugin=%s %s", plugin_path(compiler),
			     plugin_options) < 0)
			exit(EXIT_TROUBLE);
		command[n++] = merged("KCFLAGS", build->kcflags, ours);
		if (build->cc)
			command[n++] = format_string("CC=%s", build->cc);
	}
	if (front_end == FRONT_END_CLANG_PLUGIN && !build->llvm)
		command[n++] = "LLVM=1";
	command[n++] = "--output-sync=target";
	hash_plugin_in_ccache(plugin_path(compiler));
	return n;
}

/* Removes a database directory of ours, and frees its name. */
static void remove_database(char *database)
{
	char *file = format_string("%s/compile_commands.json", database);

	unlink(file);
	rmdir(database);
	free(file);
	free(database);
}

/*
 * A database of what the targets built, written from kbuild's .cmd files
 * into a directory of ours (the tree's own compile_commands.json is the
 * user's): the directory, or NULL when it names no C file or could not be
 * written.
 */
static char *targets_database(const struct build *build, struct check_run *run)
{
	char *database = format_string("%s/.database", run->directory);
	char *file = format_string("%s/compile_commands.json", database);
	int entries;

	if (mkdir(database, 0700)) {
		perror(database);
		run->trouble = true;
		free(file);
		free(database);
		return NULL;
	}
	entries = write_compile_database(object_tree(build), build->module,
					 build->targets, build->target_count,
					 file);
	free(file);
	if (entries > 0)
		return database;
	if (entries < 0)
		run->trouble = true;
	else
		run->nothing_checked_hint =
			"kbuild's .cmd files name no C file compiled for the "
			"kernel under the targets";
	remove_database(database);
	return NULL;
}

/* slabcheck-clang over the database of what the targets built. */
static void check_with_tool(const struct build *build, struct check_run *run,
			    const char *disable)
{
	char *database = targets_database(build, run);

	if (database) {
		char *check[] = { (char *)sibling_path(SIBLING_CLANG_TOOL),
				  front_end_option("findings-dir",
						   run->directory),
				  front_end_option("facts-dir", run->directory),
				  (char *)(disable ? disable : "--verify"),
				  (char *)build->jobs,
				  "-p",
				  database,
				  NULL };
		int status = run_command(check);

		/* Its findings are in the directory: only trouble counts. */
		if (status < 0 || (status & EXIT_TROUBLE))
			run->trouble = true;
		remove_database(database);
	}
}

/*
 * A kernel without the static-cache series has no static cache to check:
 * a run over it would end clean, and CI would take that for a pass.  The
 * header is in the source tree: -C's, or the one an object tree given as
 * -C links to as 'source' (the M= builds of an O= kernel).
 */
static void require_series(const struct build *build)
{
	static const char header[] = "include/linux/slab-static.h";
	char *in_tree, *in_source;
	struct stat tree;
	bool found;

	/* -C's own mistakes first: they are not a missing series. */
	if (stat(build->kernel, &tree)) {
		fprintf(stderr, "slabcheck: %s: %s\n", build->kernel,
			strerror(errno));
		exit(EXIT_TROUBLE);
	}
	if (!S_ISDIR(tree.st_mode)) {
		fprintf(stderr, "slabcheck: %s: not a directory\n",
			build->kernel);
		exit(EXIT_TROUBLE);
	}
	if (asprintf(&in_tree, "%s/%s", build->kernel, header) < 0 ||
	    asprintf(&in_source, "%s/source/%s", build->kernel, header) < 0)
		exit(EXIT_TROUBLE);
	found = !access(in_tree, F_OK) || !access(in_source, F_OK);
	free(in_tree);
	free(in_source);
	if (found || build->allow_no_series)
		return;
	fprintf(stderr,
		"slabcheck: %s has no %s: the tree lacks the static-cache "
		"series, nothing in it can be checked (--allow-no-series runs "
		"anyway)\n",
		build->kernel, header);
	exit(EXIT_TROUBLE);
}

/*
 * make with the targets as asked, past objects that fail to compile, with
 * KBUILD_MODPOST_WARN=1 while the kernel has no Module.symvers for an M=
 * module or in-tree modules by name: the first steps of both kbuild
 * commands.  Returns make's exit status; 'failed' counts the objects that
 * did not compile.
 */
static int build_targets(struct build *build, struct check_run *run, int argc,
			 char **argv, size_t *failed)
{
	char **command = calloc((size_t)argc + 16, sizeof(char *));
	char *disable, *symvers;
	int n = 0, status;

	command[n++] = "make";
	/* Past objects that fail to compile: their findings are lost only. */
	command[n++] = "-k";
	n = read_build(build, run, argc, argv, command, n);
	/* Before make runs: what it would take for a failed build. */
	require_series(build);
	require_front_end();
	run->directory = results_directory();
	run->grouping = LINK_KBUILD;
	run->kernel_root = build->kernel;
	run->module_root = build->module;
	run->object_root = build->objects;
	/* The front-end drops the rules the options turned off. */
	disable = disable_option(&run->options);
	n = add_variables(build, run, command, n, disable);
	/*
	 * Before vmlinux exists there is no Module.symvers to resolve
	 * against: modpost of an M= module, or of an in-tree module asked
	 * for by name (fs/ufs/ufs.ko), would fail on every symbol of the
	 * kernel and hide the findings behind a failed build.
	 */
	symvers = format_string("%s/Module.symvers", object_tree(build));
	if ((build->module || builds_named_modules_only(build)) &&
	    !build->modpost_warn && access(symvers, F_OK))
		command[n++] = "KBUILD_MODPOST_WARN=1";
	free(symvers);
	status = run_make(command, run->directory, failed);
	free(command);
	return status;
}

int kbuild_command(int argc, char **argv)
{
	struct check_run run;
	struct build build = { .subcommand = SUBCOMMAND_KBUILD };
	size_t failed = 0;

	check_run_init(&run);
	if (build_targets(&build, &run, argc, argv, &failed) != 0) {
		run.failed = failed;
		/* make failed without a compile failing: modpost, a link. */
		run.trouble = !failed;
	}
	if (front_end == FRONT_END_CLANG_TOOL)
		check_with_tool(&build, &run, disable_option(&run.options));
	return finish_run(&run);
}

/*
 * slabcheck convert kbuild [-C KERNEL] [M=DIR] [make arguments...]: the
 * targets built as asked, then slabcheck-clang --convert over what they
 * built, run from the top of the tree (of the module, for M=) so that the
 * patch names its files from there, where `git apply` takes it.  The
 * patch goes to stdout; make's output and the table to stderr.
 */
int convert_kbuild_command(int argc, char **argv)
{
	struct check_run run;
	struct build build = { .subcommand = SUBCOMMAND_CONVERT };
	size_t failed = 0;
	char *database;
	int status = 0;
	const char *format = "--format=diff", *verify = NULL, *passed;
	int kept = 2;

	/* argv[0] and "convert"; what follows, but for slabcheck-clang's
	 * options, is read as "kbuild ..." is. */
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			print_help(SUBCOMMAND_CONVERT, stdout);
			return EXIT_CLEAN;
		}
		if (!convert_option(argv[i], &passed))
			argv[kept++] = argv[i];
		else if (passed && !strncmp(passed, "--format=", 9))
			format = passed;
		else if (passed)
			verify = passed;
	}
	argc = kept;
	check_run_init(&run);
	front_end = FRONT_END_CLANG_TOOL;
	if (build_targets(&build, &run, argc - 1, argv + 1, &failed) != 0) {
		fprintf(stderr,
			"slabcheck: convert kbuild: make failed%s; what it "
			"built is converted\n",
			failed ? " on some objects" : "");
		status = EXIT_TROUBLE;
	}
	database = targets_database(&build, &run);
	if (database) {
		char *convert[8];
		size_t count = 0;
		pid_t child = -1;

		convert[count++] = (char *)sibling_path(SIBLING_CLANG_TOOL);
		convert[count++] = "--convert";
		if (verify)
			convert[count++] = (char *)verify;
		convert[count++] = (char *)format;
		convert[count++] = (char *)build.jobs;
		convert[count++] = "-p";
		convert[count++] = database;
		convert[count] = NULL;

		if (chdir(build.module ? build.module : build.kernel) == 0)
			child = start_command(convert, STDOUT_FILENO, false);
		if (child < 0 || wait_command(child) != 0)
			status = EXIT_TROUBLE;
		remove_database(database);
	} else {
		fprintf(stderr, "slabcheck: convert kbuild: %s\n",
			run.nothing_checked_hint ?
				run.nothing_checked_hint :
				"no database of what the targets built");
		status = EXIT_TROUBLE;
	}
	rmdir(run.directory);
	return status;
}
