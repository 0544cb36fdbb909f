/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a front-end calls: parse options, build a translation_unit (model.h),
 * analyze it, print the findings.
 */
#ifndef SLABCHECK_H
#define SLABCHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "model.h"

/* CMake's project(VERSION) sets it; a build without CMake says so. */
#ifndef SLABCHECK_VERSION
#define SLABCHECK_VERSION "unknown"
#endif

#define MAX_EXEMPT_PATHS 16

/*
 * Which of a finding's events the text prints as notes (path=): the most
 * telling few, all of them, or none.  JSON and SARIF carry all of them.
 */
enum path_notes {
	PATH_SHORT,
	PATH_FULL,
	PATH_NONE,
};
/* The notes path=short prints at most. */
#define PATH_SHORT_NOTES 3

struct slabcheck_options {
	unsigned int disabled_rules; /* bit i: rule i of the rule table */
	enum path_notes path;	     /* path=short, the default, full or none */
	bool werror;
	bool strict_size;
	const char *exempt_paths[MAX_EXEMPT_PATHS];
	int exempt_count;
	bool exempt_set; /* the user replaced the default list */
	bool verify;	 /* check the model's invariants first */
	bool debug;	 /* say on stderr when an analysis limit hits */
	bool dump_model; /* print the lowered model */
	/* Write findings as JSON files there instead of printing them. */
	const char *findings_dir;
	/* Write the unit's facts for the link step there (core/link/link.c). */
	const char *facts_dir;
	/* Report unused suppressions (core/reports/suppress.c). */
	bool report_unused;
	/* Findings and facts as lines on stderr, for slabcheck (emit.c). */
	bool stream_results;
	char storage[512]; /* backs the strings above */
	size_t storage_used;
};

void options_init(struct slabcheck_options *options);
/*
 * One "key" or "key=value" option.  Returns 0, or -1 with a message for the
 * user in error (size error_size).
 */
int options_parse(struct slabcheck_options *options, const char *key,
		  const char *value, char *error, size_t error_size);
/* One option of core/option_list.h; the table ends with a NULL key. */
struct slabcheck_option {
	const char *key;
	const char *value; /* "=DIR", or "" when it takes none */
	const char *meaning;
};
extern const struct slabcheck_option slabcheck_options_table[];
/* The options as one line, "disable=RULE[,RULE...], werror, ...". */
extern const char *const slabcheck_option_help;
/* One line per option, "  PREFIXKEY=VALUE  meaning" (column 38), for
 * a --help. */
void options_print(FILE *stream, const char *prefix);

/*
 * One event of the path that makes a finding true, in path order: a key
 * event (the earlier setup, the destroy) or a step that leads to one (the
 * call of the helper it is in).  path=short prints key events first.
 */
struct note {
	struct source_location location;
	char *file; /* location.file, owned by the note */
	char *message;
	bool step;
	struct note *next;
};

struct finding {
	struct source_location location;
	const char *rule;
	char *message;
	struct note *notes;
	/* The function the finding is in; "" at file scope. */
	const char *function;
	/* report_finish(): stable across unrelated edits (docs/reports.md). */
	char fingerprint[17];
	/* The suppression that silenced it ("FILE:LINE: reason"), or NULL. */
	const char *suppressed_by;
	/*
	 * Where the compiler ran: a relative location.file names a file
	 * there, wherever the findings are read.  NULL: our own directory.
	 */
	const char *directory;
	/*
	 * Compared with a baseline: "new", or "unchanged" for a finding the
	 * baseline has (SARIF's baselineState).  NULL: no baseline.
	 */
	const char *baseline_state;
	/*
	 * Only carries events for a finding another walk reports (a caller
	 * that knows the earlier setup of a helper's resetup): report_finish()
	 * gives the same finding the one with the most events, and drops it
	 * when there is no such finding.
	 */
	bool events_only;
};

/*
 * A directory that a report's paths are made relative to, so that they do
 * not depend on where the tree is (core/reports/report_paths.c): the kernel
 * tree, an out-of-tree module's directory.  base_id names it in SARIF.
 */
#define MAX_SOURCE_ROOTS 4
struct source_root {
	const char *base_id;
	const char *path; /* absolute, symbolic links resolved */
};

