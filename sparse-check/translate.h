/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLABCHECK_SPARSE_TRANSLATE_H
#define SLABCHECK_SPARSE_TRANSLATE_H

#include "sparse-compat.h"

/* Before the first file is parsed: keep what sparse would drop. */
void attributes_install(void);
/* Called for every symbol parse.c binds, before sparse binds it. */
void attributes_bound(struct symbol *sym, struct ident *ident,
		      enum namespace ns);
/* Once a unit is translated: forget what parsing kept for it. */
void attributes_release(void);

/* Once a file is parsed, before sparse linearizes it: its functions. */
void translate_prepare(struct symbol_list *symbols);
/*
 * Before sparse optimizes a function: keep its inlined calls' operands, and
 * tell the caller's code from the inlined bodies.
 */
void markers_track(struct entrypoint *ep);

/* Describes a linearized file to the core, then the bodies it wants. */
void translate_unit(struct translation_unit *tu, struct symbol_list *symbols);

#endif
