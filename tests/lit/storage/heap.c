// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-storage: a struct kmem_cache_opaque in heap memory.  A per-device
// cache embedded in a kzalloc()ed device struct (freed at remove, under
// a live cache and its sysfs kobject), and an instance allocated on its
// own.  A static instance and a pointer to one stored in the device are
// fine.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nvme_req_min {
	u64	cid;
	u32	status;
	u32	flags;
};

struct nvme_dev_min {
	struct kmem_cache_opaque	req_cache;
	struct kmem_cache		*shared_cachep;
	int				instance;
};

static struct kmem_cache_opaque nvme_shared_cache;
#define nvme_shared_cachep to_kmem_cache(&nvme_shared_cache)

struct nvme_dev_min *nvme_probe_min(int instance)
{
	struct nvme_dev_min *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!dev)
		return NULL;
	dev->instance = instance;
	dev->shared_cachep = nvme_shared_cachep;
	// CHECK: {{.*}}[[@LINE+1]]:6: warning: static cache storage 'req_cache' is in memory from '__kmalloc_noprof', not static: freeing it frees a live cache [kmem-storage]
	if (kmem_cache_setup(to_kmem_cache(&dev->req_cache), "nvme_req",
			     sizeof(struct nvme_req_min), 0, 0, NULL)) {
		kfree(dev);
		return NULL;
	}
	return dev;
}

struct kmem_cache *nvme_private_cache(void)
{
	struct kmem_cache_opaque *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	// CHECK: {{.*}}[[@LINE+1]]:6: warning: static cache storage '<allocated>' is in memory from '__kmalloc_noprof', not static: freeing it frees a live cache [kmem-storage]
	if (kmem_cache_setup(to_kmem_cache(c), "nvme_private",
			     sizeof(struct nvme_req_min), 0, 0, NULL))
		return NULL;
	return to_kmem_cache(c);
}
