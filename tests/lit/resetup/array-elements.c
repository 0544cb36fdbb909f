// RUN: %check %s | %filecheck %s
//
// kmem-resetup on arrays of instances: each element is its own instance.
// Different constant indices are different caches; the same index twice is
// reported, naming the element.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

enum zs_class {
	ZS_CLASS_32,
	ZS_CLASS_64,
	ZS_CLASS_128,
	ZS_CLASS_256,
	NR_ZS_CLASSES
};

static struct kmem_cache_opaque zs_caches[NR_ZS_CLASSES];
#define zs_cachep(c) to_kmem_cache(&zs_caches[c])

static struct kmem_cache_opaque handle_caches[2];

void __init zs_init_classes(void)
{
	kmem_cache_setup(zs_cachep(ZS_CLASS_32), "zs-32", 32, 0,
			 SLAB_PANIC, NULL);
	kmem_cache_setup(zs_cachep(ZS_CLASS_64), "zs-64", 64, 0,
			 SLAB_PANIC, NULL);
	kmem_cache_setup(zs_cachep(ZS_CLASS_128), "zs-128", 128, 0,
			 SLAB_PANIC, NULL);
	kmem_cache_setup(zs_cachep(ZS_CLASS_64), "zs-256", 256, 0,
			 SLAB_PANIC, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: static cache 'zs_caches[1]' may already be set up on this path [kmem-resetup]
}

int __init zs_init_handles(void)
{
	int err;

	err = kmem_cache_setup(to_kmem_cache(&handle_caches[0]), "zs_handle",
			       sizeof(unsigned long), 0, 0, NULL);
	if (err)
		return err;
	err = kmem_cache_setup(to_kmem_cache(&handle_caches[1]), "zs_handle2",
			       2 * sizeof(unsigned long), 0, 0, NULL);
	if (err)
		kmem_cache_destroy(to_kmem_cache(&handle_caches[0]));
	return err;
}
