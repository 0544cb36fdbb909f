// SPDX-License-Identifier: GPL-2.0
/* One file of slabcheck-clang (tool_file.h). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gcc_flags.h"
#include "tool_file.h"

using namespace clang;
using namespace clang::tooling;

/*
 * --convert: the patch goes with the unit's output to stdout; the table to
 * stderr once the file is done (--verify reads it again), in one write so
 * that files checked side by side do not mix.
 */
static void convert(ASTContext &context, Preprocessor &preprocessor,
		    FILE *patch, file_result &result)
{
	char *table = nullptr;
	size_t size = 0;
	FILE *stream = open_memstream(&table, &size);

	if (!stream)
		return;
	convert_unit(context, preprocessor, stream, patch, result.request);
	fclose(stream);
	result.table = std::string(table, size);
	free(table);
}

class check_consumer : public ASTConsumer
{
      public:
	check_consumer(CompilerInstance &compiler, file_result &result)
	    : compiler(compiler), result(result)
	{
	}

	void HandleTranslationUnit(ASTContext &context) override
	{
		char *text = nullptr;
		size_t size = 0;
		FILE *stream = open_memstream(&text, &size);
		llvm::ErrorOr<std::string> directory =
			compiler.getVirtualFileSystem()
				.getCurrentWorkingDirectory();
		struct unit_outcome outcome = { 0, "" };

		if (compiler.getDiagnostics().hasErrorOccurred() || !stream)
			return;
		if (result.convert) {
			result.request.directory = directory ? *directory : ".";
			convert(context, compiler.getPreprocessor(), stream,
				result);
		} else
			outcome = check_unit(
				context, compiler.getPreprocessor(),
				*result.options, directory ? *directory : ".",
				stream);
		fclose(stream);
		result.output += std::string(text, size);
		free(text);
		result.findings += outcome.findings;
		if (!outcome.error.empty()) {
			result.output +=
				"slabcheck-clang: error: " + outcome.error +
				"\n";
			result.failed = true;
		}
	}

      private:
	CompilerInstance &compiler;
	file_result &result;
};

class check_action : public ASTFrontendAction
{
      public:
	explicit check_action(file_result &result) : result(result)
	{
	}

      protected:
	std::unique_ptr<ASTConsumer>
	CreateASTConsumer(CompilerInstance &compiler, StringRef) override
	{
		return std::make_unique<check_consumer>(compiler, result);
	}

      private:
	file_result &result;
};

class check_factory : public FrontendActionFactory
{
      public:
	explicit check_factory(file_result &result) : result(result)
	{
	}

	std::unique_ptr<FrontendAction> create() override
	{
		return std::make_unique<check_action>(result);
	}

      private:
	file_result &result;
};

void run_file(const CompilationDatabase &database, const std::string &file,
	      file_result &result, const std::string *text,
	      DiagnosticConsumer *diagnostics,
	      const std::vector<std::pair<std::string, std::string>> *headers)
{
	ClangTool tool(database, { file },
		       std::make_shared<PCHContainerOperations>(),
		       llvm::vfs::createPhysicalFileSystem());
	check_factory factory(result);

	tool.appendArgumentsAdjuster(
		gcc_flags_adjuster(SLABCHECK_CLANG_RESOURCE_DIR));
	if (text) {
		llvm::SmallString<256> absolute(file);

		llvm::sys::fs::make_absolute(absolute);
		tool.mapVirtualFile(absolute.str(), *text);
	}
	/* A global's header, as converted with it (--verify). */
	for (size_t i = 0; headers && i < headers->size(); i++)
		tool.mapVirtualFile((*headers)[i].first, (*headers)[i].second);
	if (diagnostics)
		tool.setDiagnosticConsumer(diagnostics);
	if (tool.run(&factory))
		result.failed = true;
}

/*
 * The converted text checked: its diagnostics are the verdict, not the
 * user's to read, and Clang prints its count of errors and "Error while
 * processing" on stderr itself.  (Each file runs in a child of its own.)
 */
typedef std::vector<std::pair<std::string, std::string>> header_texts;

/*
 * What a compile of the converted text said: its first error, and the
 * macros each error came from, innermost first ("macro 'NAME'" lines: a
 * parameter named as a converted pointer is renamed by its macro).  The
 * macro backtrace is the printer's, never a diagnostic of its own, so it
 * is read here from the error's place while the sources are there.
 */
class error_collector : public DiagnosticConsumer
{
      public:
	std::string first_error;
	std::string macros;

	void BeginSourceFile(const LangOptions &options,
			     const Preprocessor *) override
	{
		language = options;
	}

