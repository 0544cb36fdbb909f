// SPDX-License-Identifier: GPL-2.0
/*
 * The end of every run of the slabcheck command: what the front-ends wrote
 * (a findings file per unit checked, a facts file per unit for the link
 * step) is read back, the modules are linked and checked, suppressions and
 * the baseline applied, the findings printed on stdout, and one summary
 * line said on stderr.  The exit status says new findings and trouble
 * apart, so that neither hides the other.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "help.h"
#include "modules.h"
#include "output.h"
#include "report.h"

/* How findings are printed, for every mode (tools/output.c). */
static struct output_options output;

void check_run_init(struct check_run *run)
{
	memset(run, 0, sizeof(*run));
	options_init(&run->options);
	output_init(&output);
}

/* --rule=a,b keeps only those rules: the others are disabled. */
static void keep_rules(struct check_run *run, int subcommand, const char *kept,
		       bool keeping)
{
	struct slabcheck_options parsed;
	char error[128];
	unsigned int all = (1u << rule_count()) - 1;

	options_init(&parsed);
	if (options_parse(&parsed, "disable", kept, error, sizeof(error)))
		usage_error((enum subcommand)subcommand, error, NULL);
	/* Parsing the list as "disable" marked exactly the rules named. */
	if (keeping)
		run->options.disabled_rules |= ~parsed.disabled_rules & all;
	else
		run->options.disabled_rules |= parsed.disabled_rules;
}

int common_option(struct check_run *run, int subcommand, const char *argument)
{
	char error[160];
	int parsed = output_parse(&output, argument, error, sizeof(error));

	if (parsed < 0)
		usage_error((enum subcommand)subcommand, error, NULL);
	/* A page of HTML on a terminal is no answer: say where it goes. */
	if (parsed && output.format == FORMAT_HTML && isatty(STDOUT_FILENO))
		usage_error(
			(enum subcommand)subcommand,
			"--format=html writes a page: redirect it to a file "
			"(> report.html)",
			NULL);
	if (parsed)
		return 1;
	if (!strncmp(argument, "--rule=", 7)) {
		keep_rules(run, subcommand, argument + 7, true);
		return 1;
	}
	if (!strncmp(argument, "--disable=", 10)) {
		keep_rules(run, subcommand, argument + 10, false);
		return 1;
	}
	return 0;
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

static bool has_suffix(const char *name, const char *suffix)
{
	size_t length = strlen(name), suffix_length = strlen(suffix);

	return length >= suffix_length &&
	       !strcmp(name + length - suffix_length, suffix);
}

/*
 * Reads the facts files named, then reads and removes every file of the
 * results directory, then it: findings into the report (one file per unit
 * checked), facts into the set.  Returns how many units were checked (by
 * their findings; by their facts for slabcheck link); a file that cannot
 * be read is trouble.
 */
static size_t collect(struct check_run *run, struct report *report,
		      struct facts_set *facts)
{
	DIR *dir = run->directory ? opendir(run->directory) : NULL;
	struct dirent *entry;
	size_t units = 0;

	for (int i = 0; i < run->facts_count; i++) {
		char error[256];

		if (facts_set_read(facts, run->facts_paths[i], error,
				   sizeof(error))) {
			fprintf(stderr, "slabcheck: %s: %s\n",
				run->facts_paths[i], error);
			run->trouble = true;
			continue;
		}
		units++;
	}
	if (!run->directory)
		return units;
	if (!dir) {
		perror(run->directory);
		run->trouble = true;
		return 0;
	}
	while ((entry = readdir(dir))) {
		char *path, error[256];
		FILE *stream = NULL;
		int status;

		if (entry->d_name[0] == '.')
			continue;
		if (asprintf(&path, "%s/%s", run->directory, entry->d_name) < 0)
			break;
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
			units += !status;
		}
		if (status) {
			fprintf(stderr, "slabcheck: %s: %s\n", path, error);
			run->trouble = true;
		}
		if (stream)
			fclose(stream);
		unlink(path);
		free(path);
	}
	closedir(dir);
	rmdir(run->directory);
	return units;
}

/*
 * The source roots: --source-root, or an out-of-tree module's directory
 * and then the kernel tree, or where we run.
 */
static void add_roots(const struct check_run *run, struct report *report)
{
	char *here = getcwd(NULL, 0);

	if (output.source_root) {
		report_add_root(report, "SRCROOT", output.source_root);
	} else if (run->module_root) {
		report_add_root(report, "SRCROOT", run->module_root);
		if (run->kernel_root)
			report_add_root(report, "KERNEL_SRCROOT",
					run->kernel_root);
	} else {
		report_add_root(report, "SRCROOT",
				run->kernel_root ? run->kernel_root :
				here		 ? here :
						   ".");
	}
	free(here);
}

/*
 * Applies suppressions (looking for unused ones, when asked, in the files
 * checked and the units read).
 */
