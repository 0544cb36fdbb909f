// The cache half of a FAT-like module (see ../init-fails-other-file.c and
// ../use-after-destroy-other-file.c): its instance is static here, set up and
// destroyed by functions the inode half calls from module init and exit.
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct fat_cache {
	struct list_head cache_list;
	int nr_contig;
	int fcluster;
	int dcluster;
};

static struct kmem_cache_opaque fat_cache_instance;
#define fat_cache_cachep to_kmem_cache(&fat_cache_instance)

static void init_once(void *foo)
{
	struct fat_cache *cache = (struct fat_cache *)foo;

	INIT_LIST_HEAD(&cache->cache_list);
}

int __init fat_cache_init(void)
{
	return kmem_cache_setup(fat_cache_cachep, "fat_cache",
				sizeof(struct fat_cache), 0,
				SLAB_RECLAIM_ACCOUNT,
				init_once);
}

void fat_cache_destroy(void)
{
	kmem_cache_destroy(fat_cache_cachep);
}

void fat_cache_shrink(void)
{
	kmem_cache_shrink(fat_cache_cachep);
}
