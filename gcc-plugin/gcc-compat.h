/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every GCC header the plugin needs, in the order GCC wants them, and every
 * difference between GCC versions: no other file of the plugin tests a
 * GCC version.  Built and tested with GCC 11 and GCC 12 (Debian 12 has both;
 * scripts/test.sh runs the lit suite and the object identity check with
 * each), which need no difference of their own so far.
 */
#ifndef SLABCHECK_GCC_COMPAT_H
#define SLABCHECK_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"

#include "tree.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "tree-pass.h"
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "tree-cfg.h"
#include "gimple-ssa.h"
#include "tree-phinodes.h"
#include "tree-ssa-operands.h"
#include "ssa-iterators.h"
#include "stringpool.h"
#include "value-range.h"
#include "tree-ssanames.h"
#include "tree-dfa.h"
#include "cgraph.h"
#include "attribs.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "cpplib.h"
#include "c-family/c-pragma.h"
#include "toplev.h"

#if GCCPLUGIN_VERSION_MAJOR < 10 || GCCPLUGIN_VERSION_MAJOR > 14
#error "slabcheck's GCC plugin supports GCC 10 to 14"
#endif

/*
 * Findings printed as errors (werror) must fail the compilation like GCC's
 * own errors do, without a second message: count them as GCC's errors.
 */
static inline void count_errors(size_t count)
{
	errorcount += (int)count;
}

/* The pass runs once all functions are in SSA form, before any inlining. */
#define SLABCHECK_REFERENCE_PASS "build_ssa_passes"

#endif
