/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SLABCHECK_CLANG_GCC_FLAGS_H
#define SLABCHECK_CLANG_GCC_FLAGS_H

#include "clang/Tooling/ArgumentsAdjusters.h"

/*
 * Makes a compile command of a GCC build (or of a Clang build) one that
 * slabcheck-clang's Clang accepts: drops or maps the flags only GCC knows,
 * turns compiler warnings off (the tool reports findings, and a warning
 * under the kernel's -Werror would stop the unit), and points Clang at its
 * own builtin headers.
 */
clang::tooling::ArgumentsAdjuster gcc_flags_adjuster(const char *resource_dir);

#endif
