// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck_clang: the Clang plugin of slabcheck.
 *
 * Checks code that keeps slab caches in static storage with
 * the rules of the slabcheck core, and prints one line per finding:
 *   FILE:LINE:COL: warning: MESSAGE [RULE-ID]
 * The findings do not go through Clang's diagnostics, so -Werror (the
 * kernel's CONFIG_WERROR) does not turn them into errors unless asked.
 *
 * Usage:
 *   clang -fplugin=slabcheck_clang.so \
 *         [-fplugin-arg-slabcheck_clang-KEY[=VALUE]] ...
 * (Clang 14 and later take -fplugin-arg-NAME-ARG; through the driver of an
 * older Clang, -Xclang -plugin-arg-slabcheck_clang -Xclang KEY[=VALUE].)
 * Options (KEY):
 *   disable=RULE[,RULE...]  turn rules off
 *   werror                  make findings fail the compilation
 *   strict-size             any object size difference is a finding
 *   exempt=PATH[,PATH...]   files under these paths may use mm/ internals
 *   findings-dir=DIR        write the findings as JSON into a new file in
 *                           DIR instead of printing them (slabcheck does)
 *   facts-dir=DIR           also write the unit's facts into a new file in
 *                           DIR, for the link step (slabcheck link)
 *   verify, dump-model, debug  for slabcheck's own tests
 *
 * The plugin runs before code generation, in the same pass over the parsed
 * unit, and only reads the AST: the object file is the same with or
 * without it, and the AST lives no longer than the compile keeps it.
 */
#include <unistd.h>

#include "clang/Frontend/FrontendPluginRegistry.h"

#include "frontend.h"

using namespace clang;

namespace
{

const char plugin_name[] = "slabcheck_clang";

/*
 * Parsed once per compile: the action that parses them is gone before the
 * unit is, and the options point into themselves.
 */
struct slabcheck_options options;

/*
 * Findings printed as errors (werror) must fail the compilation like
 * Clang's own errors, without a second message: one diagnostic of ours is
 * counted as an error and not printed.  The consumer wraps the compiler's.
 */
class counting_consumer : public DiagnosticConsumer
{
      public:
	counting_consumer(DiagnosticConsumer *inner,
			  std::unique_ptr<DiagnosticConsumer> owned,
			  unsigned silent)
	    : inner(inner), owned(std::move(owned)), silent(silent)
	{
	}

	void BeginSourceFile(const LangOptions &language,
			     const Preprocessor *preprocessor) override
	{
		inner->BeginSourceFile(language, preprocessor);
	}

	void EndSourceFile() override
	{
		inner->EndSourceFile();
	}

	void finish() override
	{
		inner->finish();
	}

	bool IncludeInDiagnosticCounts() const override
	{
		return inner->IncludeInDiagnosticCounts();
	}

	void HandleDiagnostic(DiagnosticsEngine::Level level,
			      const Diagnostic &info) override
	{
		DiagnosticConsumer::HandleDiagnostic(level, info);
		if (info.getID() != silent)
			inner->HandleDiagnostic(level, info);
	}

      private:
	DiagnosticConsumer *inner;
	std::unique_ptr<DiagnosticConsumer> owned;
	unsigned silent;
};

class slabcheck_consumer : public ASTConsumer
{
      public:
	explicit slabcheck_consumer(CompilerInstance &compiler)
	    : compiler(compiler)
	{
	}

	void HandleTranslationUnit(ASTContext &context) override
	{
		DiagnosticsEngine &diagnostics = compiler.getDiagnostics();
		char directory[4096];
		struct unit_outcome outcome;

		if (diagnostics.hasErrorOccurred())
			return;
		if (!getcwd(directory, sizeof(directory)))
			directory[0] = 0;
		outcome = check_unit(context, compiler.getPreprocessor(),
				     options, directory, stderr);
		if (!outcome.error.empty())
			diagnostics.Report(diagnostics.getCustomDiagID(
				DiagnosticsEngine::Error, "%0: %1"))
				<< plugin_name << outcome.error;
		if (options.werror && outcome.findings)
			fail_silently(diagnostics);
	}

      private:
	void fail_silently(DiagnosticsEngine &diagnostics)
	{
		unsigned silent = diagnostics.getCustomDiagID(
			DiagnosticsEngine::Error, "slabcheck findings");
		DiagnosticConsumer *inner = diagnostics.getClient();
		std::unique_ptr<DiagnosticConsumer> owned;

		if (diagnostics.ownsClient())
			owned = diagnostics.takeClient();
		diagnostics.setClient(
			new counting_consumer(inner, std::move(owned), silent),
			true);
		diagnostics.Report(silent);
	}

	CompilerInstance &compiler;
};

class slabcheck_action : public PluginASTAction
{
      protected:
	std::unique_ptr<ASTConsumer>
	CreateASTConsumer(CompilerInstance &compiler, StringRef) override
	{
		return std::make_unique<slabcheck_consumer>(compiler);
	}

	bool ParseArgs(const CompilerInstance &compiler,
		       const std::vector<std::string> &arguments) override
	{
		DiagnosticsEngine &diagnostics = compiler.getDiagnostics();
		std::string error;

		options_init(&options);
		for (const std::string &argument : arguments) {
			if (parse_option(&options, argument, &error) == 0)
				continue;
			/* One error line fails the compilation, no more. */
			diagnostics.Report(diagnostics.getCustomDiagID(
				DiagnosticsEngine::Error, "%0: %1"))
				<< plugin_name << error;
			return false;
		}
		return true;
	}

	/* Beside the compile, before code generation sees the unit. */
	ActionType getActionType() override
	{
		return AddBeforeMainAction;
	}
};

} // namespace

static FrontendPluginRegistry::Add<slabcheck_action>
	registration(plugin_name, "checks static slab cache usage");
