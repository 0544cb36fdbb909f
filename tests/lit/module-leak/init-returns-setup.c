// RUN: %check -DMODULE --disable=kmem-unchecked-setup %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE --disable=kmem-unchecked-setup -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alikes: module inits whose result *is* the setup's
// result cannot leak that cache when they fail.  `return
// kmem_cache_setup(...)` directly and through an inline helper, the
// usercopy variant, PTR_ERR_OR_ZERO() of the macro through a local, an
// IS_ERR() test, and a local that carries the result to the return.  The
// twin registers something after the last setup and returns its error
// without undoing the cache.  (PTR_ERR_OR_ZERO() makes the NULL of a
// failed setup 0: kmem-unchecked-setup reports that, in
// unchecked-setup/error-pointer-test.c, and is off here.)
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct zswap_entry_min {
	struct list_head	lru;
	unsigned long		handle;
	unsigned int		length;
	u8			data[16];
};

static struct kmem_cache_opaque entry_cache;
#define entry_cachep to_kmem_cache(&entry_cache)
static struct kmem_cache_opaque pool_cache;
#define pool_cachep to_kmem_cache(&pool_cache)
static struct kmem_cache_opaque data_cache;
#define data_cachep to_kmem_cache(&data_cache)
static struct kmem_cache_opaque tree_cache;
#define tree_cachep to_kmem_cache(&tree_cache)
static struct kmem_cache_opaque lru_cache;
#define lru_cachep to_kmem_cache(&lru_cache)

int zswap_register_shrinker(void);

static inline int zswap_entry_cache_create(void)
{
	// TWIN: {{.*}}[[@LINE+10]]:9: warning: static cache 'entry_cache' stays set up when module init 'zswap_init' fails [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+14]]:9: warning: static cache 'data_cache' stays set up when module init 'zswap_init' fails [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+31]]:24: warning: static cache 'pool_cache' stays set up when module init 'zswap_init' fails [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+33]]:9: warning: static cache 'tree_cache' stays set up when module init 'zswap_init' fails [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+36]]:8: warning: static cache 'lru_cache' stays set up when module init 'zswap_init' fails [kmem-module-leak]
	//
	return kmem_cache_setup(entry_cachep, "zswap_entry",
				sizeof(struct zswap_entry_min), 0, 0, NULL);
}

static int __init zswap_data_init(void)
{
	return kmem_cache_setup_usercopy(data_cachep, "zswap_data",
					 sizeof(struct zswap_entry_min), 0, 0,
					 offsetof(struct zswap_entry_min, data),
					 sizeof_field(struct zswap_entry_min,
						      data),
					 NULL);
}

static int __init zswap_init(void)
{
	struct kmem_cache *tree;
	int ret;

	ret = zswap_entry_cache_create();
	if (ret)
		return ret;
	ret = zswap_data_init();
	if (ret)
		goto out_entry;
	ret = PTR_ERR_OR_ZERO(KMEM_CACHE_SETUP(pool_cachep, zswap_entry_min,
					       SLAB_ACCOUNT));
	if (ret)
		goto out_data;
	tree = KMEM_CACHE_SETUP(tree_cachep, zswap_entry_min, 0);
	if (IS_ERR_OR_NULL(tree)) {
		ret = tree ? PTR_ERR(tree) : -ENOMEM;
		goto out_pool;
	}
	ret = kmem_cache_setup(lru_cachep, "zswap_lru",
			       sizeof(struct zswap_entry_min), 0, 0, NULL);
	if (ret)
		goto out_tree;
#ifdef SLABCHECK_TWIN
	ret = zswap_register_shrinker();
	if (ret)
		return ret;
#endif
	return ret;

out_tree:
	kmem_cache_destroy(tree_cachep);
out_pool:
	kmem_cache_destroy(pool_cachep);
out_data:
	kmem_cache_destroy(data_cachep);
out_entry:
	kmem_cache_destroy(entry_cachep);
	return ret;
}

static void __exit zswap_exit(void)
{
	kmem_cache_destroy(lru_cachep);
	kmem_cache_destroy(tree_cachep);
	kmem_cache_destroy(data_cachep);
	kmem_cache_destroy(pool_cachep);
	kmem_cache_destroy(entry_cachep);
}

module_init(zswap_init);
module_exit(zswap_exit);
MODULE_LICENSE("GPL");