static void suppress(const struct check_run *run, struct report *report,
		     const struct facts_set *facts)
{
	struct slabcheck_options suppressing = run->options;
	size_t size = (size_t)run->file_count + facts->count + 1,
	       name_count = 0;
	const char **names = calloc(size, sizeof(char *));
	const char **directories = calloc(size, sizeof(char *));

	suppressing.report_unused = output.report_unused;
	/*
	 * Spelled as the findings spell them (relative to the directory the
	 * unit was compiled in), so a suppression in a file with none is
	 * reported with the same name as one in a file with findings.
	 */
	for (int i = 0; output.report_unused && i < run->file_count; i++)
		names[name_count++] = run->files[i];
	for (size_t i = 0; output.report_unused && i < facts->count; i++) {
		directories[name_count] = facts->units[i].compile_directory;
		names[name_count++] = facts->units[i].main_file;
	}
	slabcheck_suppress(report, &suppressing, names, directories,
			   name_count);
	free(names);
	free(directories);
}

static const char *plural(size_t count, const char *one, const char *more)
{
	return count == 1 ? one : more;
}

/* Whether a unit saw a static cache: an instance, or a setup. */
static bool has_static_cache(const struct translation_unit *tu)
{
	for (size_t i = 0; i < tu->instance_count; i++)
		if (!tu->instances[i].what_if)
			return true;
	for (size_t f = 0; f < tu->function_count; f++) {
		const struct function_model *function = &tu->functions[f];

		for (size_t b = 0; b < function->block_count; b++)
			for (size_t e = 0; e < function->blocks[b].event_count;
			     e++)
				if (function->blocks[b].events[e].kind ==
				    EVENT_SETUP)
					return true;
	}
	return false;
}

/*
 * Whether the units read had no static cache at all: a clean run over
 * them says nothing of the code, and must not pass for a check.  Asked of
 * the facts, which every front-end writes for every unit it checks.
 */
static bool no_static_cache(const struct facts_set *facts)
{
	for (size_t i = 0; i < facts->count; i++)
		if (has_static_cache(&facts->units[i]))
			return false;
	return facts->count > 0;
}

static void print_summary(const struct check_run *run, size_t units,
			  size_t modules, const struct finding_counts *counts)
{
	fprintf(stderr, "slabcheck: %zu %s checked", units,
		plural(units, "unit", "units"));
	if (run->grouping != NO_LINK)
		fprintf(stderr, ", %zu %s linked", modules,
			plural(modules, "module", "modules"));
	fprintf(stderr, "; findings: %zu new, %zu known, %zu suppressed",
		counts->new_findings, counts->known, counts->suppressed);
	/* kbuild compiles objects; the other modes, the files named. */
	if (run->failed && run->grouping == LINK_KBUILD)
		fprintf(stderr, "; %zu %s failed to compile", run->failed,
			plural(run->failed, "object", "objects"));
	else if (run->failed)
		fprintf(stderr, "; %zu %s failed to compile", run->failed,
			plural(run->failed, "file", "files"));
	if (run->trouble && !run->failed)
		fputs("; trouble, see above", stderr);
	fputc('\n', stderr);
	if (!units && run->nothing_checked_hint)
		fprintf(stderr, "slabcheck: %s\n", run->nothing_checked_hint);
}

int finish_run(struct check_run *run)
{
	struct finding_counts counts = { 0 };
	struct run_scope scope;
	struct report report;
	struct facts_set facts;
	size_t units, modules = 0;
	bool nothing_to_check;

	report_init(&report);
	facts_set_init(&facts);
	if (run->object_root) {
		facts.source_tree = run->kernel_root;
		facts.object_tree = run->object_root;
	}
	units = collect(run, &report, &facts);
	nothing_to_check = units && no_static_cache(&facts);
	if (run->grouping == LINK_KBUILD)
		facts_set_group_kbuild(&facts);
	else if (run->grouping == LINK_ALL)
		facts_set_group_all(&facts);
	if (run->grouping != NO_LINK)
		modules = facts_set_link(&facts, &run->options, &report);
	suppress(run, &report, &facts);
	add_roots(run, &report);
	/* A finding says there was something to check after all. */
	nothing_to_check &= !report.count;
	scope = (struct run_scope){ units, run->failed, nothing_to_check };
	if (output_report(&report, &output, &scope, stdout, &counts))
		run->trouble = true;
	facts_set_release(&facts);
	report_release(&report);
	if (!output.quiet)
		print_summary(run, units, modules, &counts);
	if (nothing_to_check)
		fprintf(stderr,
			"slabcheck: no static kmem caches in %zu %s: nothing "
			"to check; `slabcheck convert` lists the dynamic "
			"caches that could become static\n",
			units, plural(units, "unit", "units"));
	return (counts.new_findings ? EXIT_FINDINGS : EXIT_CLEAN) |
	       (run->failed || run->trouble ? EXIT_TROUBLE : EXIT_CLEAN);
}
