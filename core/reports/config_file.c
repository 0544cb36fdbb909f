// SPDX-License-Identifier: GPL-2.0
/*
 * The configuration file: `.slabcheck`, found by walking up from the file a
 * finding is in (or the file being compiled).  One directive a line, `#`
 * starts a comment:
 *
 *   disable RULE[,RULE...] [PATH...]   rules off under these paths
 *                                      (everywhere without a path)
 *   enable RULE[,RULE...] PATH...      back on under narrower paths
 *   exempt PATH...                     kmem-internal-flag does not apply
 *                                      there, as the exempt= option says
 *
 * PATHs are relative to the directory of the file.  For disable and
 * enable, the directive with the longest PATH that is a prefix of the
 * finding's path wins, the later one on a tie.  docs/reports.md shows
 * examples.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "config_file.h"

#define CONFIG_NAME ".slabcheck"

static void config_error(struct config *config, unsigned int line,
			 const char *what)
{
	if (config->error[0])
		return;
	snprintf(config->error, sizeof(config->error), "%s:%u: %s",
		 config->path, line, what);
}

static void add_entry(struct config *config, enum config_action action,
		      unsigned int rules, const char *prefix, unsigned int line)
{
	struct config_entry *entry;

	if (config->count == config->capacity) {
		config->capacity = config->capacity ? config->capacity * 2 : 8;
		config->entries = realloc(config->entries,
					  config->capacity * sizeof(*entry));
		CHECK(config->entries != NULL);
	}
	entry = &config->entries[config->count++];
	entry->action = action;
	entry->rules = rules;
	entry->prefix = strdup(prefix);
	entry->line = line;
	CHECK(entry->prefix != NULL);
}

/* "a,b" into a rule mask; 0 with an error when a name is no rule. */
static unsigned int parse_rules(struct config *config, char *list,
				unsigned int line)
{
	unsigned int mask = 0;

	for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
		int rule = rule_find(name);

		if (rule < 0) {
			config_error(config, line, "unknown rule");
			return 0;
		}
		mask |= 1u << rule;
	}
	return mask;
}

static void parse_line(struct config *config, char *text, unsigned int line)
{
	char *words[64], *save = NULL;
	int count = 0;
	unsigned int rules;

	text[strcspn(text, "#\r\n")] = '\0';
	for (char *word = strtok_r(text, " \t", &save); word && count < 64;
	     word = strtok_r(NULL, " \t", &save))
		words[count++] = word;
	if (!count)
		return;
	if (!strcmp(words[0], "exempt")) {
		if (count < 2)
			config_error(config, line, "exempt needs a path");
		for (int i = 1; i < count; i++)
			add_entry(config, CONFIG_EXEMPT, 0, words[i], line);
		return;
	}
	if (strcmp(words[0], "disable") && strcmp(words[0], "enable")) {
		config_error(config, line, "unknown directive");
		return;
	}
	if (count < 2 || (count < 3 && !strcmp(words[0], "enable"))) {
		config_error(config, line, "missing rule or path");
		return;
	}
	rules = parse_rules(config, words[1], line);
	if (!rules)
		return;
	if (count == 2)
		add_entry(config, CONFIG_DISABLE, rules, "", line);
	for (int i = 2; i < count; i++)
		add_entry(config,
			  words[0][0] == 'd' ? CONFIG_DISABLE : CONFIG_ENABLE,
			  rules, words[i], line);
}

static void config_read(struct config *config, const char *path)
{
	FILE *stream = fopen(path, "r");
	char text[1024];
	unsigned int line = 0;

	config->path = strdup(path);
	CHECK(config->path != NULL);
	config->directory = strdup(path);
	CHECK(config->directory != NULL);
	*strrchr(config->directory, '/') = '\0';
	if (!stream) {
		config_error(config, 0, "cannot read");
		return;
	}
	while (fgets(text, sizeof(text), stream))
		parse_line(config, text, ++line);
	fclose(stream);
}

struct config *config_find(struct config_cache *cache, const char *file)
{
	char *directory = realpath(file, NULL);
	struct config *found = NULL;
	char *slash;

	if (!directory)
		return NULL;
	/* From the file's directory up to the root. */
	while ((slash = strrchr(directory, '/'))) {
		char candidate[PATH_MAX];

		*slash = '\0';
		snprintf(candidate, sizeof(candidate), "%s/%s", directory,
			 CONFIG_NAME);
		for (size_t i = 0; i < cache->count; i++)
			if (!strcmp(cache->configs[i]->path, candidate))
				found = cache->configs[i];
		if (!found && !access(candidate, F_OK)) {
			found = calloc(1, sizeof(*found));
			CHECK(found != NULL);
			config_read(found, candidate);
			cache->configs =
				realloc(cache->configs,
					(cache->count + 1) * sizeof(*found));
			CHECK(cache->configs != NULL);
			cache->configs[cache->count++] = found;
		}
		if (found)
			break;
	}
	free(directory);
	return found;
}

void config_cache_release(struct config_cache *cache)
{
	for (size_t i = 0; i < cache->count; i++) {
		struct config *config = cache->configs[i];

		for (size_t e = 0; e < config->count; e++)
			free(config->entries[e].prefix);
		free(config->entries);
		free(config->path);
		free(config->directory);
		free(config);
	}
	free(cache->configs);
	memset(cache, 0, sizeof(*cache));
}

/* The file's path below the config's directory, or NULL outside it. */
static const char *relative_path(const struct config *config, const char *file,
				 char *buffer, size_t size)
{
	char *resolved = slabcheck_source_path(file, NULL);
	const char *below = slabcheck_path_below(resolved, config->directory);

	if (below) {
		snprintf(buffer, size, "%s", below);
		below = buffer;
	}
	free(resolved);
	return below;
}

const struct config_entry *config_disables(const struct config *config,
					   const char *file, int rule)
{
	const struct config_entry *best = NULL;
	char buffer[PATH_MAX];
	const char *path = relative_path(config, file, buffer, sizeof(buffer));

	if (!path)
		return NULL;
	for (size_t e = 0; e < config->count; e++) {
		const struct config_entry *entry = &config->entries[e];

		if (entry->action == CONFIG_EXEMPT ||
		    !(entry->rules & (1u << rule)) ||
		    strncmp(path, entry->prefix, strlen(entry->prefix)))
			continue;
		if (!best || strlen(entry->prefix) >= strlen(best->prefix))
			best = entry;
	}
	return best && best->action == CONFIG_DISABLE ? best : NULL;
}

void config_add_exempt_paths(const struct config *config,
			     struct slabcheck_options *options)
{
	char list[512] = "", error[128];
	size_t used = 0;

	/* Added to the list: the default mm/ stays, as with the option. */
	if (!options->exempt_set)
		used = (size_t)snprintf(list, sizeof(list), "mm/");
	for (size_t e = 0; e < config->count && used < sizeof(list); e++) {
		const struct config_entry *entry = &config->entries[e];

		if (entry->action != CONFIG_EXEMPT)
			continue;
		used += (size_t)snprintf(list + used, sizeof(list) - used,
					 "%s%s", used ? "," : "",
					 entry->prefix);
	}
	if (used && strcmp(list, "mm/"))
		options_parse(options, "exempt", list, error, sizeof(error));
}
