/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What both Clang front-ends do with a parsed unit, and how they read their
 * options: the plugin (plugin.cc) and the tool
 * (tool.cc) differ only in how they get a unit and where they
 * print.
 */
#ifndef SLABCHECK_CLANG_FRONTEND_H
#define SLABCHECK_CLANG_FRONTEND_H

#include <string>
#include <utility>
#include <vector>

#include "clang-compat.h"

extern "C" {
#include "candidates.h"
#include "globals.h"
#include "verdicts.h"
#include "slabcheck.h"
}

/*
 * One option, "key" or "key=value", through the core's parser.  Returns 0,
 * or -1 with a message for the user (with the list of options) in 'error'.
 */
int parse_option(struct slabcheck_options *options, const std::string &option,
		 std::string *error);

struct unit_outcome {
	size_t findings;   /* printed, or written to findings-dir */
	std::string error; /* a findings or facts file that failed */
};

/*
 * Translates the unit, runs the core, prints the findings on 'stream' (or
 * writes them into findings-dir=) and writes its facts (facts-dir=).
 * 'directory' is where the compiler runs, for the facts.
 */
struct unit_outcome check_unit(clang::ASTContext &context,
			       clang::Preprocessor &preprocessor,
			       const struct slabcheck_options &options,
			       const std::string &directory, FILE *stream);

/* What `slabcheck convert` is asked of one unit, and what it answers. */
struct convert_request {
	bool sarif = false; /* the unit's line of SARIF results, no diff */
	/* Taken back before the patch is written (verdicts.h). */
	std::vector<struct convert_withdrawal> withdrawals;
	/*
	 * The text with only the header's include added, for the caller to
	 * compile, until it has (include_checked).
	 */
	bool include_checked = false;
	std::string text_with_include;
	/* --verify: the text converted, and each header as converted. */
	bool verifying = false;
	std::string converted_text;
	std::vector<std::pair<std::string, std::string>> converted_headers;
	/* Each conversion made: the pointer and its instance. */
	std::vector<std::pair<std::string, std::string>> converted;
	/* Where the unit is compiled: relative paths start there. */
	std::string directory;
	/*
	 * Globals (core/convert/globals.h): what the unit says of them, a
	 * fact per line, and whether it defines one that it would convert,
	 * for the run to decide; then the run's verdicts, when it has.
	 */
	std::string global_facts;
	bool defines_candidate = false;
	bool verdicts_given = false;
	std::vector<struct global_verdict> verdicts;
};

/*
 * `slabcheck convert`: translates the unit, describes its pointers to
 * dynamic caches, prints on 'table' what the core decides for each
 * (core/convert/candidates.h) and on 'patch' the diff that converts them
 * (core/convert/patch.h), or the unit's line of SARIF results
 * (core/convert/convert_sarif.h).  Returns how many it converts.
 */
size_t convert_unit(clang::ASTContext &context,
		    clang::Preprocessor &preprocessor, FILE *table, FILE *patch,
		    struct convert_request &request);

#endif
