// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-storage: a struct kmem_cache_opaque on the stack outlives nothing
// (mm/ keeps the cache on its lists after the function returns).  Single
// variables and arrays are reported at their declaration; a static local
// is fine.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct test_obj {
	u64			cookie;
	struct list_head	list;
	u32			seq;
};

int slub_selftest_one(void)
{
	struct kmem_cache_opaque scratch;
	// CHECK: {{.*}}[[@LINE-1]]:27: warning: static cache 'scratch' has automatic storage duration [kmem-storage]
	struct test_obj *obj;
	int err;

	err = kmem_cache_setup(to_kmem_cache(&scratch), "selftest",
			       sizeof(struct test_obj), 0, SLAB_RED_ZONE, NULL);
	if (err)
		return err;
	obj = kmem_cache_alloc(to_kmem_cache(&scratch), GFP_KERNEL);
	if (obj) {
		obj->cookie = 0x5a5a5a5aULL;
		kmem_cache_free(to_kmem_cache(&scratch), obj);
	}
	kmem_cache_destroy(to_kmem_cache(&scratch));
	return obj ? 0 : -ENOMEM;
}

int slub_selftest_sizes(void)
{
	static const unsigned int sizes[] = { 16, 96 };
	struct kmem_cache_opaque caches[ARRAY_SIZE(sizes)];
	// CHECK: {{.*}}[[@LINE-1]]:27: warning: static cache 'caches' has automatic storage duration [kmem-storage]
	unsigned int i;
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		err = kmem_cache_setup(to_kmem_cache(&caches[i]), "selftest-n",
				       sizes[i], 0, 0, NULL);
		if (err)
			break;
	}
	while (i--)
		kmem_cache_destroy(to_kmem_cache(&caches[i]));
	return err;
}

/* A function-local static has static storage duration: fine. */
int __init slub_boot_cache(void)
{
	static struct kmem_cache_opaque boot_cache;

	return kmem_cache_setup(to_kmem_cache(&boot_cache), "boot_cache",
				sizeof(struct test_obj), 0, SLAB_PANIC, NULL);
}
