// SPDX-License-Identifier: GPL-2.0
/*
 * What the slabcheck command says about itself.  The help of the whole
 * command is also its manual: the build turns it into slabcheck(1) with
 * help2man, so it is written once, here, in the shape help2man reads
 * (a "Usage:" line, option lines, "Section:" headings).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "command.h"
#include "help.h"
#include "locate.h"
#include "markdown.h"
#include "output.h"
#include "slabcheck.h"

#define FILES_SYNOPSIS                                                  \
	"Usage: slabcheck [OPTION]... [--sparse|--clang|--clang-tool] " \
	"FILE.c... "                                                    \
	"[-- CFLAGS...]\n"
#define KBUILD_SYNOPSIS                                                        \
	"  or:  slabcheck kbuild [OPTION]... [--sparse|--clang|--clang-tool] " \
	"[--allow-no-series] [-C KERNEL_DIR] [M=DIR] [make arguments]...\n"
#define LINK_SYNOPSIS "  or:  slabcheck link [OPTION]... [--kbuild] FACTS...\n"
#define CONVERT_SYNOPSIS                                                       \
	"  or:  slabcheck convert [--no-verify] [--format=diff|sarif] "        \
	"FILE.c... -- CFLAGS...\n"                                             \
	"  or:  slabcheck convert kbuild [--no-verify] [--format=diff|sarif] " \
	"[-C KERNEL_DIR] [M=DIR] [make arguments]...\n"
#define INFORMATION_SYNOPSIS                                            \
	"  or:  slabcheck --list-rules | --explain RULE | --version | " \
	"--help\n"

#define FRONT_END_HELP                                                       \
	"Front-end (default: the GCC plugin, with the GCC it was built "     \
	"for):\n"                                                            \
	"      --sparse          slabcheck-sparse: sparse 0.6.4 and the "    \
	"rules "                                                             \
	"(kbuild:\n"                                                         \
	"                        make C=2 CHECK=slabcheck-sparse)\n"         \
	"      --clang           the Clang plugin (kbuild: LLVM=1, unless "  \
	"the "                                                               \
	"build\n"                                                            \
	"                        names its own LLVM= or CC=)\n"              \
	"      --clang-tool      slabcheck-clang, no compile (kbuild: over " \
	"the "                                                               \
	"objects\n"                                                          \
	"                        the targets built)\n"

#define OPTIONS_HELP                                                           \
	"Options:\n"                                                           \
	"      --rule=RULE[,RULE...]     check only these rules\n"             \
	"      --disable=RULE[,RULE...]  do not check these rules\n"           \
	"      --format=text|json|sarif|html\n"                                \
	"                                how findings are printed (default "   \
	"text;\n"                                                              \
	"                                html: one page for audits)\n"         \
	"      --context=N               text, html: N source lines around "   \
	"each finding\n"                                                       \
	"      --path=short|full|none    text: the events of each finding's "  \
	"path as\n"                                                            \
	"                                notes: the key few (default), all, "  \
	"none\n"                                                               \
	"      --baseline=FILE           findings in FILE are known: they do " \
	"not count\n"                                                          \
	"                                and are not printed\n"                \
	"      --write-baseline=FILE     write every finding into FILE (read " \
	"after\n"                                                              \
	"                                --baseline, when both name one "      \
	"file)\n"                                                              \
	"      --mark-new                with --baseline: print known "        \
	"findings "                                                            \
	"too, the\n"                                                           \
	"                                new ones prefixed by '>> ' (SARIF:\n" \
	"                                baselineState)\n"                     \
	"      --source-root=DIR         paths in fingerprints, baselines "    \
	"and "                                                                 \
	"SARIF are\n"                                                          \
	"                                relative to DIR (kbuild: the kernel " \
	"tree and\n"                                                           \
	"                                M='s directory; otherwise: here)\n"   \
	"      --show-suppressed         print suppressed findings, and what " \
	"silenced them\n"                                                      \
	"      --report-unused           report suppressions that match no "   \
	"finding\n"                                                            \
	"      --quiet                   no summary line on stderr\n"          \
	"      --list-rules              the rules: id, default, summary\n"    \
	"      --explain=RULE            what a rule finds, why, how to fix "  \
	"and "                                                                 \
	"silence it\n"                                                         \
	"      --help                    this help (after a subcommand: its "  \
	"own)\n"                                                               \
	"      --version                 the version\n"

#define EXIT_STATUS_HELP                                                       \
	"Exit status:\n"                                                       \
	"  0  nothing new: no finding counts and nothing went wrong\n"         \
	"  1  new findings: findings that no baseline has and no suppression " \
	"silenced\n"                                                           \
	"  2  trouble and no new findings: a usage error, an object or file "  \
	"that did\n"                                                           \
	"     not compile, a facts file or baseline that could not be read\n"  \
	"  3  new findings and trouble: 1 and 2 together (status & 1: new "    \
	"findings;\n"                                                          \
	"     status & 2: trouble)\n"                                          \
	"A summary line on stderr ends each run: units checked, modules "      \
	"linked,\n"                                                            \
	"findings (new, known, suppressed) and objects that failed; a run "    \
	"whose units\n"                                                        \
	"have no static cache (no instance, no setup) says so after it: "      \
	"nothing was\n"                                                        \
	"checked.  A file that is missing, a directory or not C, a "           \
	"front-end that\n"                                                     \
	"is not installed: exit status 2, before any compiler runs.\n"

#define ENVIRONMENT_HELP                                                      \
	"Environment:\n"                                                      \
	"Each program is looked for in the variable that names it, then "     \
	"where "                                                              \
	"an\n"                                                                \
	"installation puts it and then where a build directory does, "        \
	"relative to\n"                                                       \
	"the slabcheck program itself.\n"                                     \
	"  SLABCHECK_GCC_PLUGIN    slabcheck_gcc.so (found nowhere: "         \
	"-fplugin=slabcheck_gcc,\n"                                           \
	"                          from GCC's plugin directory); a cross "    \
	"GCC (CC=, or\n"                                                      \
	"                          kbuild's CROSS_COMPILE=) gets its own, "   \
	"from\n"                                                              \
	"                          gcc-plugin/MACHINE/ or its plugin "        \
	"directory\n"                                                         \
	"  SLABCHECK_CLANG_PLUGIN  slabcheck_clang.so, for --clang\n"         \
	"  SLABCHECK_SPARSE        slabcheck-sparse, for --sparse (found "    \
	"nowhere: PATH)\n"                                                    \
	"  SLABCHECK_CLANG_TOOL    slabcheck-clang, for --clang-tool (found " \
	"nowhere: PATH)\n"                                                    \
	"  SLABCHECK_GCC_WRAPPER   slabcheck-gcc, for kbuild with distcc "    \
	"(found nowhere:\n"                                                   \
	"                          PATH)\n"                                   \
	"  CC                      the compiler of FILE.c "                   \
	"(default: " SLABCHECK_DEFAULT_CC ", or with\n"                       \
	"                          --clang the Clang the plugin was built "   \
	"for); kbuild\n"                                                      \
	"                          takes CC= from make's command line\n"      \
	"  TMPDIR                  where the front-ends' results are "        \
	"collected\n"

static void print_files_help(FILE *stream)
{
	fputs(FILES_SYNOPSIS KBUILD_SYNOPSIS LINK_SYNOPSIS CONVERT_SYNOPSIS
		      INFORMATION_SYNOPSIS
	      "Check Linux kernel code that keeps slab caches in static "
	      "instances\n"
	      "(struct kmem_cache_opaque, <linux/slab-static.h>): caches set "
	      "up twice,\n"
	      "left set up by a module, used after they were destroyed, "
	      "objects that do not\n"
	      "fit, storage that cannot hold them, mm/ internals used "
	      "outside mm/.\n"
	      "\n"
	      "FILE.c...: compiles each file with the front-end and prints "
	      "the findings; two\n"
	      "files or more are one module, also checked as a whole.\n"
	      "kbuild: runs make in a kernel tree (or for an out-of-tree "
	      "module, M=) with\n"
	      "the front-end in it, keeping the build's own KCFLAGS, LLVM=, "
	      "CC=, O=, W=,\n"
	      "C= and CF=; then checks each module as a whole.  The kernel "
	      "needs the\n"
	      "static-cache series.  'slabcheck kbuild --help' says more.\n"
	      "link: checks units from their facts files as one module "
	      "('slabcheck link\n"
	      "--help').\n"
	      "\n" FRONT_END_HELP "\n" OPTIONS_HELP "\n",
	      stream);
	fputs(EXIT_STATUS_HELP "\n", stream);
	fputs(ENVIRONMENT_HELP "\n", stream);
	fputs("Examples:\n"
	      "Check fs/ufs of a kernel tree with the GCC plugin\n"
	      "  slabcheck kbuild -C ~/linux fs/ufs/\n"
	      "\n"
	      "Audit an out-of-tree module with make C=2 and "
	      "slabcheck-sparse\n"
	      "  slabcheck kbuild --sparse -C ~/linux M=$PWD modules\n"
	      "\n"
	      "Report only what a patch adds, marked as the kernel test robot "
	      "does\n"
	      "  slabcheck kbuild -C ~/linux --write-baseline=base.json fs/ "
	      "(before)\n"
	      "  slabcheck kbuild -C ~/linux --baseline=base.json --mark-new "
	      "fs/ (after)\n"
	      "\n"
	      "Each finding is one line, FILE:LINE:COL: warning: MESSAGE "
	      "[RULE-ID]; the\n"
	      "rules, suppressions and reports are described under "
	      "/usr/share/doc/slabcheck.\n",
	      stream);
}

static void print_kbuild_help(FILE *stream)
{
	fputs("Usage: slabcheck kbuild [OPTION]... [--sparse|--clang|"
	      "--clang-tool]\n"
	      "                        [--allow-no-series] [-C KERNEL_DIR] "
	      "[M=DIR]\n"
	      "                        [make arguments]...\n"
	      "Runs make (with -k) in KERNEL_DIR (default: here) with a "
	      "slabcheck front-end\n"
	      "in the build, then checks each module (kbuild's .mod files) "
	      "and each directory\n"
	      "of built-in objects as a whole.  The tree must have the "
	      "static-cache series\n"
	      "(include/linux/slab-static.h): without it there is nothing to "
	      "check, and\n"
	      "slabcheck says so and exits with status 2 before make runs.\n"
	      "\n"
	      "      --allow-no-series         run on a tree without the "
	      "series all the same\n"
	      "\n"
	      "make's own options and arguments (targets, VAR=value, -C, -j, "
	      "-k...) are\n"
	      "passed on; an option of two dashes that is neither ours nor "
	      "GNU make's is\n"
	      "an error.\n"
	      "\n"
	      "The build's own variables are kept, from the command line or "
	      "the environment:\n"
	      "  KCFLAGS=   ours are added after the build's (the GCC or Clang "
	      "plugin)\n"
	      "  LLVM=, CC= --clang adds LLVM=1 only when neither is given; "
	      "with distcc\n"
	      "             (CC=\"distcc gcc\", or ccache with "
	      "CCACHE_PREFIX=distcc) the\n"
	      "             compiler becomes slabcheck-gcc, which loads the "
	      "plugin on the\n"
	      "             helpers, and KCFLAGS gets -fdirectives-only "
	      "-fworking-directory\n"
	      "  O=         the objects are there; --clang-tool reads them "
	      "there\n"
	      "  ARCH=, CROSS_COMPILE=\n"
	      "             passed on; a cross GCC gets the plugin built for "
	      "it\n"
	      "  C=, CF=    --sparse: C=2 unless the build gives C=; our "
	      "options are\n"
	      "             added to CF=\n"
	      "  W=         passed on\n"
	      "KBUILD_MODPOST_WARN=1 is added for M=, or for targets that are "
	      "all\n"
	      "modules by name (fs/ufs/ufs.ko), only while the kernel has no\n"
	      "Module.symvers yet (vmlinux not built).  Every object of the "
	      "targets is\n"
	      "checked: the plugins make kbuild recompile them; "
	      "slabcheck-sparse "
	      "checks them\n"
	      "with C=2; slabcheck-clang reads how the targets' objects were "
	      "compiled from\n"
	      "kbuild's .cmd files, into a database of its own (the tree's "
	      "compile_commands.json\n"
	      "is left alone).\n"
	      "\n" FRONT_END_HELP "\n" OPTIONS_HELP "\n" EXIT_STATUS_HELP,
	      stream);
}

static void print_link_help(FILE *stream)
{
	fputs("Usage: slabcheck link [OPTION]... [--kbuild] FACTS...\n"
	      "Checks the units whose facts files are given (the "
	      "front-ends' facts-dir=\n"
	      "option writes them) as one module, or, with --kbuild, grouped "
	      "as kbuild\n"
	      "groups them: by the .mod files next to their sources, built-in "
	      "units by\n"
	      "directory.\n"
	      "\n" OPTIONS_HELP "\n" EXIT_STATUS_HELP,
	      stream);
}

static void print_convert_help(FILE *stream)
{
	fputs("Usage: slabcheck convert [--no-verify] [--format=diff|sarif] "
	      "FILE.c... -- CFLAGS...\n"
	      "  or:  slabcheck convert kbuild [--no-verify] "
	      "[--format=diff|sarif] [-C KERNEL_DIR]\n"
	      "       [M=DIR] [make arguments]...\n"
	      "Says, for each pointer to a dynamic cache that the files "
	      "define\n"
	      "(static struct kmem_cache *name;), whether it can become a "
	      "static instance\n"
	      "(struct kmem_cache_opaque) and with which setup, or why it "
	      "cannot: one line\n"
	      "each on stderr, FILE:LINE: NAME: converted: ... or refused "
	      "(REASON): ....\n"
	      "On stdout, the unified diff that converts them, for git apply "
	      "or patch -p1\n"
	      "(files named from the current directory: run it from the top "
	      "of the tree).\n"
	      "A global (struct kmem_cache *name; declared extern in a "
	      "header) is decided\n"
	      "over all the files of the run: every other file that names it "
	      "must only pass\n"
	      "its value on, and the header's extern is converted with it; "
	      "the files under\n"
	      "the current directory that the run did not read are read as "
	      "text.\n"
	      "Each file converted is compiled and checked with every rule "
	      "before anything\n"
	      "is printed; a conversion that does not compile or draws a "
	      "finding is taken\n"
	      "back, its reason in the table: no patch proposed adds a "
	      "finding.\n"
	      "--no-verify skips that check, and is about twice as fast "
	      "(--verify, the\n"
	      "default, is still taken).  Files that define no cache pointer "
	      "are said so.\n"
	      "--format=sarif prints instead one SARIF 2.1.0 log: each "
	      "pointer a result at\n"
	      "its definition, a conversion (rule convert) with its edits as "
	      "a fix that\n"
	      "applies on its own, a refusal (rule convert-refused) with its "
	      "reason.\n"
	      "Reads the files with slabcheck-clang, compiled with CFLAGS "
	      "(docs/convert.md).\n"
	      "\n"
	      "convert kbuild runs make in a kernel tree (or for an "
	      "out-of-tree module,\n"
	      "M=DIR) with the targets as given, then converts every C file "
	      "they built,\n"
	      "compiled as kbuild's .cmd files say; the patch names the files "
	      "from the top\n"
	      "of the tree (of the module, for M=), where git apply takes "
	      "it.  make's\n"
	      "output goes to stderr with the table.\n"
	      "\n"
	      "Exit status:\n"
	      "  0  the files were read\n"
	      "  2  trouble: a usage error, a file that did not compile, "
	      "make failed\n",
	      stream);
}

void print_help(enum subcommand subcommand, FILE *stream)
{
	switch (subcommand) {
	case SUBCOMMAND_CONVERT:
		print_convert_help(stream);
		break;
	case SUBCOMMAND_KBUILD:
		print_kbuild_help(stream);
		break;
	case SUBCOMMAND_LINK:
		print_link_help(stream);
		break;
	default:
		print_files_help(stream);
		break;
	}
}

void usage_error(enum subcommand subcommand, const char *message,
		 const char *argument)
{
	static const char *const names[] = {
		[SUBCOMMAND_FILES] = "",
		[SUBCOMMAND_KBUILD] = " kbuild",
		[SUBCOMMAND_LINK] = " link",
		[SUBCOMMAND_CONVERT] = " convert",
	};
	/* The short usage: the command's synopsis, past "Usage: " or
	 * "  or:  ". */
	static const char *const synopses[] = {
		[SUBCOMMAND_FILES] = FILES_SYNOPSIS + 7,
		[SUBCOMMAND_KBUILD] = KBUILD_SYNOPSIS + 7,
		[SUBCOMMAND_LINK] = LINK_SYNOPSIS + 7,
		[SUBCOMMAND_CONVERT] = CONVERT_SYNOPSIS + 7,
	};

	fprintf(stderr, "slabcheck: %s%s%s%s\n", message, argument ? " '" : "",
		argument ? argument : "", argument ? "'" : "");
	fprintf(stderr, "Usage: %s", synopses[subcommand]);
	fprintf(stderr, "Try 'slabcheck%s --help' for more information.\n",
		names[subcommand]);
	exit(EXIT_TROUBLE);
}

