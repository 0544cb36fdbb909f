// SPDX-License-Identifier: GPL-2.0
/*
 * slabcheck-sparse: the sparse front-end of slabcheck, a drop-in for the
 * kernel's CHECK=.
 *
 * It is stock sparse 0.6.4 (Debian's sparse.c, linked from the sparse build
 * with its main() renamed, and libsparse) plus the rules of the slabcheck
 * core: it takes every argument sparse takes, prints sparse's own warnings
 * as stock sparse does, then one line per finding of ours:
 *   FILE:LINE:COL: warning: MESSAGE [RULE-ID]
 * and exits as sparse does (0), unless --slabcheck-werror is given and
 * there are findings.
 *
 * Usage:
 *   make C=1 CHECK=slabcheck-sparse [CF="--slabcheck-KEY[=VALUE] ..."]
 *   slabcheck-sparse [--slabcheck-KEY[=VALUE]...] [sparse options] FILE.c
 * Options (KEY), the core's option set:
 *   disable=RULE[,RULE...]  turn rules off
 *   werror                  findings are errors, and fail the run (exit 1)
 *   strict-size             any object size difference is a finding
 *   exempt=PATH[,PATH...]   files under these paths may use mm/ internals
 *   findings-dir=DIR        write the findings as JSON into a new file in
 *                           DIR instead of printing them (slabcheck does)
 *   facts-dir=DIR           also write the unit's facts into a new file in
 *                           DIR, for the link step (slabcheck link)
 *   verify, dump-model, debug
 * and one of its own:
 *   no-sparse-warnings      sparse's own warnings off (its errors stay),
 *                           for builds that run stock sparse as well
 *
 * The analysis runs when sparse has linearized a file and run its own
 * checks on it: sparse.c's calls of sparse() and report_stats() are wrapped
 * at link time (ld --wrap) to find that moment; parse.c's bind_symbol()
 * to keep the alias and section attributes sparse drops, and every macro
 * definition; clear_token_alloc(), to read macro bodies before sparse
 * frees them; and optimize(),
 * so that the markers sparse leaves for inlined calls keep their operands
 * through its rewrites.
 */
#include "sparse-compat.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "macros.h"
#include "translate.h"
/* sparse's own: what stock sparse --version prints. */
#include "version.h"

#define OPTION_PREFIX "--slabcheck-"
/* What tells annotated headers that slabcheck-sparse reads them. */
#define SLABCHECK_DEFINE "-D__SLABCHECK__"
#define NO_SPARSE_WARNINGS "no-sparse-warnings"

static struct slabcheck_options options;
static size_t errors_printed;
static bool attributes_ready;

/* The file sparse() parsed last, still to analyze. */
static char *pending_file;
static struct symbol_list *pending_symbols;

/* Also the source of slabcheck-sparse(1), through help2man. */
static void usage(FILE *stream)
{
	fprintf(stream,
		"Usage: slabcheck-sparse [" OPTION_PREFIX
		"KEY[=VALUE]...] [sparse options] FILE.c...\n"
		"Sparse 0.6.4 with the rules of slabcheck: a drop-in for the "
		"kernel's checker,\n"
		"  make C=1 CHECK=slabcheck-sparse [CF=\"" OPTION_PREFIX
		"KEY[=VALUE]...\"]\n"
		"It prints sparse's own warnings exactly as stock sparse does, "
		"then one line\n"
		"per finding, FILE:LINE:COL: warning: MESSAGE [RULE-ID].\n"
		"\n"
		"Options:\n");
	options_print(stream, OPTION_PREFIX);
	fprintf(stream, "%-38s%s\n", "  " OPTION_PREFIX NO_SPARSE_WARNINGS,
		"sparse's own warnings off (its errors stay)");
	fprintf(stream, "%-38s%s\n", "  --help", "this help");
	fprintf(stream, "%-38s%s\n", "  --version",
		"the versions of slabcheck and of sparse");
	fprintf(stream,
		"Every other argument is sparse's.\n"
		"\n"
		"Exit status:\n"
		"As sparse's: 0 even with warnings and findings, so that a "
		"kernel build goes\n"
		"on; with " OPTION_PREFIX
		"werror, 1 when there are findings.  The slabcheck\n"
		"command (slabcheck --sparse, slabcheck kbuild --sparse) "
		"collects the findings\n"
		"and gives its own exit status.\n");
}

