// RUN: %check %s | %filecheck %s
//
// kmem-resetup: kmem_cache_destroy() does not make the storage reusable;
// setup, destroy, setup on one instance is reported at the second setup.
// Destroying on a failure path without setting up again is fine.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nvq_desc {
	u64	addr;
	u32	len;
	u16	flags;
	u16	next;
};

struct nvq_desc_ext {
	struct nvq_desc	base;
	u64		tag;
	u64		meta[2];
};

struct nvq_req {
	struct list_head	node;
	struct nvq_desc		*desc;
	void			(*done)(struct nvq_req *req, int status);
	void			*priv;
};

static struct kmem_cache_opaque nvq_desc_cache;
#define nvq_desc_cachep to_kmem_cache(&nvq_desc_cache)
static struct kmem_cache_opaque nvq_req_cache;
#define nvq_req_cachep to_kmem_cache(&nvq_req_cache)

bool nvq_hw_has_ext_desc(void);
int nvq_hw_probe(void);

static int __init nvq_init(void)
{
	int err;

	err = kmem_cache_setup(nvq_desc_cachep, "nvq_desc",
			       sizeof(struct nvq_desc), 0,
			       SLAB_HWCACHE_ALIGN, NULL);
	if (err)
		return err;

	if (nvq_hw_has_ext_desc()) {
		/* The hardware wants bigger descriptors: start over. */
		kmem_cache_destroy(nvq_desc_cachep);
		err = kmem_cache_setup(nvq_desc_cachep, "nvq_desc",
				       sizeof(struct nvq_desc_ext), 0,
				       SLAB_HWCACHE_ALIGN, NULL);
		// CHECK: {{.*}}[[@LINE-3]]:9: warning: static cache 'nvq_desc_cache' may already be set up on this path [kmem-resetup]
		if (err)
			return err;
	}

	err = kmem_cache_setup(nvq_req_cachep, "nvq_req",
			       sizeof(struct nvq_req), 0, 0, NULL);
	if (err)
		goto out_desc;

	err = nvq_hw_probe();
	if (err)
		goto out_req;
	return 0;

out_req:
	kmem_cache_destroy(nvq_req_cachep);
out_desc:
	kmem_cache_destroy(nvq_desc_cachep);
	return err;
}
device_initcall(nvq_init);
