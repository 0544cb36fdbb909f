// SPDX-License-Identifier: GPL-2.0
/*
 * Where a front-end's results go once a unit is analyzed, the same for
 * every front-end: printed for people, or handed to the slabcheck command.
 *
 * The command takes them either as files (findings-dir=, facts-dir=) or,
 * with stream-results, as lines on the compiler's stderr:
 *
 *   slabcheck-findings: {...one line of JSON...}
 *   slabcheck-facts: {...}
 *
 * Lines survive what files do not: ccache stores a compile's stderr and
 * replays it on a cache hit, and distcc and icecream bring a remote
 * compile's stderr back to the machine that runs make.
 */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "facts_file.h"
#include "report.h"

/* A new file "BASENAME.XXXXXX.SUFFIX" in the directory, open for writing. */
static FILE *create_unique_file(const char *directory, const char *main_file,
				const char *suffix)
{
	const char *base = strrchr(main_file, '/');
	char *path;
	FILE *stream;
	int fd;

	base = base ? base + 1 : main_file;
	if (asprintf(&path, "%s/%s.XXXXXX.%s", directory, base, suffix) < 0)
		return NULL;
	fd = mkstemps(path, (int)strlen(suffix) + 1);
	free(path);
	if (fd < 0)
		return NULL;
	stream = fdopen(fd, "w");
	if (!stream)
		close(fd);
	return stream;
}

static int write_findings_file(struct report *report, const char *directory,
			       const char *main_file)
{
	FILE *stream = create_unique_file(directory, main_file, "json");
	int status;

	if (!stream)
		return -1;
	status = report_write_json(report, stream);
	if (fclose(stream))
		status = -1;
	return status;
}

int slabcheck_write_facts(const struct translation_unit *tu,
			  const struct slabcheck_options *options,
			  const char *directory)
{
	FILE *stream;
	int status;

	if (!options->facts_dir)
		return 0;
	stream = create_unique_file(options->facts_dir, tu->main_file, "facts");
	if (!stream)
		return -1;
	status = facts_write(tu, directory, stream);
	if (fclose(stream))
		status = -1;
	return status;
}

/* One line: the prefix, the document without newlines, a newline. */
static int write_line(FILE *stream, const char *prefix, char *document)
{
	for (char *c = document; *c; c++)
		if (*c == '\n')
			*c = ' ';
	return fprintf(stream, "%s %s\n", prefix, document) < 0 ? -1 : 0;
}

static int stream_results(const struct translation_unit *tu,
			  struct report *report, const char *directory,
			  FILE *stream)
{
	char *text = NULL;
	size_t size = 0;
	FILE *memory = open_memstream(&text, &size);
	int status;

	if (!memory)
		return -1;
	status = facts_write(tu, directory, memory);
	fclose(memory);
	if (!status)
		status = write_line(stream, EMIT_FACTS_PREFIX, text);
	free(text);
	text = NULL;
	memory = open_memstream(&text, &size);
	if (!memory)
		return -1;
	status |= report_write_json(report, memory);
	fclose(memory);
	if (!status)
		status = write_line(stream, EMIT_FINDINGS_PREFIX, text);
	free(text);
	fflush(stream);
	return status;
}

int slabcheck_emit(const struct translation_unit *tu,
		   const struct slabcheck_options *options,
		   struct report *report, const char *directory, FILE *stream,
		   size_t *reported)
{
	int status = 0;

	report_finish(report);
	/* The slabcheck command may read them elsewhere (kbuild -C). */
	if (options->stream_results || options->findings_dir)
		report_set_directory(report, 0, directory);
	*reported = 0;
	for (size_t i = 0; i < report->count; i++)
		*reported += !report->findings[i].suppressed_by;
	if (options->stream_results)
		return stream_results(tu, report, directory, stream);
	if (options->facts_dir)
		status |= slabcheck_write_facts(tu, options, directory);
	if (options->findings_dir)
		status |= write_findings_file(report, options->findings_dir,
					      tu->main_file);
	else
		report_print(report, stream, options->werror, options->path);
	return status;
}
