// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// kmem-internal-flag: a setup macro written inside another macro's
// argument, as in `if (unlikely(!KMEM_CACHE_SETUP(...)))` (what `slabcheck
// convert` writes for a creation tested with unlikely()), fills
// .preallocated and .owner itself: silent.  The twin writes the compound
// literal by hand inside the same unlikely(): that one fires.
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct pkt_entry {
	unsigned long	seq;
	void		*payload;
};

static struct kmem_cache_opaque pkt_cache;
#define pkt_cachep to_kmem_cache(&pkt_cache)
static struct kmem_cache_opaque frag_cache;
#define frag_cachep to_kmem_cache(&frag_cache)

static int __init pkt_init(void)
{
	if (unlikely(!KMEM_CACHE_SETUP(pkt_cachep, pkt_entry,
				       SLAB_HWCACHE_ALIGN))) {
		pr_err("pkt: no cache\n");
		return -ENOMEM;
	}
#ifdef SLABCHECK_TWIN
	if (unlikely(!__kmem_cache_create_args("pkt_frag", 64,
			&(struct kmem_cache_args){ .preallocated = frag_cachep },
			0))) {
#else
	if (unlikely(!__KMEM_CACHE_SETUP(frag_cachep, "pkt_frag", 64, 0))) {
#endif
		kmem_cache_destroy(pkt_cachep);
		return -ENOMEM;
	}
	return 0;
}
// CHECK-NOT: [kmem-
// TWIN: setup-in-macro-argument.c:[[#@LINE-12]]:6: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]

static void __exit pkt_exit(void)
{
	kmem_cache_destroy(frag_cachep);
	kmem_cache_destroy(pkt_cachep);
}

module_init(pkt_init);
module_exit(pkt_exit);
MODULE_LICENSE("GPL");
