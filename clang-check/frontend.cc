// SPDX-License-Identifier: GPL-2.0
/* What both Clang front-ends do with a parsed unit (frontend.h). */
#include <stdlib.h>
#include <unistd.h>

#include "frontend.h"
#include "translate.h"

extern "C" {
#include "report.h"
}

int parse_option(struct slabcheck_options *options, const std::string &option,
		 std::string *error)
{
	size_t equals = option.find('=');
	std::string key = option.substr(0, equals);
	std::string value =
		equals == std::string::npos ? "" : option.substr(equals + 1);
	char text[256];

	if (options_parse(options, key.c_str(),
			  equals == std::string::npos ? nullptr : value.c_str(),
			  text, sizeof(text)) == 0)
		return 0;
	*error =
		std::string(text) + " (options: " + slabcheck_option_help + ")";
	return -1;
}

/* The unit's main file, as the compiler names it in locations. */
static std::string main_file(clang::SourceManager &sources)
{
	clang::FileID main = sources.getMainFileID();

	return sources.getBufferName(sources.getLocForStartOfFile(main)).str();
}

/* A file of its own in the directory, for tools that collect findings. */
static bool write_findings(struct report *report, const char *directory,
			   const std::string &file)
{
	size_t slash = file.rfind('/');
	std::string path =
		std::string(directory) + "/" +
		(slash == std::string::npos ? file : file.substr(slash + 1)) +
		".XXXXXX.json";
	int fd = mkstemps(&path[0], 5);
	FILE *stream = fd >= 0 ? fdopen(fd, "w") : nullptr;
	bool failed = !stream || report_write_json(report, stream);

	if (stream && fclose(stream))
		failed = true;
	return !failed;
}

struct unit_outcome check_unit(clang::ASTContext &context,
			       clang::Preprocessor &preprocessor,
			       const struct slabcheck_options &options,
			       const std::string &directory, FILE *stream)
{
	struct unit_outcome outcome = { 0, "" };
	std::string file = main_file(context.getSourceManager());
	struct translation_unit tu;
	struct report report;

	tu_init(&tu, file.c_str());
	report_init(&report);
	translate_unit(context, preprocessor, &tu);
	slabcheck_run(&tu, &options, &report, stream);
	if (options.facts_dir &&
	    slabcheck_write_facts(&tu, &options, directory.c_str()))
		outcome.error = std::string("cannot write facts to ") +
				options.facts_dir;
	if (options.findings_dir) {
		outcome.findings = report.count;
		if (!write_findings(&report, options.findings_dir, file))
			outcome.error =
				std::string("cannot write findings to ") +
				options.findings_dir;
	} else {
		outcome.findings =
			report_print(&report, stream, options.werror);
	}
	report_release(&report);
	tu_release(&tu);
	return outcome;
}
