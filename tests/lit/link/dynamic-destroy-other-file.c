// RUN: %check --module -DMODULE %s %S/Inputs/xfs-defer.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/xfs-defer.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module of two files in the shape of fs/xfs: xfs_destroy_caches(),
// which module exit and init's failure path call, destroys the static
// instances and calls xfs_defer_destroy_item_caches() of the other file,
// which calls the kernel and destroys a dynamic cache.  That body names
// no instance, so its file's facts leave it out, and it calls out of its
// file; the whole module knows that all it calls there is the rest of
// the kernel, so the call touches no cache of the module, and the
// instance with external linkage stays known after it.  Correct as it
// is; the twin's xfs_destroy_caches() forgets the inode create item
// cache, a leak at module exit that only the whole module shows (and one
// when init fails after the caches are set up, which this file shows on
// its own).
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct xfs_icreate_item_min {
	unsigned int	ic_agno;
	unsigned int	ic_count;
};

struct xfs_inode_log_item_min {
	unsigned short	ili_lock_flags;
	unsigned int	ili_fields;
};

/* xfs_icreate_item.c defines it, for the whole module. */
struct kmem_cache_opaque xfs_icreate_cache_instance;
#define xfs_icreate_cache to_kmem_cache(&xfs_icreate_cache_instance)
static struct kmem_cache_opaque xfs_ili_cache_instance;
#define xfs_ili_cache to_kmem_cache(&xfs_ili_cache_instance)

int xfs_defer_init_item_caches(void);
void xfs_defer_destroy_item_caches(void);

static struct file_system_type xfs_fs_type = {
	.name		= "xfs",
	.fs_flags	= FS_REQUIRES_DEV,
};

static int __init xfs_init_caches(void)
{
	int error;

	error = xfs_defer_init_item_caches();
	if (error)
		goto out;
	error = kmem_cache_setup(xfs_icreate_cache, "xfs_icr",
				 sizeof(struct xfs_icreate_item_min), 0, 0,
				 NULL);
	// TWIN: {{.*}}[[@LINE-3]]:10: warning: static cache 'xfs_icreate_cache_instance' is not destroyed on every path out of module exit 'exit_xfs_fs' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE-5]]:10: warning: static cache 'xfs_icreate_cache_instance' stays set up when module init 'init_xfs_fs' fails [kmem-module-leak]
	//
	if (error)
		goto out_destroy_defer_item_cache;
	error = kmem_cache_setup(xfs_ili_cache, "xfs_ili",
				 sizeof(struct xfs_inode_log_item_min), 0, 0,
				 NULL);
	if (error)
		goto out_destroy_icreate_cache;
	return 0;

out_destroy_icreate_cache:
	kmem_cache_destroy(xfs_icreate_cache);
out_destroy_defer_item_cache:
	xfs_defer_destroy_item_caches();
out:
	return error;
}

static void xfs_destroy_caches(void)
{
	/* Wait for all RCU frees before the caches go. */
	rcu_barrier();
	kmem_cache_destroy(xfs_ili_cache);
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(xfs_icreate_cache);
#endif
	xfs_defer_destroy_item_caches();
}

static int __init init_xfs_fs(void)
{
	int error;

	error = xfs_init_caches();
	if (error)
		return error;
	error = register_filesystem(&xfs_fs_type);
	if (error)
		goto out_destroy_caches;
	return 0;

out_destroy_caches:
	xfs_destroy_caches();
	return error;
}

static void __exit exit_xfs_fs(void)
{
	unregister_filesystem(&xfs_fs_type);
	xfs_destroy_caches();
}

module_init(init_xfs_fs);
module_exit(exit_xfs_fs);
MODULE_LICENSE("GPL");
