// RUN: %check %s | %filecheck %s
//
// kmem-storage: a per-device cache kept as a member of a kzalloc()ed
// device, converted into a local pointer first and set up through it, as
// drivers/target/target_core_user.c would keep one per device.  The
// finding is at the conversion, where the storage is named, under every
// door: sparse promotes the local to a register and sees the conversion
// as the setup's argument.  The same through a local for a member of a
// static struct is the look-alike.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct tcmu_tmr_min {
	unsigned long	id;
	void		*cmd;
};

struct tcmu_dev_min {
	unsigned int			index;
	struct kmem_cache_opaque	tmr_cache;
};

static struct tcmu_dev_min tcmu_default_dev;

struct tcmu_dev_min *tcmu_alloc_device(unsigned int index)
{
	struct tcmu_dev_min *udev = kzalloc(sizeof(*udev), GFP_KERNEL);
	struct kmem_cache *s;

	if (!udev)
		return NULL;
	udev->index = index;
	s = to_kmem_cache(&udev->tmr_cache);
	// CHECK: {{.*}}[[@LINE-1]]:6: warning: static cache storage 'tmr_cache' is in memory from '__kmalloc_noprof', not static: freeing it frees a live cache [kmem-storage]
	if (kmem_cache_setup(s, "tcmu_tmr", sizeof(struct tcmu_tmr_min), 0, 0,
			     NULL)) {
		kfree(udev);
		return NULL;
	}
	return udev;
}

int __init tcmu_default_init(void)
{
	struct kmem_cache *s = to_kmem_cache(&tcmu_default_dev.tmr_cache);

	return kmem_cache_setup(s, "tcmu_default_tmr",
				sizeof(struct tcmu_tmr_min), 0, 0, NULL);
}
