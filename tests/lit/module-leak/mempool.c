// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak with a cache behind a mempool, in the shape of fs/jfs's
// metapage_init() (and drbd's, dm's, nfs's pools): mempool_create_slab_pool()
// and mempool_init_slab_pool() allocate from the cache and free to it,
// and do nothing else to it, so the cache stays known after them and a
// failure that forgets it is a leak.  A kmalloc pool passes a size, not a
// cache.  Correct as it is; the twin's unwinding ladder returns after its
// first step.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/mempool.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct jfsx_metapage {
	unsigned long	index;
	void		*data;
};

struct jfsx_log_buf {
	int		l_flag;
	char		l_data[48];
};

static struct kmem_cache_opaque jfsx_metapage_cache_instance;
#define jfsx_metapage_cache to_kmem_cache(&jfsx_metapage_cache_instance)
static struct kmem_cache_opaque jfsx_lbuf_cache_instance;
#define jfsx_lbuf_cache to_kmem_cache(&jfsx_lbuf_cache_instance)

static mempool_t *jfsx_metapage_mempool;
static mempool_t jfsx_lbuf_pool;
static mempool_t *jfsx_name_pool;

int jfsx_register_filesystem(void);

static int __init init_jfsx_fs(void)
{
	if (kmem_cache_setup(jfsx_metapage_cache, "jfsx_mp",
			     sizeof(struct jfsx_metapage), 0, 0, NULL))
	// TWIN: {{.*}}[[@LINE-2]]:6: warning: static cache 'jfsx_metapage_cache_instance' stays set up when module init 'init_jfsx_fs' fails [kmem-module-leak]
	//
		return -ENOMEM;
	jfsx_metapage_mempool = mempool_create_slab_pool(32,
							 jfsx_metapage_cache);
	if (!jfsx_metapage_mempool)
		goto free_metapage_cache;
	if (kmem_cache_setup(jfsx_lbuf_cache, "jfsx_lbuf",
			     sizeof(struct jfsx_log_buf), 0, 0, NULL))
	// TWIN: {{.*}}[[@LINE-2]]:6: warning: static cache 'jfsx_lbuf_cache_instance' stays set up when module init 'init_jfsx_fs' fails [kmem-module-leak]
		goto free_metapage_pool;
	if (mempool_init_slab_pool(&jfsx_lbuf_pool, 8, jfsx_lbuf_cache))
		goto free_lbuf_cache;
	jfsx_name_pool = mempool_create_kmalloc_pool(4, 256);
	if (!jfsx_name_pool)
		goto free_lbuf_pool;
	if (jfsx_register_filesystem())
		goto free_name_pool;
	return 0;

free_name_pool:
	mempool_destroy(jfsx_name_pool);
#ifdef SLABCHECK_TWIN
	return -EBUSY;
	//
#endif
free_lbuf_pool:
	mempool_exit(&jfsx_lbuf_pool);
free_lbuf_cache:
	kmem_cache_destroy(jfsx_lbuf_cache);
free_metapage_pool:
	mempool_destroy(jfsx_metapage_mempool);
free_metapage_cache:
	kmem_cache_destroy(jfsx_metapage_cache);
	return -ENOMEM;
}

static void __exit exit_jfsx_fs(void)
{
	mempool_destroy(jfsx_name_pool);
	mempool_exit(&jfsx_lbuf_pool);
	kmem_cache_destroy(jfsx_lbuf_cache);
	mempool_destroy(jfsx_metapage_mempool);
	kmem_cache_destroy(jfsx_metapage_cache);
}

module_init(init_jfsx_fs);
module_exit(exit_jfsx_fs);
MODULE_LICENSE("GPL");
