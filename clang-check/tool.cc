// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck-clang: slabcheck over a compilation database, as clang-tidy
 * runs: no build needed, and a GCC build's compile_commands.json works too
 * (gcc_flags.cc drops what only GCC knows).
 *
 * Usage:
 *   slabcheck-clang [OPTIONS] -p BUILD_DIR [FILE.c...]
 *       every file given, or every entry of BUILD_DIR/compile_commands.json
 *   slabcheck-clang [OPTIONS] FILE.c... -- CFLAGS...
 *       without a database, each file compiled with CFLAGS
 * Options:
 *   -p DIR          where compile_commands.json is
 *   -j N            check N files at a time (default 1)
 *   --KEY[=VALUE]   an option of the core, as the plugins take them:
 *                   disable=, werror, strict-size, exempt=, findings-dir=,
 *                   facts-dir=, verify, dump-model, debug
 * Findings are printed on stdout, one line each, in the format every
 * front-end shares; progress is shown on stderr when it is a terminal and
 * more than one file is checked.
 * Exit status, as the slabcheck command's: 0 nothing found, 1 findings,
 * 2 a usage error or a file that did not compile, 3 both.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <map>
#include <string>

#include "clang/Basic/Version.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "frontend.h"
#include "gcc_flags.h"
#include "tool_file.h"
#include "tool_globals.h"

extern "C" {
#include "convert_sarif.h"
#include "header_edits.h"
}

using namespace clang;
using namespace clang::tooling;

enum { EXIT_DONE = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

static struct slabcheck_options options;
/* --convert: print what `slabcheck convert` decides and its patch instead
 * of checking. */
static bool convert_mode;
/* --format=sarif with --convert: the units' results, gathered into one log
 * on stdout instead of the patch. */
static struct convert_sarif *sarif_log;
/*
 * Each unit converted is checked again, converted, unless
 * --convert-no-verify: a patch that adds a finding is never proposed
 * unasked.  --convert-verify, the old way to ask, is still taken.
 */
static bool verify_mode;
/* --convert: how many units printed a line of the table. */
static size_t units_with_pointers;
/* --convert: the headers' edits of every unit, written once at the end. */
static struct convert_header_edits header_edits;

/* Also the source of slabcheck-clang(1), through help2man. */
static void usage(FILE *stream)
{
	fprintf(stream,
		"Usage: slabcheck-clang [-j N] [--KEY[=VALUE]...] -p BUILD_DIR "
		"[FILE.c...]\n"
		"  or:  slabcheck-clang [-j N] [--KEY[=VALUE]...] FILE.c... -- "
		"CFLAGS...\n"
		"Checks C files with slabcheck's rules without building them, "
		"as clang-tidy\n"
		"does: every file of BUILD_DIR/compile_commands.json (of a "
		"Clang or a GCC\n"
		"build), the files given, or the files given compiled with "
		"CFLAGS.  Each\n"
		"finding is one line on stdout, FILE:LINE:COL: warning: "
		"MESSAGE [RULE-ID].\n"
		"\n"
		"Options:\n");
	fprintf(stream, "%-38s%s\n", "  -p BUILD_DIR",
		"where compile_commands.json is");
	fprintf(stream, "%-38s%s\n", "  -j N",
		"check N files at a time (default 1)");
	options_print(stream, "--");
	fprintf(stream, "%-38s%s\n", "  --convert",
		"say which caches could be static instances, and why not");
	fprintf(stream, "%-38s%s\n", "  --format=diff|sarif",
		"with --convert: the patch, or SARIF with fixes");
	fprintf(stream, "%-38s%s\n", "  --convert-no-verify",
		"with --convert: do not compile and check the converted");
	fprintf(stream, "%-38s%s\n", "",
		"code (by default what does not compile or draws a");
	fprintf(stream, "%-38s%s\n", "",
		"finding is taken back; --convert-verify: the default)");
	fprintf(stream, "%-38s%s\n", "  --help", "this help");
	fprintf(stream, "%-38s%s\n", "  --version", "the version");
	fprintf(stream, "\n"
			"Exit status:\n"
			"  0  nothing found\n"
			"  1  findings\n"
			"  2  trouble: a usage error, a file that did not "
			"compile\n"
			"  3  findings and trouble\n");
}

/*
 * FILE.c -- CFLAGS: each file compiled with CFLAGS, and named as the user
 * gave it, so that findings name it as a compiler run on the same command
 * line would (ClangTool asks for the absolute path).
 */
class given_files_database : public CompilationDatabase
{
      public:
	given_files_database(const std::vector<std::string> &files,
			     const std::vector<std::string> &flags)
	    : flags(flags)
	{
		for (const std::string &file : files) {
			llvm::SmallString<256> absolute(file);

			llvm::sys::fs::make_absolute(absolute);
			llvm::sys::path::remove_dots(absolute, true);
			given[absolute.str().str()] = file;
		}
	}

