// SPDX-License-Identifier: GPL-2.0
/*
 * make for `slabcheck kbuild`: a whole tree takes long and some objects of
 * it may not compile (a driver the compiler rejects, a broken config).
 * The build goes on past them (make -k), the user sees progress on a
 * terminal, and the objects that failed are listed at the end, so that
 * the findings of everything else are not lost.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "make_runner.h"
#include "slabcheck.h"

struct progress {
	const char *directory; /* where results from the compiles go */
	unsigned long results;
	bool terminal;
	bool status_shown; /* a status line waits to be overwritten */
	unsigned long compiled;
	char **failed;
	size_t failed_count;
};

/* kbuild's "  CC      fs/foo.o" and "  CC [M]  fs/foo.o" lines. */
static bool is_compile_line(const char *line)
{
	return !strncmp(line, "  CC ", 5);
}

/*
 * The target of "make[2]: *** [scripts/Makefile.build:229: fs/foo.o]
 * Error 1", or NULL.
 */
static char *failed_target(const char *line)
{
	const char *start = strstr(line, "*** [");
	const char *end, *colon;

	if (!start || !strstr(line, "] Error"))
		return NULL;
	start += 5;
	end = strchr(start, ']');
	colon = memrchr(start, ':', (size_t)(end - start));
	if (colon)
		start = colon + 1;
	while (*start == ' ')
		start++;
	if (end - start < 3 || strncmp(end - 2, ".o", 2))
		return NULL;
	return strndup(start, (size_t)(end - start));
}

static void show_status(struct progress *progress)
{
	fprintf(stderr, "\r\033[Kslabcheck: %lu files compiled",
		progress->compiled);
	if (progress->failed_count)
		fprintf(stderr, ", %zu failed", progress->failed_count);
	progress->status_shown = true;
}

/*
 * A compile's results, streamed on its stderr (stream-results): into a
 * file of the directory, as findings-dir= and facts-dir= would have
 * written it.  True when the line was one.
 */
static bool take_results(struct progress *progress, const char *line)
{
	bool findings = !strncmp(line, EMIT_FINDINGS_PREFIX,
				 strlen(EMIT_FINDINGS_PREFIX));
	bool facts =
		!strncmp(line, EMIT_FACTS_PREFIX, strlen(EMIT_FACTS_PREFIX));
	const char *document = strchr(line, ' ');
	char *path;
	FILE *stream;

	if (!findings && !facts)
		return false;
	if (asprintf(&path, "%s/%lu.%s", progress->directory,
		     progress->results++, findings ? "json" : "facts") < 0)
		return true;
	stream = fopen(path, "w");
	if (stream) {
		fputs(document ? document + 1 : "", stream);
		fclose(stream);
	} else {
		perror(path);
	}
	free(path);
	return true;
}

static void take_line(struct progress *progress, const char *line)
{
	char *target;

	if (take_results(progress, line))
		return;
	target = failed_target(line);

	if (target) {
		progress->failed =
			realloc(progress->failed,
				(progress->failed_count + 1) * sizeof(char *));
		if (progress->failed)
			progress->failed[progress->failed_count++] = target;
	}
	if (is_compile_line(line)) {
		progress->compiled++;
		/* On a terminal one status line stands for them all. */
		if (progress->terminal) {
			show_status(progress);
			return;
		}
	}
	if (progress->status_shown) {
		fputs("\r\033[K", stderr);
		progress->status_shown = false;
	}
	fputs(line, stderr);
	if (progress->terminal && progress->compiled)
		show_status(progress);
}

pid_t start_command(char **argv, int output, bool with_stderr)
{
	pid_t child;

	fflush(stdout);
	child = fork();
	if (child < 0) {
		perror("slabcheck: fork");
		return -1;
	}
	if (child == 0) {
		dup2(output, STDOUT_FILENO);
		if (with_stderr)
			dup2(output, STDERR_FILENO);
		execvp(argv[0], argv);
		fprintf(stderr, "slabcheck: cannot run %s\n", argv[0]);
		_exit(127);
	}
	return child;
}

int wait_command(pid_t child)
{
	int status;

	if (waitpid(child, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int run_make(char **argv, const char *directory, size_t *failed)
{
	struct progress progress = { .directory = directory,
				     .terminal = isatty(STDERR_FILENO) };
	char *line = NULL;
	size_t size = 0;
	int pipe_ends[2];
	FILE *output;
	pid_t child;

	/* Close-on-exec: make and its children hold only the copies
	 * start_command() puts on their stdout and stderr, so the read end
	 * sees the end of the output when make exits. */
	if (pipe2(pipe_ends, O_CLOEXEC) < 0) {
		perror("slabcheck: pipe");
		return -1;
	}
	child = start_command(argv, pipe_ends[1], true);
	close(pipe_ends[1]);
	if (child < 0) {
		close(pipe_ends[0]);
		return -1;
	}
	output = fdopen(pipe_ends[0], "r");
	while (output && getline(&line, &size, output) >= 0)
		take_line(&progress, line);
	free(line);
	if (output)
		fclose(output);
	if (progress.status_shown)
		fputc('\n', stderr);
	if (progress.failed_count) {
		fprintf(stderr, "slabcheck: %zu object%s failed to compile:",
			progress.failed_count,
			progress.failed_count == 1 ? "" : "s");
		for (size_t i = 0; i < progress.failed_count; i++) {
			fprintf(stderr, " %s", progress.failed[i]);
			free(progress.failed[i]);
		}
		fputc('\n', stderr);
	}
	free(progress.failed);
	*failed = progress.failed_count;
	return wait_command(child);
}
