// RUN: %check --module -DMODULE %s %S/Inputs/fat-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/fat-cache.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// fs/fat's shape: the cache is static in cache.c, set up and destroyed by
// fat_cache_init() and fat_cache_destroy(), which module init and exit in
// inode.c call.  Init undoes the first step when the second fails.  In the
// twin that error path forgets fat_cache_destroy(): a second load of the
// module would find the cache still set up in the old module's memory.
// Only the whole module shows it.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct msdos_inode_info_min {
	spinlock_t	cache_lru_lock;
	struct list_head cache_lru;
	int		nr_caches;
	loff_t		mmu_private;
};

static struct kmem_cache_opaque fat_inode_cache_instance;
#define fat_inode_cachep to_kmem_cache(&fat_inode_cache_instance)

int fat_cache_init(void);
void fat_cache_destroy(void);

static int __init fat_init_inodecache(void)
{
	return kmem_cache_setup(fat_inode_cachep, "fat_inode_cache",
				sizeof(struct msdos_inode_info_min), 0,
				SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, NULL);
}

static void __exit fat_destroy_inodecache(void)
{
	rcu_barrier();
	kmem_cache_destroy(fat_inode_cachep);
}

static int __init init_fat_fs(void)
{
	int err;

	err = fat_cache_init();
	if (err)
		return err;

	err = fat_init_inodecache();
	if (err)
		goto failed;

	return 0;

failed:
#ifndef SLABCHECK_TWIN
	fat_cache_destroy();
#endif
	return err;
}

static void __exit exit_fat_fs(void)
{
	fat_cache_destroy();
	fat_destroy_inodecache();
}

module_init(init_fat_fs)
module_exit(exit_fat_fs)
MODULE_LICENSE("GPL");
// TWIN: {{.*}}Inputs/fat-cache.c:28:9: warning: static cache 'fat_cache_instance' stays set up when module init 'init_fat_fs' fails [kmem-module-leak]
//
