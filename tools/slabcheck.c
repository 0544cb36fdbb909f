// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck: the command-line front door.
 *
 *   slabcheck [--rule=RULE[,RULE...]] FILE.c... [-- CFLAGS...]
 *	compiles each file with the GCC plugin and prints the findings.
 *   slabcheck kbuild [-C KERNEL_DIR] [M=DIR] [make arguments...]
 *	runs a kernel or out-of-tree module build with the plugin loaded.
 *
 * Findings are collected from the compilers' output, printed once each
 * (a header included by many files yields one finding), sorted.
 * Exit status: 0 nothing found, 1 findings, 2 usage error or failed build.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "slabcheck.h"

#ifndef SLABCHECK_PLUGIN_PATH
#define SLABCHECK_PLUGIN_PATH "slabcheck_gcc.so"
#endif

#define EXIT_CLEAN 0
#define EXIT_FINDINGS 1
#define EXIT_TROUBLE 2

/* One finding with the note lines that follow it. */
struct finding_text {
	char *text;
};

static struct finding_text *findings;
static size_t finding_count, finding_capacity;

static void usage(FILE *stream)
{
	fprintf(stream,
		"usage: slabcheck [--rule=RULE[,RULE...]] FILE.c... [-- CFLAGS...]\n"
		"       slabcheck kbuild [-C KERNEL_DIR] [M=DIR] [make arguments...]\n"
		"environment: SLABCHECK_GCC_PLUGIN (plugin path), CC (compiler)\n");
}

static const char *plugin_path(void)
{
	const char *path = getenv("SLABCHECK_GCC_PLUGIN");

	return path && *path ? path : SLABCHECK_PLUGIN_PATH;
}

static bool is_finding(const char *line)
{
	const char *rule = strstr(line, " [kmem-");

	return rule && (strstr(line, ": warning: ") || strstr(line, ": error: "));
}

static void add_finding(char *text)
{
	if (finding_count == finding_capacity) {
		finding_capacity = finding_capacity ? finding_capacity * 2 : 32;
		findings = realloc(findings, finding_capacity * sizeof(*findings));
		if (!findings) {
			perror("slabcheck");
			exit(EXIT_TROUBLE);
		}
	}
	findings[finding_count++].text = text;
}

static void append_line(char **text, const char *line)
{
	size_t old = strlen(*text), extra = strlen(line);
	char *grown = realloc(*text, old + extra + 1);

	if (!grown) {
		perror("slabcheck");
		exit(EXIT_TROUBLE);
	}
	memcpy(grown + old, line, extra + 1);
	*text = grown;
}

/* Sorts findings out of a compiler's stderr; passes everything else on. */
static void collect(FILE *stream)
{
	char *line = NULL;
	size_t size = 0;
	char *current = NULL;

	while (getline(&line, &size, stream) >= 0) {
		if (is_finding(line)) {
			current = strdup(line);
			if (!current) {
				perror("slabcheck");
				exit(EXIT_TROUBLE);
			}
			add_finding(current);
			continue;
		}
		if (current && strstr(line, ": note: ") &&
		    !strstr(line, "In function")) {
			append_line(&findings[finding_count - 1].text, line);
			continue;
		}
		current = NULL;
		fputs(line, stderr);
	}
	free(line);
}

/*
 * Orders by file, then line and column as numbers; the text after the
 * location breaks ties.
 */
static int compare_findings(const void *left, const void *right)
{
	const char *a = ((const struct finding_text *)left)->text;
	const char *b = ((const struct finding_text *)right)->text;
	const char *a_colon = strchr(a, ':'), *b_colon = strchr(b, ':');
	size_t a_file = a_colon ? (size_t)(a_colon - a) : strlen(a);
	size_t b_file = b_colon ? (size_t)(b_colon - b) : strlen(b);
	int order = strncmp(a, b, a_file < b_file ? a_file : b_file);
	unsigned long a_line = 0, a_col = 0, b_line = 0, b_col = 0;

	if (order || a_file != b_file)
		return order ? order : (a_file < b_file ? -1 : 1);
	sscanf(a + a_file, ":%lu:%lu", &a_line, &a_col);
	sscanf(b + b_file, ":%lu:%lu", &b_line, &b_col);
	if (a_line != b_line)
		return a_line < b_line ? -1 : 1;
	if (a_col != b_col)
		return a_col < b_col ? -1 : 1;
	return strcmp(a, b);
}

