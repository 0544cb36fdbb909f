// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-internal-flag look-alikes: .preallocated and .owner are written by
// the setup helpers and macros of <linux/slab-static.h> (also behind a
// subsystem's own macro), which is how they are meant to be set.  Reading
// them is fine, and so is a different structure that happens to have
// members with the same names.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct page_pool_params {
	unsigned int		order;
	unsigned int		pool_size;
	int			nid;
	void			*preallocated;	/* pages handed in by the driver */
	struct kobject		*owner;
};

struct xdp_frame_ext {
	void			*data;
	u16			len;
	u16			headroom;
	u32			metasize;
	u32			frame_sz;
	u32			flags;
};

struct xdp_mem_alloc {
	struct list_head	list;
	u32			mem_id;
	u32			mem_type;
	void			*allocator;
};

struct xdp_bulk {
	u32			count;
	void			*q[16];
};

static struct kmem_cache_opaque xdp_frame_cache;
#define xdp_frame_cachep to_kmem_cache(&xdp_frame_cache)
static struct kmem_cache_opaque xdp_mem_cache;
#define xdp_mem_cachep to_kmem_cache(&xdp_mem_cache)
static struct kmem_cache_opaque xdp_bulk_cache;
#define xdp_bulk_cachep to_kmem_cache(&xdp_bulk_cache)
static struct kmem_cache_opaque xdp_scratch_cache;
#define xdp_scratch_cachep to_kmem_cache(&xdp_scratch_cache)

#define XDP_CACHE_SETUP(s, type) \
	KMEM_CACHE_SETUP(s, type, SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT)

static struct page_pool_params xdp_pool_params = {
	.order		= 0,
	.pool_size	= 256,
	.nid		= NUMA_NO_NODE,
	.preallocated	= NULL,
	.owner		= &THIS_MODULE->mkobj.kobj,
};

int page_pool_create_params(struct page_pool_params *params);

bool xdp_args_are_static(const struct kmem_cache_args *args)
{
	return args->preallocated != NULL && args->owner == THIS_MODULE_KOBJ;
}

int __init xdp_caches_init(void)
{
	struct page_pool_params params = xdp_pool_params;
	int err;

	params.preallocated = NULL;
	params.owner = NULL;
	err = page_pool_create_params(&params);
	if (err)
		return err;

	err = kmem_cache_setup(xdp_frame_cachep, "xdp_frame",
			       sizeof(struct xdp_frame_ext), 0, 0, NULL);
	if (err)
		return err;

	if (!XDP_CACHE_SETUP(xdp_mem_cachep, xdp_mem_alloc)) {
		err = -ENOMEM;
		goto out_frame;
	}

#ifdef SLABCHECK_TWIN
	/* Open-coded: the args skip the .owner the helpers pass. */
	if (!__kmem_cache_create_args("xdp_bulk", sizeof(struct xdp_bulk),
				      &(struct kmem_cache_args){
					      // TWIN: {{.*}}[[@LINE+1]]:28: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
					      .preallocated = xdp_bulk_cachep,
					      .align = 64,
				      }, 0)) {
#else
	if (!__KMEM_CACHE_SETUP(xdp_bulk_cachep, "xdp_bulk",
				sizeof(struct xdp_bulk), 0, .align = 64)) {
#endif
		err = -ENOMEM;
		goto out_mem;
	}

	err = kmem_cache_setup_usercopy(xdp_scratch_cachep, "xdp_scratch",
					sizeof(struct xdp_bulk), 0, 0,
					offsetof(struct xdp_bulk, q),
					sizeof_field(struct xdp_bulk, q), NULL);
	if (err)
		goto out_bulk;
	return 0;

out_bulk:
	kmem_cache_destroy(xdp_bulk_cachep);
out_mem:
	kmem_cache_destroy(xdp_mem_cachep);
out_frame:
	kmem_cache_destroy(xdp_frame_cachep);
	return err;
}
