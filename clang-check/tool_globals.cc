// SPDX-License-Identifier: GPL-2.0
/* The whole run's pass for globals (tool_globals.h). */
#include <stdio.h>
#include <stdlib.h>

#include <set>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "tool_globals.h"

/* "a/b/../c" as "a/c", as the list of files that name a global has it. */
static void normalize(char *path, size_t size)
{
	llvm::SmallString<256> clean(path);

	if (!path[0])
		return;
	llvm::sys::path::remove_dots(clean, true);
	snprintf(path, size, "%s", clean.c_str());
}

bool gather_global_facts(global_run &run, size_t unit, std::string &table)
{
	std::string rest;
	bool waits = false;
	size_t start = 0;

	while (start < table.size()) {
		size_t end = table.find('\n', start);
		size_t next = end == std::string::npos ? table.size() : end + 1;
		std::string line = table.substr(start, next - start);
		struct global_fact fact;

		start = next;
		if (!convert_is_global_fact(line.c_str())) {
			rest += line;
			continue;
		}
		if (!convert_global_fact_read(line.c_str(), &fact))
			continue;
		normalize(fact.unit, sizeof(fact.unit));
		normalize(fact.header, sizeof(fact.header));
		if (fact.defines && fact.refusal == CONVERSION_ACCEPTED)
			waits = true;
		run.facts.push_back(fact);
	}
	if (waits)
		run.waiting.push_back(unit);
	table = rest;
	return waits;
}

/* The C sources and headers under 'root' that name any of 'globals'. */
static std::vector<std::string>
files_naming(const std::string &root, const std::set<std::string> &globals)
{
	std::vector<std::string> named;
	std::error_code error;
	llvm::SmallString<256> top(root);

	llvm::sys::fs::make_absolute(top);
	llvm::sys::path::remove_dots(top, true);
	for (llvm::sys::fs::recursive_directory_iterator
		     entry(top, error, false),
	     end;
	     entry != end && !error; entry.increment(error)) {
		llvm::StringRef path = entry->path();
		llvm::StringRef base = llvm::sys::path::filename(path);

		if (compat_starts_with(base, ".")) {
			if (entry->type() ==
			    llvm::sys::fs::file_type::directory_file)
				entry.no_push();
			continue;
		}
		if (entry->type() != llvm::sys::fs::file_type::regular_file ||
		    !(compat_ends_with(base, ".c") ||
		      compat_ends_with(base, ".h")))
			continue;
		auto buffer = llvm::MemoryBuffer::getFile(path);
		if (!buffer)
			continue;
		llvm::StringRef text = (*buffer)->getBuffer();

		for (const std::string &name : globals) {
			if (!convert_text_names(text.data(), text.size(),
						name.c_str()))
				continue;
			named.push_back(name + "\t" + path.str());
			if (convert_text_only_passes(text.data(), text.size(),
						     name.c_str()))
				named.back() += "\t" GLOBAL_ONLY_PASSED;
		}
	}
	return named;
}

std::vector<struct global_verdict> decide_globals(const global_run &run,
						  const std::string &root)
{
	std::set<std::string> candidates;
	std::vector<std::string> named;
	std::vector<const char *> pointers;
	struct global_verdict *verdicts;
	size_t count;

	for (const struct global_fact &fact : run.facts)
		if (fact.defines && fact.refusal == CONVERSION_ACCEPTED)
			candidates.insert(fact.name);
	named = files_naming(root, candidates);
	for (const std::string &line : named)
		pointers.push_back(line.c_str());
	count = convert_globals_decide(run.facts.data(), run.facts.size(),
				       pointers.data(), pointers.size(),
				       &verdicts);
	std::vector<struct global_verdict> result(verdicts, verdicts + count);
	free(verdicts);
	return result;
}
