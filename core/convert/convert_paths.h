/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reasons a conversion is refused that need paths rather than uses:
 * init's unwinding destroying a cache that may never have been created
 * (kmem_cache_destroy(NULL) does nothing, but a static instance is never
 * NULL), and a cache destroyed and created again (an instance is set up
 * once).  Asked of the path engine, with each pointer convert_decide()
 * accepted followed as if it were converted (core/lowering/lower_what_if.c);
 * on the same model, a creation that may fail and that nothing tests (its
 * setup's failure would go unseen), and one that may fail where another
 * file runs its creation and its destroy (their unwinding is not seen).
 */
#ifndef SLABCHECK_CONVERT_PATHS_H
#define SLABCHECK_CONVERT_PATHS_H

#include "candidates.h"

/*
 * Walks the unit's init code from each of its entries (module init, and
 * the __init functions nothing in the unit calls) and refuses the
 * accepted conversions a path shows wrong.  Lowers the unit: call it once,
 * after convert_decide(), on a unit nothing else lowers.
 */
void convert_check_paths(struct translation_unit *tu,
			 struct conversion *conversions, size_t count);

#endif
