// The other file of ../same-static-names.c: it has a static cleanup() of its
// own, which destroys the shared cache for a reset path module exit never
// takes.
#include <linux/slab.h>
#include <linux/slab-static.h>

extern struct kmem_cache_opaque xfrm_state_cache;
#define xfrm_state_cachep to_kmem_cache(&xfrm_state_cache)

static void cleanup(void)
{
	kmem_cache_destroy(xfrm_state_cachep);
}

void xfrm_state_reset(void)
{
	cleanup();
}