	void HandleDiagnostic(DiagnosticsEngine::Level level,
			      const Diagnostic &info) override
	{
		DiagnosticConsumer::HandleDiagnostic(level, info);
		if (level < DiagnosticsEngine::Error)
			return;
		if (first_error.empty()) {
			llvm::SmallString<256> text;

			info.FormatDiagnostic(text);
			first_error = text.str().str();
		}
		if (!info.hasSourceManager())
			return;
		const SourceManager &sources = info.getSourceManager();
		for (SourceLocation at = info.getLocation(); at.isMacroID();
		     at = sources.getImmediateMacroCallerLoc(at))
			macros += "macro '" +
				  Lexer::getImmediateMacroName(at, sources,
							       language)
					  .str() +
				  "'\n";
	}

      private:
	LangOptions language;
};

static void check_quietly(const CompilationDatabase &database,
			  const std::string &file, file_result &check,
			  const std::string &text,
			  DiagnosticConsumer &diagnostics,
			  const header_texts *headers)
{
	int saved = dup(STDERR_FILENO);
	int null = open("/dev/null", O_WRONLY);

	fflush(stderr);
	llvm::errs().flush();
	if (saved >= 0 && null >= 0)
		dup2(null, STDERR_FILENO);
	run_file(database, file, check, &text, &diagnostics, headers);
	llvm::errs().flush();
	fflush(stderr);
	if (saved >= 0 && null >= 0)
		dup2(saved, STDERR_FILENO);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
}

/* The file converted again, without what the checks took back. */
static void convert_again(const CompilationDatabase &database,
			  const std::string &file, file_result &result,
			  const std::vector<struct convert_withdrawal> &taken)
{
	file_result next;

	next.convert = true;
	next.options = result.options;
	next.request.sarif = result.request.sarif;
	next.request.verifying = result.request.verifying;
	next.request.include_checked = true;
	next.request.verdicts_given = result.request.verdicts_given;
	next.request.verdicts = result.request.verdicts;
	next.request.withdrawals = result.request.withdrawals;
	next.request.withdrawals.insert(next.request.withdrawals.end(),
					taken.begin(), taken.end());
	run_file(database, file, next);
	result = next;
}

/*
 * The first error of a text compiled in place of the file, NULL when it
 * compiled; 'findings' gets what the rules said of it, at their defaults.
 */
static const char *compile_text(const CompilationDatabase &database,
				const std::string &file,
				const std::string &text, std::string &error,
				std::string *findings = nullptr,
				const header_texts *headers = nullptr,
				std::string *notes = nullptr)
{
	struct slabcheck_options defaults;
	error_collector diagnostics;
	file_result check;

	options_init(&defaults);
	check.options = &defaults;
	check_quietly(database, file, check, text, diagnostics, headers);
	if (!diagnostics.first_error.empty())
		error = diagnostics.first_error;
	else if (check.failed)
		error = "the compiler failed";
	if (notes)
		*notes = diagnostics.macros;
	if (findings)
		*findings = check.output;
	return error.empty() ? nullptr : error.c_str();
}

static std::vector<struct convert_verified>
converted_of(const file_result &result)
{
	std::vector<struct convert_verified> converted;

	for (const auto &pair : result.request.converted)
		converted.push_back(
			{ pair.first.c_str(), pair.second.c_str() });
	return converted;
}

void check_include(const CompilationDatabase &database, const std::string &file,
		   file_result &result)
{
	std::string error;

	if (result.failed || result.request.text_with_include.empty())
		return;
	const char *build_error = compile_text(
		database, file, result.request.text_with_include, error);
	std::vector<struct convert_verified> converted = converted_of(result);
	std::vector<struct convert_withdrawal> taken(converted.size());

	taken.resize(convert_include_verdict(converted.data(), converted.size(),
					     build_error, taken.data()));
	if (!taken.empty())
		convert_again(database, file, result, taken);
}

/* Rounds of --verify: each takes back what the last one's check found. */
#define VERIFY_ROUNDS 4

void verify_conversions(const CompilationDatabase &database,
			const std::string &file, file_result &result)
{
	for (int round = 0; round < VERIFY_ROUNDS; round++) {
		std::string error, findings, notes;

		if (result.failed || result.request.converted.empty())
			return;
		const char *build_error = compile_text(
			database, file, result.request.converted_text, error,
			&findings, &result.request.converted_headers, &notes);
		std::vector<struct convert_verified> converted =
			converted_of(result);
		std::vector<struct convert_withdrawal> taken(converted.size());

		taken.resize(convert_verify(
			converted.data(), converted.size(), findings.c_str(),
			build_error, notes.c_str(), round == VERIFY_ROUNDS - 1,
			taken.data()));
		if (taken.empty())
			return;
		convert_again(database, file, result, taken);
	}
}
