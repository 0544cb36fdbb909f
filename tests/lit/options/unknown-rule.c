// RUN: not %check --disable=kmem-bogus %s 2>&1 | %filecheck --check-prefix=ERR %s
// RUN: not %check --disable=kmem-storage,kmem-bogus %s 2>&1 | %filecheck --check-prefix=ERR %s
//
// An unknown rule name is an error, alone or inside a list of good ones;
// nothing is silently ignored.
// ERR: error: {{.*}}unknown rule 'kmem-bogus'
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

static struct kmem_cache_opaque misc_cache;

void __init misc_cache_init(void)
{
	kmem_cache_setup(to_kmem_cache(&misc_cache), "misc", 64, 0,
			 SLAB_PANIC, NULL);
}
