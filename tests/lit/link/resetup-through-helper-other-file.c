// RUN: %check --module -DMODULE %s %S/Inputs/pool-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/pool-cache.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup across files: a helper of the other file sets the extern
// instance up; this file's resize destroys the instance and calls the
// helper to set it up anew (destroy -> setup through the helper), which
// the series does not allow.  The destroy shows the cache was set up
// before, whichever function did it; only the whole module sees that the
// helper sets it up.  The look-alike resize keeps the cache and shrinks
// it; the twin's destroys it and sets it up again.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

extern struct kmem_cache_opaque pool_cache;
#define pool_cachep to_kmem_cache(&pool_cache)

int pool_cache_init(void);

int pool_resize(void)
{
#ifdef SLABCHECK_TWIN
	kmem_cache_destroy(pool_cachep);
	// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'pool_cache' may already be set up on this path (set up again in 'pool_cache_init') [kmem-resetup]
	return pool_cache_init();
#else
	return kmem_cache_shrink(pool_cachep);
#endif
}

static int __init pool_init(void)
{
	return pool_cache_init();
}

static void __exit pool_exit(void)
{
	kmem_cache_destroy(pool_cachep);
}
module_init(pool_init);
module_exit(pool_exit);