void print_version(FILE *stream)
{
	fprintf(stream, "slabcheck " SLABCHECK_VERSION "\n"
			"Checks of static slab caches for Linux kernel code.\n"
			"License GPL-2.0.\n");
}

void list_rules(FILE *stream)
{
	fprintf(stream, "%-24s %-7s %s\n", "RULE", "DEFAULT", "SUMMARY");
	for (int i = 0; i < rule_count(); i++)
		fprintf(stream, "%-24s %-7s %s\n", rule_id(i), "on",
			rule_summary(i));
}

const char *rule_help(const char *id)
{
	for (const struct rule_text *rule = rule_texts; rule->id; rule++)
		if (!strcmp(rule->id, id))
			return rule->text;
	return NULL;
}

/*
 * As git pages: through $PAGER, "less -FRX" when it is not set (one
 * screen or less is printed as it is), none when it is empty or "cat".
 * LESS=FRX when it is not set, so that a PAGER=less shows the attributes.
 * A pager that cannot be started leaves the text to stdout.
 */
static void page(const char *text, size_t size)
{
	const char *pager = getenv("PAGER");
	FILE *pipe;
	int status;

	if (!pager)
		pager = "less -FRX";
	if (!*pager || !strcmp(pager, "cat")) {
		fwrite(text, 1, size, stdout);
		return;
	}
	setenv("LESS", "FRX", 0);
	setenv("LV", "-c", 0);
	fflush(stdout);
	/* The reader may quit before the end: that is no error. */
	signal(SIGPIPE, SIG_IGN);
	pipe = popen(pager, "w");
	if (!pipe) {
		fwrite(text, 1, size, stdout);
		return;
	}
	fwrite(text, 1, size, pipe);
	status = pclose(pipe);
	/* 127: the shell found no such command. */
	if (status == -1 || (WIFEXITED(status) && WEXITSTATUS(status) == 127))
		fwrite(text, 1, size, stdout);
}