	std::vector<CompileCommand>
	getCompileCommands(StringRef path) const override
	{
		llvm::SmallString<256> directory;
		std::vector<std::string> command = { "clang" };
		auto found = given.find(path.str());

		llvm::sys::fs::current_path(directory);
		command.insert(command.end(), flags.begin(), flags.end());
		command.push_back(found != given.end() ? found->second :
							 path.str());
		return { CompileCommand(directory, path, command, "") };
	}

      private:
	std::vector<std::string> flags;
	std::map<std::string, std::string> given;
};

/*
 * --convert: the run's verdicts on globals, for the units converted again
 * once every unit has said what it sees of them (tool_globals.h); the
 * children that convert them inherit it.
 */
static bool verdicts_given;
static std::vector<struct global_verdict> run_verdicts;

static file_result check_file(const CompilationDatabase &database,
			      const std::string &file)
{
	file_result result;

	result.convert = convert_mode;
	result.options = &options;
	result.request.sarif = sarif_log != nullptr;
	result.request.verifying = verify_mode;
	result.request.verdicts_given = verdicts_given;
	result.request.verdicts = run_verdicts;
	run_file(database, file, result);
	if (convert_mode)
		check_include(database, file, result);
	/* A unit that waits for the run's verdicts is verified after. */
	if (convert_mode && verify_mode && !result.request.defines_candidate)
		verify_conversions(database, file, result);
	return result;
}

struct progress {
	bool shown;
	size_t total;
	size_t done;
};

/*
 * A child's output with --format=sarif: its unit's line of results goes
 * into the log; anything else (a crash, an error) to stderr, so that
 * stdout stays one SARIF document.
 */
static void gather_sarif(const std::string &output)
{
	size_t start = 0;

	while (start < output.size()) {
		size_t end = output.find('\n', start);
		std::string line = output.substr(
			start, end == std::string::npos ? end : end - start);

		if (!convert_sarif_add_line(sarif_log, line.c_str()))
			fprintf(stderr, "%s\n", line.c_str());
		start = end == std::string::npos ? output.size() : end + 1;
	}
}

/*
 * A child's patch: its unit's diff is printed, the edits of its headers
 * gathered for the end of the run.
 */
static void print_patch(const std::string &output)
{
	size_t start = 0;

	while (start < output.size()) {
		size_t end = output.find('\n', start);
		size_t next =
			end == std::string::npos ? output.size() : end + 1;
		std::string line = output.substr(start, next - start);

		start = next;
		if (!convert_is_header_edit(line.c_str()))
			fputs(line.c_str(), stdout);
		else if (!convert_header_edits_add(&header_edits, line.c_str()))
			fprintf(stderr,
				"slabcheck-clang: error: a header edit that "
				"does not fit with the others: %s",
				line.c_str());
	}
}

static void report(progress &state, const std::string &file,
		   const std::string &output)
{
	size_t done = ++state.done;

	if (state.shown)
		fprintf(stderr, "\r\033[K");
	if (sarif_log)
		gather_sarif(output);
	else if (convert_mode)
		print_patch(output);
	else
		fputs(output.c_str(), stdout);
	fflush(stdout);
	if (state.shown && done < state.total)
		fprintf(stderr, "[%zu/%zu] %s", done, state.total,
			file.c_str());
}

/*
 * A check running in a child: its file, and where it writes its findings
 * (--convert: its patch, and apart its table with its facts on globals).
 */
struct running_check {
	size_t file;
	FILE *output;
	FILE *table;
};

/* Everything a child wrote, from the start. */
static std::string read_back(FILE *output)
{
	std::string text;
	char buffer[4096];
	size_t size;

	rewind(output);
	while ((size = fread(buffer, 1, sizeof(buffer), output)) > 0)
		text.append(buffer, size);
	return text;
}

/*
 * Each file is checked in a child process of its own, JOBS at a time, as
 * run-clang-tidy runs clang-tidy: no two checks share Clang's and LLVM's
 * process-wide state (ClangTool is not made to run in threads side by
 * side), and a check that crashes is one file that failed, named, not a
 * run lost.  A child's exit status carries its findings and failure bits.
 */
static pid_t start_check(const CompilationDatabase &database,
			 const std::string &file, FILE *output, FILE *table)
{
	pid_t child;

	fflush(stdout);
	fflush(stderr);
	child = fork();
	if (child != 0)
		return child;
	file_result result = check_file(database, file);

	fputs(result.request.global_facts.c_str(), table);
	fputs(result.table.c_str(), table);
	fflush(table);
	fputs(result.output.c_str(), output);
	fflush(stdout);
	fflush(stderr);
	/* _exit: the parent's static destructors are the parent's to run. */
	_exit((fflush(output) ? EXIT_TROUBLE : EXIT_DONE) |
	      (result.findings ? EXIT_FINDINGS : EXIT_DONE) |
	      (result.failed ? EXIT_TROUBLE : EXIT_DONE));
}

/* What a finished child's status says, and its output to print. */
static int finished_check(const std::string &file, int status,
			  std::string &output)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) <= 3)
		return WEXITSTATUS(status);
	output += "slabcheck-clang: error: " + file + ": the check ";
	if (WIFSIGNALED(status))
		output += std::string("crashed (") +
			  strsignal(WTERMSIG(status)) + ")\n";
	else
		output += "exited with status " +
			  std::to_string(WEXITSTATUS(status)) + "\n";
	return EXIT_TROUBLE;
}

