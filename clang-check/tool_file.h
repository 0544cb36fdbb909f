/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slabcheck-clang's run of one file (tool_file.cc): parsed with its compile
 * command, checked, or converted (--convert), and unless
 * --convert-no-verify the converted text checked again until nothing is
 * taken back.  tool.cc runs the files, each in a child process of its own.
 */
#ifndef SLABCHECK_CLANG_TOOL_FILE_H
#define SLABCHECK_CLANG_TOOL_FILE_H

#include <string>

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/CompilationDatabase.h"

#include "frontend.h"

/*
 * What one file's check found, printed at once so that checks do not mix;
 * for --convert, what convert is asked and its table.
 */
struct file_result {
	size_t findings = 0;
	bool failed = false;
	std::string output;
	bool convert = false;
	const struct slabcheck_options *options = nullptr;
	convert_request request;
	std::string table;
};

/*
 * One file, with a file system of its own; 'text' read in place of the
 * file's own, with the compiler's diagnostics kept in 'diagnostics'
 * rather than printed, when given (--verify's check of the converted
 * text).
 */
void run_file(const clang::tooling::CompilationDatabase &database,
	      const std::string &file, file_result &result,
	      const std::string *text = nullptr,
	      clang::DiagnosticConsumer *diagnostics = nullptr,
	      const std::vector<std::pair<std::string, std::string>> *headers =
		      nullptr);

/*
 * --convert, after run_file() converted the file: the file with only the
 * static-cache header's include added is compiled, and if it does not
 * compile, converted again with every conversion taken back
 * (cannot-include).
 */
void check_include(const clang::tooling::CompilationDatabase &database,
		   const std::string &file, file_result &result);

/*
 * --convert (unless --convert-no-verify), after run_file() converted the
 * file: the converted text is compiled and checked with every rule, at their
 * defaults; a conversion that does not compile or draws a finding is
 * taken back, and the unit converted again without it, until the
 * converted text is clean.
 */
void verify_conversions(const clang::tooling::CompilationDatabase &database,
			const std::string &file, file_result &result);

#endif
