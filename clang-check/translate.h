/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Clang's view of a unit, described to the core: the one translator both
 * Clang front-ends (the plugin and slabcheck-clang) share.
 */
#ifndef SLABCHECK_CLANG_TRANSLATE_H
#define SLABCHECK_CLANG_TRANSLATE_H

#include "clang-compat.h"

extern "C" {
#include "model.h"
}

/*
 * Describes the parsed unit to the core: types, enumerators, macros,
 * aliases, storage, every function's callees, then the bodies the core
 * wants (model_select()).  Reads the AST and never changes it.
 */
void translate_unit(clang::ASTContext &context,
		    clang::Preprocessor &preprocessor,
		    struct translation_unit *tu);

#endif
