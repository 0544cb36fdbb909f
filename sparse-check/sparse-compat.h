/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every sparse header slabcheck-sparse needs, and every difference between
 * sparse versions: no other file of the front-end tests a sparse version.
 * Built and tested with Debian's sparse 0.6.4 (0.6.4-3), whose source
 * package scripts/build-sparse.sh builds; CMake refuses any other version
 * (SLABCHECK_SPARSE_0_6_4 below).  Sparse keeps its library API unstable
 * between releases, so a new version starts here.
 */
#ifndef SLABCHECK_SPARSE_COMPAT_H
#define SLABCHECK_SPARSE_COMPAT_H

#ifndef SLABCHECK_SPARSE_0_6_4
#error "slabcheck-sparse is built against sparse 0.6.4 (scripts/build-sparse.sh)"
#endif

/* The core's names (model_instruction, BINARY_ADD) are not sparse's. */
#include "model.h"
#include "report.h"
#include "slabcheck.h"

#include "expression.h"
#include "lib.h"
#include "linearize.h"
#include "options.h"
#include "parse.h"
#include "scope.h"
#include "symbol.h"
#include "token.h"

/*
 * Debian's sparse.c, built by scripts/build-sparse.sh with main() renamed:
 * stock sparse's option handling, parsing, linearization and the checks
 * its program runs after linearizing (context imbalance, casts, memcpy
 * sizes), unchanged.
 */
int sparse_program_main(int argc, char **argv);

/*
 * The library functions slabcheck-sparse wraps (ld --wrap): sparse.c calls
 * sparse() once per file and report_stats() at the end; parse.c binds
 * every declared symbol with bind_symbol(); linearize.c optimizes each
 * function with optimize().
 */
struct symbol_list *__real_sparse(char *filename);
void __real_report_stats(void);
void __real_optimize(struct entrypoint *ep);
void __real_clear_token_alloc(void);
void __real_bind_symbol(struct symbol *sym, struct ident *ident,
			enum namespace ns);

/* The option that silences sparse's own warnings, not its errors. */
#define SPARSE_NO_WARNINGS_OPTION "-fmax-warnings=0"

/*
 * Sparse's tokenizer counts columns from 1 with tabs expanded to the next
 * multiple of 'tabstop' (-ftabstop=, 8 by default).
 */
#define SPARSE_TABSTOP (tabstop ? tabstop : 8)

/* The opcodes that only convert a value (operands see through them). */
static inline int sparse_is_conversion(int opcode)
{
	switch (opcode) {
	case OP_TRUNC:
	case OP_ZEXT:
	case OP_SEXT:
	case OP_UTPTR:
	case OP_PTRTU:
	case OP_PTRCAST:
	case OP_COPY:
		return 1;
	default:
		return 0;
	}
}

#endif
