// RUN: %check %S/Inputs/staging/legacy/ion.c | %filecheck --allow-empty --check-prefix=OFF %s
// RUN: %check %S/Inputs/staging/legacy/keep/ion.c | %filecheck --check-prefix=ON %s
// RUN: %check %S/Inputs/staging/legacy/mm-glue/glue.c | %filecheck --allow-empty --check-prefix=EXEMPT %s
// RUN: %check %s | %filecheck --check-prefix=TWIN %s
// OFF-NOT: warning
// EXEMPT-NOT: warning
//
// The configuration file Inputs/staging/.slabcheck, found by walking up
// from the checked file: kmem-resetup is off under legacy/ and back on
// under legacy/keep/ (the longest path wins), and legacy/mm-glue/ is
// exempt from kmem-internal-flag, as the exempt= option makes a path.
// This file, outside that tree, gets both findings (the twin).
#include <linux/init.h>
#include "Inputs/resetup-twice.h"

void __init ion_glue_init(void)
{
	kmem_cache_setup(ion_cachep, "ion", sizeof(struct ion_buffer_min), 0,
			 SLAB_PANIC | SLAB_PREALLOCATED, NULL);
	// TWIN: {{.*}}config.c:[[@LINE-2]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	kmem_cache_setup(ion_cachep, "ion", sizeof(struct ion_buffer_min), 0,
			 SLAB_PANIC, NULL);
	// TWIN: {{.*}}config.c:[[@LINE-2]]:2: warning: static cache 'ion_cache' may already be set up on this path [kmem-resetup]
}
// ON: {{.*}}keep/ion.c:6:2: warning: static cache 'ion_cache' may already be set up on this path [kmem-resetup]
