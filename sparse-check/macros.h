/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which followed macros (model_macro_followed()) a macro expands to.
 * Sparse places every token of an expansion at the outermost macro's name
 * and keeps no record of the macros in between, and it frees macro bodies
 * once a file is parsed: before that, each macro's body is read for the
 * followed macros it reaches, directly or through other macros.
 */
#ifndef SLABCHECK_SPARSE_MACROS_H
#define SLABCHECK_SPARSE_MACROS_H

#include "sparse-compat.h"

/* parse.c's pre-processor binds every #define here. */
void macros_defined(struct symbol *macro);
/* Before sparse frees the tokens of a parsed file. */
void macros_read_bodies(void);
/* The macro defined under this name, or NULL. */
struct symbol *macro_named(const char *name);
/*
 * The followed macros a macro reaches in its expansion (itself included
 * when followed), in *names; their count.
 */
size_t macros_reached(const char *name, const char *const **names);
/*
 * The spelling of a macro's body read by macros_read_bodies(), for the
 * core's followed macros (model_followed_macros) whose body is one number:
 * "12" for CONFIG_PAGE_SHIFT; NULL otherwise.
 */
const char *macro_number(const char *name);
void macros_release(void);

#endif
