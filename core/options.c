// SPDX-License-Identifier: GPL-2.0
/*
 * The options every front-end passes through to the core, KEY[=VALUE]
 * (-fplugin-arg-slabcheck_gcc-KEY=VALUE, --slabcheck-KEY=VALUE,
 * -fplugin-arg-slabcheck_clang-KEY=VALUE): parsed in one place, so that
 * every door accepts the same ones.
 */
#include "slabcheck.h"

#include <stdio.h>
#include <string.h>

const struct slabcheck_option slabcheck_options_table[] = {
#define OPTION(key, value, meaning) { key, value, meaning },
#include "option_list.h"
	{ NULL, NULL, NULL },
};

/* "disable=RULE[,RULE...], werror, ...": ", KEY=VALUE" each, less the
 * first ", ". */
const char *const slabcheck_option_help = &(""
#define OPTION(key, value, meaning) ", " key value
#include "option_list.h"
					    )[2];

static const struct slabcheck_option *find_option(const char *key)
{
	for (const struct slabcheck_option *option = slabcheck_options_table;
	     option->key; option++)
		if (!strcmp(option->key, key))
			return option;
	return NULL;
}

void options_print(FILE *stream, const char *prefix)
{
	for (const struct slabcheck_option *option = slabcheck_options_table;
	     option->key; option++) {
		int width = fprintf(stream, "  %s%s%s", prefix, option->key,
				    option->value);

		fprintf(stream, "%*s%s\n", width < 38 ? 38 - width : 2, "",
			option->meaning);
	}
}

void options_init(struct slabcheck_options *options)
{
	memset(options, 0, sizeof(*options));
	options->exempt_paths[0] = "mm/";
	options->exempt_count = 1;
}

static const char *keep(struct slabcheck_options *options, const char *text,
			size_t length)
{
	char *copy;

	if (options->storage_used + length + 1 > sizeof(options->storage))
		return NULL;
	copy = options->storage + options->storage_used;
	memcpy(copy, text, length);
	copy[length] = '\0';
	options->storage_used += length + 1;
	return copy;
}

static int parse_disable(struct slabcheck_options *options, const char *list,
			 char *error, size_t error_size)
{
	while (*list) {
		size_t length = strcspn(list, ",");
		char name[64];
		int rule;

		if (length >= sizeof(name))
			length = sizeof(name) - 1;
		memcpy(name, list, length);
		name[length] = '\0';
		rule = rule_find(name);
		if (rule < 0) {
			snprintf(error, error_size, "unknown rule '%s'", name);
			return -1;
		}
		options->disabled_rules |= 1u << rule;
		list += length;
		if (*list == ',')
			list++;
	}
	return 0;
}

static int parse_exempt(struct slabcheck_options *options, const char *list,
			char *error, size_t error_size)
{
	if (!options->exempt_set) {
		options->exempt_count = 0;
		options->exempt_set = true;
	}
	while (*list) {
		size_t length = strcspn(list, ",");
		const char *path;

		if (options->exempt_count == MAX_EXEMPT_PATHS)
			goto too_many;
		path = keep(options, list, length);
		if (!path)
			goto too_many;
		if (length)
			options->exempt_paths[options->exempt_count++] = path;
		list += length;
		if (*list == ',')
			list++;
	}
	return 0;

too_many:
	snprintf(error, error_size, "too many exempt paths");
	return -1;
}

static int want_value(const char *key, const char *value, bool wanted,
		      char *error, size_t error_size)
{
	if (wanted && (!value || !*value)) {
		snprintf(error, error_size, "option '%s' needs a value", key);
		return -1;
	}
	if (!wanted && value) {
		snprintf(error, error_size, "option '%s' takes no value", key);
		return -1;
	}
	return 0;
}

/* "short", "full", "none": the value path= takes, or -1. */
static int path_notes_named(const char *value)
{
	static const char *const names[] = {
		[PATH_SHORT] = "short",
		[PATH_FULL] = "full",
		[PATH_NONE] = "none",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (value && !strcmp(value, names[i]))
			return (int)i;
	return -1;
}

int options_parse(struct slabcheck_options *options, const char *key,
		  const char *value, char *error, size_t error_size)
{
	const struct slabcheck_option *option = find_option(key);

	if (!option) {
		snprintf(error, error_size, "unknown option '%s'", key);
		return -1;
	}
	if (want_value(key, value, *option->value, error, error_size))
		return -1;
	if (!strcmp(key, "disable"))
		return parse_disable(options, value, error, error_size);
	if (!strcmp(key, "exempt"))
		return parse_exempt(options, value, error, error_size);
	if (!strcmp(key, "werror")) {
		options->werror = true;
		return 0;
	}
	if (!strcmp(key, "path")) {
		int path = path_notes_named(value);

		if (path >= 0) {
			options->path = (enum path_notes)path;
			return 0;
		}
		snprintf(error, error_size,
			 "option 'path' takes short, full or none, not '%s'",
			 value);
		return -1;
	}
	if (!strcmp(key, "strict-size")) {
		options->strict_size = true;
		return 0;
	}
	if (!strcmp(key, "verify")) {
		options->verify = true;
		return 0;
	}
	/*
	 * Ignored: slabcheck kbuild passes a new one each run, so that kbuild
	 * recompiles every object (its command line changed), while ccache,
	 * told to ignore the option, still finds its earlier results.
	 */
	if (!strcmp(key, "run"))
		return 0;
	if (!strcmp(key, "stream-results")) {
		options->stream_results = true;
		return 0;
	}
	if (!strcmp(key, "report-unused")) {
		options->report_unused = true;
		return 0;
	}
	if (!strcmp(key, "debug")) {
		options->debug = true;
		return 0;
	}
	if (!strcmp(key, "dump-model")) {
		options->dump_model = true;
		return 0;
	}
	if (!strcmp(key, "findings-dir")) {
		options->findings_dir = keep(options, value, strlen(value));
		if (options->findings_dir)
			return 0;
		snprintf(error, error_size, "findings-dir path too long");
		return -1;
	}
	if (!strcmp(key, "facts-dir")) {
		options->facts_dir = keep(options, value, strlen(value));
		if (options->facts_dir)
			return 0;
		snprintf(error, error_size, "facts-dir path too long");
		return -1;
	}
	/* A key of option_list.h that this function forgot. */
	snprintf(error, error_size, "option '%s' is not handled", key);
	return -1;
}