int explain_rule(const char *id, FILE *stream)
{
	const char *text = rule_help(id);
	const char *term = getenv("TERM"), *no_color = getenv("NO_COLOR");
	struct markdown_output how = { MARKDOWN_PLAIN, installed_docs(), 0 };
	bool terminal = stream == stdout && isatty(STDOUT_FILENO);
	char *rendered = NULL;
	size_t size = 0;
	FILE *memory;

	if (!text)
		return -1;
	if (!terminal) {
		markdown_render(text, &how, stream);
		return 0;
	}
	/* Attributes for a terminal that shows them, unless told not to. */
	if ((!term || strcmp(term, "dumb")) && !(no_color && *no_color))
		how.style = MARKDOWN_TERMINAL;
	memory = open_memstream(&rendered, &size);
	if (!memory)
		return -1;
	markdown_render(text, &how, memory);
	fclose(memory);
	page(rendered, size);
	free(rendered);
	return 0;
}

/* --version, --list-rules, --explain: answered at once. */
bool information_option(int argc, char **argv, int *i)
{
	const char *rule = NULL;

	if (!strcmp(argv[*i], "--version")) {
		print_version(stdout);
		exit(EXIT_CLEAN);
	}
	if (!strcmp(argv[*i], "--list-rules")) {
		list_rules(stdout);
		exit(EXIT_CLEAN);
	}
	if (!strncmp(argv[*i], "--explain=", 10))
		rule = argv[*i] + 10;
	else if (!strcmp(argv[*i], "--explain") && *i + 1 < argc)
		rule = argv[++*i];
	else if (!strcmp(argv[*i], "--explain"))
		usage_error(SUBCOMMAND_FILES, "--explain needs a rule", NULL);
	if (!rule)
		return false;
	if (explain_rule(rule, stdout)) {
		fprintf(stderr,
			"slabcheck: unknown rule '%s' (slabcheck "
			"--list-rules lists them)\n",
			rule);
		exit(EXIT_TROUBLE);
	}
	exit(EXIT_CLEAN);
}
