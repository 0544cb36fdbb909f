// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-storage look-alikes: an instance cleared after its cache is
// destroyed, so that the next setup starts from zeros, by assigning an
// empty compound literal (or one of nothing but zeros): to a static
// instance, to a member of a static structure and to an element of a
// static array.  That is no copy, and the literal is no instance with
// automatic storage.  The twin copies one instance into another instead.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct zs_handle {
	unsigned long		handle;
	u32			class_idx;
};

struct zs_pool_caches {
	struct kmem_cache_opaque	handle_cache;
	int				users;
};

static struct kmem_cache_opaque zs_zspage_cache;
#define zs_zspage_cachep to_kmem_cache(&zs_zspage_cache)
static struct kmem_cache_opaque zs_spare_cache;
static struct zs_pool_caches zs_pool;
#define zs_handle_cachep to_kmem_cache(&zs_pool.handle_cache)
static struct kmem_cache_opaque zs_class_caches[2];

int __init zs_create_caches(void)
{
	int err;

	err = kmem_cache_setup(zs_zspage_cachep, "zspage", 64, 0, 0, NULL);
	if (err)
		return err;
	err = kmem_cache_setup(zs_handle_cachep, "zs_handle",
			       sizeof(struct zs_handle), 0, 0, NULL);
	if (err)
		goto out_zspage;
	err = kmem_cache_setup(to_kmem_cache(&zs_class_caches[1]), "zs_class",
			       128, 0, 0, NULL);
	if (err)
		goto out_handle;
	zs_pool.users = 1;
	return 0;

out_handle:
	kmem_cache_destroy(zs_handle_cachep);
out_zspage:
	kmem_cache_destroy(zs_zspage_cachep);
	return err;
}

void zs_destroy_caches(void)
{
	kmem_cache_destroy(to_kmem_cache(&zs_class_caches[1]));
	zs_class_caches[1] = (struct kmem_cache_opaque){ { 0 } };
	kmem_cache_destroy(zs_handle_cachep);
	zs_pool.handle_cache = (struct kmem_cache_opaque){};
	zs_pool.users = 0;
	kmem_cache_destroy(zs_zspage_cachep);
#ifdef SLABCHECK_TWIN
	/* Kept for a post-mortem dump: a second live copy of the cache. */
	zs_spare_cache = zs_zspage_cache;
#else
	zs_spare_cache = (struct kmem_cache_opaque){};
#endif
	// TWIN: {{.*}}[[@LINE-4]]:17: warning: static cache 'zs_zspage_cache' is copied by value [kmem-storage]
	zs_zspage_cache = (struct kmem_cache_opaque){};
}
