/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `slabcheck convert`'s description of a parsed unit: its pointers to
 * dynamic caches and their uses (core/model/cache_pointer.h), added to a
 * unit translate_unit() already described.
 */
#ifndef SLABCHECK_CLANG_DESCRIBE_POINTERS_H
#define SLABCHECK_CLANG_DESCRIBE_POINTERS_H

#include "clang-compat.h"

extern "C" {
#include "model.h"
}

void describe_cache_pointers(clang::ASTContext &context,
			     struct translation_unit *tu);

#endif
