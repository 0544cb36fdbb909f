// RUN: %check --module -DMODULE %s %S/Inputs/same-static-names.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/same-static-names.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Two files of a module each have a static cleanup(); module exit calls this
// file's, which destroys the cache.  The link keeps them apart: in the twin
// this file's cleanup() forgets the destroy, and the other file's, which
// does destroy it, must not be taken for it.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct xfrm_state_min {
	struct list_head	all;
	u32			seq;
	u8			dir;
};

struct kmem_cache_opaque xfrm_state_cache;
#define xfrm_state_cachep to_kmem_cache(&xfrm_state_cache)

static void cleanup(void)
{
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(xfrm_state_cachep);
#endif
}

static int __init xfrm_init(void)
{
	// TWIN: {{.*}}same-static-names.c:[[@LINE+2]]:9: warning: static cache 'xfrm_state_cache' is not destroyed on every path out of module exit 'xfrm_exit' [kmem-module-leak]
	//
	return kmem_cache_setup(xfrm_state_cachep, "xfrm_state",
				sizeof(struct xfrm_state_min), 0,
				SLAB_HWCACHE_ALIGN, NULL);
}
module_init(xfrm_init);

static void __exit xfrm_exit(void)
{
	cleanup();
}
module_exit(xfrm_exit);
MODULE_LICENSE("GPL");