static size_t print_findings(void)
{
	size_t printed = 0;

	qsort(findings, finding_count, sizeof(*findings), compare_findings);
	for (size_t i = 0; i < finding_count; i++) {
		if (i && !strcmp(findings[i].text, findings[i - 1].text))
			continue;
		fputs(findings[i].text, stdout);
		printed++;
	}
	fflush(stdout);
	return printed;
}

/* Runs a command with its stderr read by collect(); returns its status. */
static int run_collecting(char **argv)
{
	int pipe_ends[2];
	pid_t child;
	int status;
	FILE *stream;

	if (pipe(pipe_ends)) {
		perror("slabcheck: pipe");
		return -1;
	}
	fflush(stdout);
	child = fork();
	if (child < 0) {
		perror("slabcheck: fork");
		return -1;
	}
	if (child == 0) {
		dup2(pipe_ends[1], STDERR_FILENO);
		close(pipe_ends[0]);
		close(pipe_ends[1]);
		execvp(argv[0], argv);
		fprintf(stderr, "slabcheck: cannot run %s\n", argv[0]);
		_exit(127);
	}
	close(pipe_ends[1]);
	stream = fdopen(pipe_ends[0], "r");
	collect(stream);
	fclose(stream);
	if (waitpid(child, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
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

/* --rule=a,b keeps only those rules: the plugin is told which to drop. */
static char *disable_option(const char *kept)
{
	char disabled[512] = "";
	char error[128];
	struct slabcheck_options check;

	options_init(&check);
	if (options_parse(&check, "disable", kept, error, sizeof(error))) {
		fprintf(stderr, "slabcheck: %s\n", error);
		usage(stderr);
		exit(EXIT_TROUBLE);
	}
	for (int i = 0; i < rule_count(); i++) {
		/* Parsing the kept list marked them: the others go. */
		if (check.disabled_rules & (1u << i))
			continue;
		if (*disabled)
			strcat(disabled, ",");
		strcat(disabled, rule_id(i));
	}
	if (!*disabled)
		return NULL;
	return format("-fplugin-arg-slabcheck_gcc-disable=%s", disabled);
}

static int finish(int failures)
{
	size_t printed = print_findings();

	if (failures)
		return EXIT_TROUBLE;
	return printed ? EXIT_FINDINGS : EXIT_CLEAN;
}

static int check_files(int argc, char **argv)
{
	const char *compiler = getenv("CC") && *getenv("CC") ? getenv("CC") : "gcc";
	char **files = calloc((size_t)argc + 1, sizeof(char *));
	char **flags = calloc((size_t)argc + 1, sizeof(char *));
	char *disable = NULL;
	int file_count = 0, flag_count = 0, failures = 0;
	bool after_dashes = false;

	for (int i = 1; i < argc; i++) {
		if (after_dashes)
			flags[flag_count++] = argv[i];
		else if (!strcmp(argv[i], "--"))
			after_dashes = true;
		else if (!strncmp(argv[i], "--rule=", 7))
			disable = disable_option(argv[i] + 7);
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
	for (int f = 0; f < file_count; f++) {
		char **command = calloc((size_t)flag_count + 12, sizeof(char *));
		int n = 0;

		command[n++] = (char *)compiler;
		command[n++] = format("-fplugin=%s", plugin_path());
		if (disable)
			command[n++] = disable;
		for (int i = 0; i < flag_count; i++)
			command[n++] = flags[i];
		command[n++] = "-c";
		command[n++] = "-o";
		command[n++] = "/dev/null";
		command[n++] = files[f];
		if (run_collecting(command))
			failures++;
		free(command);
	}
	free(files);
	free(flags);
	return finish(failures);
}

static int kbuild(int argc, char **argv)
{
	char **command = calloc((size_t)argc + 8, sizeof(char *));
	int n = 0;
	bool external = false;

	command[n++] = "make";
	for (int i = 2; i < argc; i++) {
		if (!strncmp(argv[i], "M=", 2))
			external = true;
		command[n++] = argv[i];
	}
	command[n++] = format("KCFLAGS=-fplugin=%s", plugin_path());
	/* Before vmlinux exists there is no Module.symvers to resolve against. */
	if (external)
		command[n++] = "KBUILD_MODPOST_WARN=1";
	return finish(run_collecting(command) != 0);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "kbuild"))
		return kbuild(argc, argv);
	return check_files(argc, argv);
}
