// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak: two setups tested in one condition, the way drivers
// write `if (unlikely(!a || !b))`, and a fallback setup with other flags
// tried when the first fails.  GCC branches on each setup; sparse and
// Clang first join the outcomes (1 where the left side decided, !b where
// the right side ran) and then test the join: the lowering gives each
// side of the join its own test again (core/lowering/lower_branch.c,
// lower_outcome_phis), or the walk would see the failure path with the
// second cache set up.  Correct as it is; the twin's failure path forgets
// the first cache, which stays set up when the second fails.
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct pkt_entry {
	unsigned long	seq;
	void		*payload;
};

struct frag_entry {
	unsigned long	seq;
	unsigned int	offset;
};

struct ring_entry {
	unsigned long	head;
};

static struct kmem_cache_opaque pkt_cache;
#define pkt_cachep to_kmem_cache(&pkt_cache)
static struct kmem_cache_opaque frag_cache;
#define frag_cachep to_kmem_cache(&frag_cache)
static struct kmem_cache_opaque ring_cache;
#define ring_cachep to_kmem_cache(&ring_cache)

static int __init pkt_init(void)
{
	if (unlikely(!KMEM_CACHE_SETUP(pkt_cachep, pkt_entry,
				       SLAB_HWCACHE_ALIGN) ||
		     !KMEM_CACHE_SETUP(frag_cachep, frag_entry, 0))) {
#ifndef SLABCHECK_TWIN
		kmem_cache_destroy(pkt_cachep);
#endif
		return -ENOMEM;
	}
	/* Accounted if the memory cgroup allows it, else not. */
	if (!KMEM_CACHE_SETUP(ring_cachep, ring_entry, SLAB_ACCOUNT) &&
	    !KMEM_CACHE_SETUP(ring_cachep, ring_entry, 0)) {
		kmem_cache_destroy(frag_cachep);
		kmem_cache_destroy(pkt_cachep);
		return -ENOMEM;
	}
	return 0;
}
// TWIN: setups-in-one-condition.c:[[#@LINE-17]]:6: warning: static cache 'pkt_cache' stays set up when module init 'pkt_init' fails [kmem-module-leak]
//

static void __exit pkt_exit(void)
{
	kmem_cache_destroy(ring_cachep);
	kmem_cache_destroy(frag_cachep);
	kmem_cache_destroy(pkt_cachep);
}

module_init(pkt_init);
module_exit(pkt_exit);
MODULE_LICENSE("GPL");
