// RUN: %check %S/Inputs/misspelt/ion.c | %filecheck --check-prefix=BROKEN %s
//
// A configuration file with a mistake turns nothing off (the findings
// stay) and is reported once, however many findings it was asked about:
// two setups again give two kmem-resetup findings and one report of the
// file.  This file, outside that tree, has no configuration: its twin
// finding shows the file's own check works.
// RUN: %check %s | %filecheck --allow-empty --check-prefix=CLEAN %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CLEAN-NOT: warning
// BROKEN: .slabcheck:0:0: warning: configuration file: {{.*}}.slabcheck:2: unknown rule [slabcheck-suppression]
// BROKEN-NOT: configuration file
// BROKEN: misspelt/ion.c:6:2: warning: static cache 'ion_cache' may already be set up on this path [kmem-resetup]
// BROKEN-NOT: configuration file
// BROKEN: misspelt/ion.c:7:2: warning: static cache 'ion_cache' may already be set up on this path [kmem-resetup]
// BROKEN-NOT: configuration file
#include <linux/init.h>
#include "Inputs/resetup-twice.h"

void __init ion_glue_init(void)
{
	KMEM_CACHE_SETUP(ion_cachep, ion_buffer_min, SLAB_PANIC);
#ifdef SLABCHECK_TWIN
	KMEM_CACHE_SETUP(ion_cachep, ion_buffer_min, SLAB_PANIC);
	// TWIN: {{.*}}config-broken.c:[[@LINE-1]]:2: warning: static cache 'ion_cache' may already be set up on this path [kmem-resetup]
#endif
}
