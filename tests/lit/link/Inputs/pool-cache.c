// The other file of link/resetup-through-helper-other-file.c: the pool
// cache's instance and the helper that sets it up.
#include <linux/slab.h>
#include <linux/slab-static.h>

struct pool_item {
	unsigned long	key;
	unsigned long	val;
};

struct kmem_cache_opaque pool_cache;
#define pool_cachep to_kmem_cache(&pool_cache)

int pool_cache_init(void)
{
	return kmem_cache_setup(pool_cachep, "pool_item",
				sizeof(struct pool_item), 0, 0, NULL);
}
