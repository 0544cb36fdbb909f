// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_INLINE_HELPER %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_INLINE_HELPER -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: the test of module state is in a helper.
// The offload cache is optional: init sets it up only when
// ublk_offload_enabled() says so, and exit destroys it under the same
// helper.  The helper computes its answer from module state alone (two
// parameters) and does nothing else, so a branch on it is a branch on that state: the exit
// that skips the destroy is no leak, as with the test written out.  With
// -DSLABCHECK_INLINE_HELPER the helper is a one-line static inline, which
// sparse inlines.  The twin's exit forgets the request cache, which is
// not optional: that leak is found.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define UBLK_F_OFFLOAD		0x4
#define UBLK_F_DEFAULT		0x5

struct ublk_req {
	void		*rq;
	unsigned int	tag;
	int		result;
};

struct ublk_offload_desc {
	u64		addr;
	u32		len;
	u32		flags;
};

static bool offload = true;
module_param(offload, bool, 0444);
static unsigned int ublk_features = UBLK_F_DEFAULT;
module_param(ublk_features, uint, 0444);

static struct kmem_cache_opaque ublk_req_cache;
#define ublk_req_cachep to_kmem_cache(&ublk_req_cache)
static struct kmem_cache_opaque ublk_offload_cache;
#define ublk_offload_cachep to_kmem_cache(&ublk_offload_cache)

int ublk_register_chrdev(void);
void ublk_unregister_chrdev(void);

#ifdef SLABCHECK_INLINE_HELPER
static inline bool ublk_offload_enabled(void)
{
	return offload && (ublk_features & UBLK_F_OFFLOAD);
}
#else
static bool ublk_offload_enabled(void)
{
	if (!offload)
		return false;
	return ublk_features & UBLK_F_OFFLOAD;
}
#endif

static int __init ublk_init(void)
{
	int ret;

	// TWIN: {{.*}}state-reader-guarded.c:[[@LINE+2]]:7: warning: static cache 'ublk_req_cache' is not destroyed on every path out of module exit 'ublk_exit' [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(ublk_req_cachep, ublk_req, 0))
		return -ENOMEM;
	if (ublk_offload_enabled() &&
	    !KMEM_CACHE_SETUP(ublk_offload_cachep, ublk_offload_desc, 0)) {
		ret = -ENOMEM;
		goto out_req;
	}
	ret = ublk_register_chrdev();
	if (ret)
		goto out_offload;
	return 0;

out_offload:
	if (ublk_offload_enabled())
		kmem_cache_destroy(ublk_offload_cachep);
out_req:
	kmem_cache_destroy(ublk_req_cachep);
	return ret;
}

static void __exit ublk_exit(void)
{
	ublk_unregister_chrdev();
	if (ublk_offload_enabled())
		kmem_cache_destroy(ublk_offload_cachep);
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(ublk_req_cachep);
#endif
}

module_init(ublk_init);
module_exit(ublk_exit);
MODULE_LICENSE("GPL");