/* A file of its own in the directory, for tools that collect findings. */
static void analyze(const char *file, struct symbol_list *symbols)
{
	struct translation_unit tu;
	struct report report;
	char *directory = getcwd(NULL, 0);
	size_t reported;

	tu_init(&tu, file);
	report_init(&report);
	translate_unit(&tu, symbols);
	slabcheck_run(&tu, &options, &report, stderr);
	/* Printed, or written as files where the options say (emit.c). */
	if (!directory || slabcheck_emit(&tu, &options, &report, directory,
					 stderr, &reported)) {
		fprintf(stderr, "slabcheck-sparse: cannot write the results of "
				"slabcheck\n");
		exit(1);
	}
	/* What werror fails on: the findings no suppression silenced. */
	errors_printed += options.werror ? reported : 0;
	free(directory);
	report_release(&report);
	tu_release(&tu);
}

/* sparse.c linearizes a file's symbols after sparse() returns them. */
static void analyze_pending(void)
{
	if (!pending_file)
		return;
	fflush(stdout);
	analyze(pending_file, pending_symbols);
	attributes_release();
	free(pending_file);
	pending_file = NULL;
	pending_symbols = NULL;
}

struct symbol_list *__wrap_sparse(char *filename);
struct symbol_list *__wrap_sparse(char *filename)
{
	struct symbol_list *symbols;

	analyze_pending();
	if (!attributes_ready) {
		attributes_install();
		attributes_ready = true;
	}
	symbols = __real_sparse(filename);
	translate_prepare(symbols);
	pending_file = strdup(filename);
	pending_symbols = symbols;
	return symbols;
}

void __wrap_report_stats(void);
void __wrap_report_stats(void)
{
	analyze_pending();
	__real_report_stats();
}

void __wrap_clear_token_alloc(void);
void __wrap_clear_token_alloc(void)
{
	macros_read_bodies();
	__real_clear_token_alloc();
}

void __wrap_optimize(struct entrypoint *ep);
void __wrap_optimize(struct entrypoint *ep)
{
	markers_track(ep);
	__real_optimize(ep);
}

void __wrap_bind_symbol(struct symbol *sym, struct ident *ident,
			enum namespace ns);
void __wrap_bind_symbol(struct symbol *sym, struct ident *ident,
			enum namespace ns)
{
	attributes_bound(sym, ident, ns);
	__real_bind_symbol(sym, ident, ns);
}

/*
 * Takes our options out of argv, in place; the rest is sparse's.  Returns
 * the new argc, or -1 when an option is wrong.
 */
static int take_options(int argc, char **argv, bool *quiet)
{
	int kept = 1;

	for (int i = 1; i < argc; i++) {
		char *key, *value, error[256];

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			exit(0);
		}
		if (!strcmp(argv[i], "--version")) {
			printf("slabcheck-sparse " SLABCHECK_VERSION
			       " (sparse " SPARSE_VERSION ")\n");
			exit(0);
		}
		if (strncmp(argv[i], OPTION_PREFIX, strlen(OPTION_PREFIX))) {
			argv[kept++] = argv[i];
			continue;
		}
		key = argv[i] + strlen(OPTION_PREFIX);
		if (!strcmp(key, NO_SPARSE_WARNINGS)) {
			*quiet = true;
			continue;
		}
		value = strchr(key, '=');
		if (value)
			*value++ = '\0';
		if (options_parse(&options, key, value, error, sizeof(error))) {
			fprintf(stderr,
				"slabcheck-sparse: error: %s (options: %s)\n",
				error, slabcheck_option_help);
			return -1;
		}
	}
	return kept;
}

int main(int argc, char **argv)
{
	char **sparse_argv = calloc((size_t)argc + 3, sizeof(char *));
	bool quiet = false;
	int sparse_argc, status;

	if (!sparse_argv)
		return 1;
	memcpy(sparse_argv, argv, (size_t)argc * sizeof(char *));
	options_init(&options);
	sparse_argc = take_options(argc, sparse_argv, &quiet);
	if (sparse_argc < 0)
		return 1;
	/*
	 * Headers annotated for stock sparse (sparse-annotations/) keep their
	 * plain form for us.  After the build's own -fmax-warnings=, if any:
	 * the last one wins.
	 */
	sparse_argv[sparse_argc++] = SLABCHECK_DEFINE;
	if (quiet)
		sparse_argv[sparse_argc++] = SPARSE_NO_WARNINGS_OPTION;
	/* Sparse reads its arguments up to a NULL, not up to argc. */
	sparse_argv[sparse_argc] = NULL;
	status = sparse_program_main(sparse_argc, sparse_argv);
	free(sparse_argv);
	if (errors_printed)
		return 1;
	return status;
}