/*
 * Checks the files, JOBS at a time.  With 'globals' (--convert's first
 * pass), what each unit says of globals is gathered, and a unit that waits
 * for the run's verdicts is not printed yet.
 */
static int check_files(const CompilationDatabase &database,
		       const std::vector<std::string> &files, unsigned jobs,
		       global_run *globals = nullptr)
{
	std::map<pid_t, running_check> running;
	size_t next = 0;
	int outcome = EXIT_DONE;
	progress state;

	state.shown = isatty(STDERR_FILENO) && files.size() > 1;
	state.total = files.size();
	state.done = 0;
	while (next < files.size() || !running.empty()) {
		while (next < files.size() && running.size() < jobs) {
			FILE *output = tmpfile();
			FILE *table = tmpfile();
			pid_t child = output && table ?
					      start_check(database, files[next],
							  output, table) :
					      -1;

			if (child < 0) {
				report(state, files[next],
				       "slabcheck-clang: error: " +
					       files[next] + ": " +
					       strerror(errno) + "\n");
				if (output)
					fclose(output);
				if (table)
					fclose(table);
				outcome |= EXIT_TROUBLE;
				next++;
				continue;
			}
			running[child] = { next++, output, table };
		}
		if (running.empty())
			break;

		int status;
		pid_t child = waitpid(-1, &status, 0);

		if (child < 0) {
			if (errno == EINTR)
				continue;
			perror("slabcheck-clang: waitpid");
			return outcome | EXIT_TROUBLE;
		}
		auto found = running.find(child);
		if (found == running.end())
			continue;
		const std::string &file = files[found->second.file];
		std::string output = read_back(found->second.output);
		std::string table = read_back(found->second.table);

		fclose(found->second.output);
		fclose(found->second.table);
		outcome |= finished_check(file, status, output);
		if (globals && WIFEXITED(status) &&
		    gather_global_facts(*globals, found->second.file, table)) {
			/* Its turn comes with the verdicts. */
			state.done++;
		} else {
			fputs(table.c_str(), stderr);
			units_with_pointers += !table.empty();
			report(state, file, output);
		}
		running.erase(found);
	}
	return outcome;
}

