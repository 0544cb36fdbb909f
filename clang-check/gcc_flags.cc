// SPDX-License-Identifier: GPL-2.0
/*
 * The GCC-only flags of a compile_commands.json that slabcheck-clang drops
 * or maps: the one list (docs/clang.md shows it).  A kernel built with GCC
 * passes these because its Makefiles test them with GCC (cc-option);
 * Clang rejects most of them as unknown arguments.  None of them changes
 * what the code means to slabcheck: they tune code generation, stack use,
 * instrumentation or GCC's own warnings.
 */
#include <string.h>

#include "clang-compat.h"
#include "gcc_flags.h"

using namespace clang::tooling;

struct gcc_flag {
	const char *flag;
	bool prefix;		 /* matches "flag..." (with its value) */
	const char *replacement; /* what Clang calls it, or NULL: dropped */
};

static const struct gcc_flag gcc_flags[] = {
	/* Code generation and stack use. */
	{ "-fconserve-stack", false, nullptr },
	{ "-fno-allow-store-data-races", false, nullptr },
	{ "--param=allow-store-data-races=", true, nullptr },
	{ "-mrecord-mcount", false, nullptr },
	{ "-mpreferred-stack-boundary=", true, nullptr },
	{ "-mindirect-branch=thunk-extern", false,
	  "-mretpoline-external-thunk" },
	/* Inline retpoline thunks (the kernel's purgatory and boot code). */
	{ "-mindirect-branch=thunk-inline", false, nullptr },
	{ "-mindirect-branch-register", false, nullptr },
	{ "-mindirect-branch-cs-prefix", false, nullptr },
	{ "-mfunction-return=", true, nullptr },
	{ "-mskip-rax-setup", false, nullptr },
	{ "-mno-fp-ret-in-387", false, nullptr },
	{ "-fno-code-hoisting", false, nullptr },
	{ "-fno-var-tracking-assignments", false, nullptr },
	{ "-fno-inline-functions-called-once", false, nullptr },
	{ "-fno-partial-inlining", false, nullptr },
	{ "-fno-ipa-sra", false, nullptr },
	{ "-fno-tree-loop-im", false, nullptr },
	{ "-falign-jumps=", true, nullptr },
	{ "-falign-loops=", true, nullptr },
	{ "-fmin-function-alignment=", true, nullptr },
	{ "-fzero-call-used-regs=", true, nullptr },
	{ "-fstrict-flex-arrays=", true, nullptr },
	{ "-fno-stack-clash-protection", false, nullptr },
	{ "-mstack-protector-guard-symbol=", true, nullptr },
	{ "-fsanitize-coverage=trace-pc", false, nullptr },
	/* UBSAN's and KASAN's GCC spellings (allmodconfig). */
	{ "-fsanitize=bounds-strict", false, nullptr },
	{ "-fasan-shadow-offset=", true, nullptr },
	/*
	 * Zeroing locals (CONFIG_INIT_STACK_ALL_ZERO) needs an extra flag
	 * before Clang 16, which later ones reject: neither matters here.
	 */
	{ "-ftrivial-auto-var-init=", true, nullptr },
	{ "-enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-"
	  "clang",
	  false, nullptr },
	{ "-fno-ipa-cp-clone", false, nullptr },
	/*
	 * kbuild's dependency files (-Wp,-MMD,dir/.file.o.d): relative to
	 * the build's directory, and nothing the tool needs to write.
	 */
	{ "-Wp,-MMD,", true, nullptr },
	{ "-Wp,-MD,", true, nullptr },
	/* GCC plugins of the kernel's own (CONFIG_GCC_PLUGINS) and ours. */
	{ "-fplugin=", true, nullptr },
	{ "-fplugin-arg-", true, nullptr },
};

/*
 * Programs a build puts before the compiler (CC="ccache gcc", a time
 * limit): the command's compiler is the word after them.
 */
static size_t launcher_words(const CommandLineArguments &arguments)
{
	static const char *const launchers[] = { "ccache", "sccache", "distcc",
						 "icecc" };
	size_t words = 0;

	while (words + 1 < arguments.size()) {
		std::string name = arguments[words];
		bool launcher = false;

		name = name.substr(name.rfind('/') + 1);
		for (const char *known : launchers)
			launcher |= name == known;
		if (name == "timeout") {
			/* timeout [OPTION...] DURATION COMMAND... */
			words++;
			while (words + 1 < arguments.size() &&
			       arguments[words][0] == '-') {
				/* -k DURATION and -s SIGNAL take a word. */
				if (arguments[words] == "-k" ||
				    arguments[words] == "-s")
					words++;
				words++;
			}
			launcher = true;
		}
		if (!launcher)
			break;
		words++;
	}
	return words;
}

static bool is_gcc_flag(const std::string &argument, const char **replacement)
{
	for (const struct gcc_flag &flag : gcc_flags) {
		size_t length = strlen(flag.flag);

		if (flag.prefix ? !argument.compare(0, length, flag.flag) :
				  argument == flag.flag) {
			*replacement = flag.replacement;
			return true;
		}
	}
	return false;
}

ArgumentsAdjuster gcc_flags_adjuster(const char *resource_dir)
{
	std::string resource = std::string("-resource-dir=") + resource_dir;

	return [resource](const CommandLineArguments &arguments,
			  llvm::StringRef) {
		CommandLineArguments adjusted;
		bool has_resource_dir = false;

		size_t first = launcher_words(arguments);

		for (size_t i = first; i < arguments.size(); i++) {
			const char *replacement = nullptr;

			if (i > first &&
			    is_gcc_flag(arguments[i], &replacement)) {
				if (replacement)
					adjusted.push_back(replacement);
				continue;
			}
			if (compat_starts_with(arguments[i], "-resource-dir"))
				has_resource_dir = true;
			adjusted.push_back(arguments[i]);
		}
		/* Findings only: no compiler warning, so no -Werror stop. */
		adjusted.push_back("-w");
		if (!has_resource_dir)
			adjusted.push_back(resource);
		return adjusted;
	};
}
