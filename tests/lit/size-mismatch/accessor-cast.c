// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-size-mismatch: to_kmem_cache() of storage that is not a struct
// kmem_cache_opaque, written once in a static inline accessor that every
// user of the cache calls.  The finding is the cast's, reported once where
// it is written, however many functions call the accessor: sparse inlines
// the accessor into each of them and must still place it there.  The
// second accessor, over a real instance, is the look-alike.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct rbx_item {
	unsigned long	key;
	unsigned long	val;
};

/* Sized by hand, aligned by hand: not the opaque type. */
static char rbx_raw_cache[sizeof(struct kmem_cache_opaque)] __aligned(64);
static struct kmem_cache_opaque rbx_good_cache;

static inline struct kmem_cache *rbx_cache(void)
{
	// CHECK: {{.*}}[[@LINE+1]]:9: warning: 'rbx_raw_cache' is not a struct kmem_cache_opaque [kmem-size-mismatch]
	return to_kmem_cache((struct kmem_cache_opaque *)rbx_raw_cache);
}

static inline struct kmem_cache *rbx_good(void)
{
	return to_kmem_cache(&rbx_good_cache);
}

static int __init rbx_init(void)
{
	int err;

	err = kmem_cache_setup(rbx_cache(), "rbx", sizeof(struct rbx_item), 0,
			       0, NULL);
	if (err)
		return err;
	err = kmem_cache_setup(rbx_good(), "rbx_good", sizeof(struct rbx_item),
			       0, 0, NULL);
	if (err)
		kmem_cache_destroy(rbx_cache());
	return err;
}

void *rbx_get(bool good)
{
	return kmem_cache_alloc(good ? rbx_good() : rbx_cache(), GFP_KERNEL);
}

void rbx_put(void *item)
{
	kmem_cache_free(rbx_cache(), item);
}

static void __exit rbx_exit(void)
{
	kmem_cache_destroy(rbx_good());
	kmem_cache_destroy(rbx_cache());
}
module_init(rbx_init);
module_exit(rbx_exit);