struct report {
	struct finding *findings;
	size_t count;
	size_t capacity;
	struct arena strings; /* what report_string() copies */
	/* The first root that holds a file is the one its path is under. */
	struct source_root roots[MAX_SOURCE_ROOTS];
	size_t root_count;
};

void report_init(struct report *report);
void report_release(struct report *report);

/*
 * What a front-end calls once it has described the unit: lowers it
 * (model_lower()), verifies and dumps it when asked (diagnostics go to
 * 'stream'), and runs slabcheck_analyze().
 */
void slabcheck_run(struct translation_unit *tu,
		   const struct slabcheck_options *options,
		   struct report *report, FILE *stream);

/* The prefixes of the stream-results lines (core/reports/emit.c). */
#define EMIT_FINDINGS_PREFIX "slabcheck-findings:"
#define EMIT_FACTS_PREFIX "slabcheck-facts:"

/*
 * What a front-end does with the results of slabcheck_run(): prints the
 * findings on 'stream' (errors with werror), or writes findings and facts
 * where the options say, as files or as lines on 'stream'
 * (stream-results).  'directory' is where the compiler runs.
 * '*reported' is set to the findings no suppression silenced.  0, or -1
 * when something could not be written.
 */
int slabcheck_emit(const struct translation_unit *tu,
		   const struct slabcheck_options *options,
		   struct report *report, const char *directory, FILE *stream,
		   size_t *reported);

/*
 * Writes the unit's facts as a new file in options->facts_dir, when set, for
 * the link step; 'directory' is where the compiler runs.  0, or -1 (errno).
 */
int slabcheck_write_facts(const struct translation_unit *tu,
			  const struct slabcheck_options *options,
			  const char *directory);

/* Runs every enabled rule over a lowered unit; findings go to the report. */
void slabcheck_analyze(const struct translation_unit *tu,
		       const struct slabcheck_options *options,
		       struct report *report);

/*
 * The id under which problems with suppressions and configuration files are
 * reported: not a rule, it cannot be turned off.
 */
#define SUPPRESSION_RULE "slabcheck-suppression"

/*
 * 'name', relative to 'directory' (where it was compiled; NULL: here) when
 * it is relative, as an absolute path without "." or ".." parts (those of
 * a file that does not exist stay).  malloc()ed.
 */
char *slabcheck_source_path(const char *name, const char *directory);

/*
 * What follows 'directory' in 'path' (both absolute, 'directory' without a
 * trailing '/'), or NULL when 'path' is not below it: neither "/a/b" nor
 * "/a/bc" is below "/a/b".  Compares the text: give resolved paths (as
 * slabcheck_source_path() returns) to compare files.
 */
const char *slabcheck_path_below(const char *path, const char *directory);

/*
 * Applies the suppression comments in the findings' files and the
 * `.slabcheck` configuration files above them (core/reports/suppress.c):
 * silenced findings are marked, not removed.  Malformed suppressions are
 * reported; with options->report_unused, so are those in the findings' files
 * and in 'files' that matched nothing.  A relative files[i] is relative to
 * directories[i] (as a finding's file is to its 'directory'); NULL
 * 'directories', or a NULL one: to ours.  A file is one file however it
 * is spelled.
 */
void slabcheck_suppress(struct report *report,
			const struct slabcheck_options *options,
			const char *const *files,
			const char *const *directories, size_t file_count);

/*
 * Sorts the findings by location, drops duplicates (two paths to the same
 * mistake, or a finding both a unit and its module report) and gives each
 * its fingerprint.  Idempotent; the printers call it.
 */
void report_finish(struct report *report);

/*
 * Prints the findings that are not suppressed, each once, in the one format
 * every front-end shares, as warnings or (werror) as errors.  Returns how
 * many findings were printed.
 */
size_t report_print(struct report *report, FILE *stream, bool as_errors,
		    enum path_notes path);

/* The rule table, for front-ends that list or check rule names. */
int rule_count(void);
const char *rule_id(int index);
/* One line, and a few sentences: what the rule finds (SARIF reports). */
const char *rule_summary(int index);
const char *rule_description(int index);
int rule_find(const char *id);

#endif
