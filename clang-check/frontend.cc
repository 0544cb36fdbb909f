// SPDX-License-Identifier: GPL-2.0
/* What both Clang front-ends do with a parsed unit (frontend.h). */
#include "frontend.h"
#include "describe_pointers.h"
#include "translate.h"

#include <vector>

extern "C" {
#include "convert_paths.h"
#include "convert_sarif.h"
#include "patch.h"
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
	/* Printed, or written as files or stream-results lines (emit.c). */
	if (slabcheck_emit(&tu, &options, &report, directory.c_str(), stream,
			   &outcome.findings))
		outcome.error = "cannot write the results of slabcheck";
	report_release(&report);
	tu_release(&tu);
	return outcome;
}

/* Whether any token of the unit, its headers' included, is 'name'. */
static bool identifier_used(const char *name, void *context)
{
	clang::ASTContext *unit = static_cast<clang::ASTContext *>(context);

	return unit->Idents.find(name) != unit->Idents.end();
}

/* The text of a file the unit read: a global's header. */
static const char *file_text(const char *path, size_t *length, void *context)
{
	clang::ASTContext *unit = static_cast<clang::ASTContext *>(context);
	clang::SourceManager &sources = unit->getSourceManager();
	auto file = sources.getFileManager().getOptionalFileRef(path);

	if (!file)
		return nullptr;
	clang::FileID id = sources.translateFile(&file->getFileEntry());
	if (id.isInvalid())
		return nullptr;
	llvm::StringRef text = sources.getBufferData(id);

	*length = text.size();
	return text.data();
}

/* The facts the run decides the unit's globals with (globals.h). */
static void
write_global_facts(const struct translation_unit &tu,
		   const std::vector<struct conversion> &conversions,
		   size_t count, const struct convert_source &source,
		   struct convert_request &request)
{
	struct global_fact *facts;
	char *text = nullptr;
	size_t size = 0;
	FILE *stream = open_memstream(&text, &size);
	size_t fact_count =
		convert_global_facts(&tu, conversions.data(), count, &source,
				     request.directory.c_str(), &facts);

	for (size_t i = 0; i < fact_count; i++) {
		if (stream)
			convert_global_fact_write(&facts[i], stream);
		if (facts[i].defines && facts[i].refusal == CONVERSION_ACCEPTED)
			request.defines_candidate = true;
	}
	if (stream) {
		fclose(stream);
		request.global_facts = std::string(text, size);
		free(text);
	}
	free(facts);
}

size_t convert_unit(clang::ASTContext &context,
		    clang::Preprocessor &preprocessor, FILE *table, FILE *patch,
		    struct convert_request &request)
{
	clang::SourceManager &sources = context.getSourceManager();
	std::string file = main_file(sources);
	llvm::StringRef text = sources.getBufferData(sources.getMainFileID());
	struct convert_source source = {};
	struct convert_patch edits;
	struct translation_unit tu;
	size_t converted;

	tu_init(&tu, file.c_str());
	translate_unit(context, preprocessor, &tu);
	describe_cache_pointers(context, &tu);
	std::vector<struct conversion> conversions(tu.cache_pointer_count);
	size_t count = convert_decide_globals(&tu, conversions.data());

	convert_check_paths(&tu, conversions.data(), count);
	convert_apply_withdrawals(conversions.data(), count,
				  request.withdrawals.data(),
				  request.withdrawals.size());
	if (request.verdicts_given)
		convert_apply_global_verdicts(conversions.data(), count,
					      request.verdicts.data(),
					      request.verdicts.size());

	source.path = file.c_str();
	source.text = text.data();
	source.length = text.size();
	source.identifier_used = identifier_used;
	source.file_text = file_text;
	source.context = &context;
	converted =
		convert_make_patch(conversions.data(), count, &source, &edits);
	if (!request.verdicts_given)
		write_global_facts(tu, conversions, count, source, request);
	/* Before the diff is written: that sorts the edits. */
	if (!request.include_checked && converted) {
		char *with_include = convert_text_with_include(&source, &edits);

		if (with_include)
			request.text_with_include = with_include;
		free(with_include);
	}
	if (request.sarif)
		convert_sarif_write_unit(conversions.data(), count, &source,
					 &edits, patch);
	else if (converted)
		convert_write_diff(&source, &edits, request.directory.c_str(),
				   patch);
	for (size_t i = 0; i < count; i++)
		if (conversions[i].refusal == CONVERSION_ACCEPTED)
			request.converted.emplace_back(
				conversions[i].pointer->name,
				conversions[i].instance);
	if (request.verifying && converted) {
		char *converted_text = text_edits_apply(
			source.text, source.length, &edits.edits);

		request.converted_text = converted_text;
		free(converted_text);
		for (size_t i = 0; i < edits.header_count; i++) {
			struct convert_header_patch *header = &edits.headers[i];
			char *header_text = text_edits_apply(
				header->source.text, header->source.length,
				&header->edits);
			std::string path = header->path;

			if (path[0] != '/')
				path = request.directory + "/" + path;
			request.converted_headers.emplace_back(path,
							       header_text);
			free(header_text);
		}
	}
	convert_patch_release(&edits);
	convert_print_table(conversions.data(), count, table);
	tu_release(&tu);
	return converted;
}
