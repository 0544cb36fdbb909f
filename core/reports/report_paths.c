// SPDX-License-Identifier: GPL-2.0
/*
 * Where a report's files are, said so that it does not depend on where the
 * tree was checked out: each file relative to the first source root that
 * holds it (the kernel tree, or an out-of-tree module's directory).
 * Fingerprints and baselines use these paths, so that a baseline written in
 * /a/linux hides the same findings in /b/linux; SARIF writes them as
 * relative URIs against its originalUriBaseIds.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "report.h"

void report_add_root(struct report *report, const char *base_id,
		     const char *directory)
{
	char *resolved = realpath(directory, NULL);
	struct source_root *root;
	size_t length;

	if (!resolved || report->root_count == MAX_SOURCE_ROOTS) {
		free(resolved);
		return;
	}
	/* "/" holds every file: relative to it is the absolute path. */
	length = strlen(resolved);
	if (length == 1) {
		free(resolved);
		return;
	}
	root = &report->roots[report->root_count++];
	root->base_id = report_string(report, base_id);
	root->path = report_string(report, resolved);
	free(resolved);
}

int report_root_of(const struct report *report, const char *file,
		   const char *directory, const char **relative)
{
	char *path;
	int found = -1;

	*relative = NULL;
	if (!file || !*file || !report->root_count)
		return -1;
	path = slabcheck_source_path(file, directory);
	for (size_t i = 0; i < report->root_count && found < 0; i++) {
		const char *below =
			slabcheck_path_below(path, report->roots[i].path);

		if (!below)
			continue;
		*relative = report_string((struct report *)report, below);
		found = (int)i;
	}
	free(path);
	return found;
}

const char *report_stable_path(const struct report *report,
			       const struct finding *finding)
{
	const char *relative;

	if (report_root_of(report, finding->location.file, finding->directory,
			   &relative) >= 0)
		return relative;
	return finding->location.file ? finding->location.file : "";
}

/*
 * The compilers count columns in bytes; SARIF counts characters.  Each
 * UTF-8 continuation byte before the column is one byte more than
 * characters.  A file that cannot be read keeps the byte column (the same
 * for ASCII lines, which kernel code nearly always is).
 */
unsigned int report_character_column(const char *file, const char *directory,
				     unsigned int line, unsigned int column)
{
	char *path, *text = NULL;
	size_t size = 0;
	unsigned int number = 0, characters = column;
	FILE *stream;

	if (!file || !line || column <= 1)
		return column;
	path = slabcheck_source_path(file, directory);
	stream = fopen(path, "r");
	free(path);
	if (!stream)
		return column;
	while (getline(&text, &size, stream) >= 0)
		if (++number == line)
			break;
	if (number == line) {
		size_t length = strlen(text);

		for (size_t i = 0; i + 1 < column && i < length; i++)
			if (((unsigned char)text[i] & 0xc0) == 0x80)
				characters--;
	}
	free(text);
	fclose(stream);
	return characters;
}