int main(int argc, char **argv)
{
	std::vector<std::string> files, flags;
	std::string build_dir, error;
	std::unique_ptr<CompilationDatabase> database;
	bool fixed = false, sarif = false, verify_given = false;
	bool no_verify = false;
	unsigned jobs = 1;
	int outcome;

	options_init(&options);
	for (int i = 1; i < argc; i++) {
		std::string argument = argv[i];

		if (fixed) {
			flags.push_back(argument);
		} else if (argument == "--") {
			fixed = true;
		} else if (argument == "-h" || argument == "--help") {
			usage(stdout);
			return EXIT_DONE;
		} else if (argument == "--version") {
			printf("slabcheck-clang " SLABCHECK_VERSION
			       " (Clang " CLANG_VERSION_STRING ")\n");
			return EXIT_DONE;
		} else if (argument == "-p" || argument == "-j") {
			if (++i == argc) {
				usage(stderr);
				return EXIT_TROUBLE;
			}
			if (argument == "-p")
				build_dir = argv[i];
			else
				jobs = (unsigned)atoi(argv[i]);
		} else if (compat_starts_with(argument, "-p")) {
			build_dir = argument.substr(argument[2] == '=' ? 3 : 2);
		} else if (compat_starts_with(argument, "-j")) {
			jobs = (unsigned)atoi(argument.c_str() + 2);
		} else if (argument == "--convert") {
			convert_mode = true;
		} else if (argument == "--convert-verify" ||
			   argument == "--convert-no-verify") {
			verify_given = true;
			no_verify = argument == "--convert-no-verify";
		} else if (argument == "--format=sarif") {
			sarif = true;
		} else if (argument == "--format=diff") {
			sarif = false;
		} else if (compat_starts_with(argument, "--")) {
			if (parse_option(&options, argument.substr(2),
					 &error)) {
				fprintf(stderr, "slabcheck-clang: error: %s\n",
					error.c_str());
				return EXIT_TROUBLE;
			}
		} else if (argument[0] == '-') {
			fprintf(stderr,
				"slabcheck-clang: error: unknown option '%s'\n",
				argument.c_str());
			usage(stderr);
			return EXIT_TROUBLE;
		} else {
			files.push_back(argument);
		}
	}
	if (jobs < 1)
		jobs = 1;
	if ((sarif || verify_given) && !convert_mode) {
		fprintf(stderr, "slabcheck-clang: error: --format= and "
				"--convert-[no-]verify go with --convert\n");
		return EXIT_TROUBLE;
	}
	verify_mode = convert_mode && !no_verify;
	if (fixed)
		database = std::make_unique<given_files_database>(files, flags);
	else if (!build_dir.empty())
		database = CompilationDatabase::loadFromDirectory(build_dir,
								  error);
	else if (!files.empty())
		database = CompilationDatabase::autoDetectFromSource(files[0],
								     error);
	if (!database) {
		if (!error.empty())
			fprintf(stderr, "slabcheck-clang: error: %s\n",
				error.c_str());
		usage(stderr);
		return EXIT_TROUBLE;
	}
	/*
	 * Every C source of the database: kbuild's lists assembler sources
	 * (.S) too, which are no C (the kernel's run-clang-tools.py skips
	 * them as well).
	 */
	if (files.empty())
		for (const std::string &file : database->getAllFiles())
			if (compat_ends_with(file, ".c"))
				files.push_back(file);
	if (files.empty()) {
		usage(stderr);
		return EXIT_TROUBLE;
	}
	if (sarif)
		sarif_log = convert_sarif_create();
	if (convert_mode) {
		global_run globals;
		std::vector<std::string> waiting;

		outcome = check_files(*database, files, jobs, &globals);
		for (size_t unit : globals.waiting)
			waiting.push_back(files[unit]);
		if (!waiting.empty()) {
			run_verdicts = decide_globals(globals, ".");
			verdicts_given = true;
			outcome |= check_files(*database, waiting, jobs);
		}
		if (!convert_header_edits_write(&header_edits, stdout,
						"slabcheck-clang", stderr) ||
		    header_edits.conflicts)
			outcome |= EXIT_TROUBLE;
		convert_header_edits_release(&header_edits);
		/* Silence would look like a tool that did nothing. */
		if (!units_with_pointers && !(outcome & EXIT_TROUBLE))
			fprintf(stderr,
				"slabcheck-clang: no dynamic cache pointer "
				"in %zu %s: nothing to convert\n",
				files.size(),
				files.size() == 1 ? "file" : "files");
	} else {
		outcome = check_files(*database, files, jobs);
	}
	if (sarif_log) {
		llvm::SmallString<256> directory;

		llvm::sys::fs::current_path(directory);
		if (convert_sarif_finish(sarif_log, directory.c_str(), stdout))
			outcome |= EXIT_TROUBLE;
	}
	return outcome;
}
