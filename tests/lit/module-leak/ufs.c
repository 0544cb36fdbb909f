// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_EXIT_FORGETS %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_EXIT_FORGETS -DMODULE %s | %filecheck --check-prefix=EXIT %s
// CHECK-NOT: warning
//
// kmem-module-leak, the fs/ufs shape.  Done right: the helper returns the
// setup's own result, init returns early only when that setup failed,
// unwinds when registration fails, and exit destroys the cache after the
// RCU-delayed inode frees are done.
// With -DSLABCHECK_TWIN, a failed register_filesystem() returns straight
// out of module init (6.12's own shape), leaving the cache set up in a
// module about to be freed.
// With -DSLABCHECK_EXIT_FORGETS, module exit unregisters the filesystem
// but never destroys the cache.  Built-in code never unloads: silent
// without -DMODULE.
// Both findings are at the setup inside the helper, with a note at the
// failing return or at the exit function.
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ufs_inode_info {
	union {
		__le32	i_data[15];
		__u8	i_symlink[2 * 4 * 15];
		__le64	u2_i_data[15];
	} i_u1;
	__u32	i_flags;
	__u32	i_shadow;
	__u32	i_unused1;
	__u32	i_unused2;
	__u32	i_oeftflag;
	__u16	i_osync;
	__u64	i_lastfrag;
	__u32	i_gen;
	__u32	i_dir_start_lookup;
	struct inode vfs_inode;
};

static inline struct ufs_inode_info *UFS_I(struct inode *inode)
{
	return container_of(inode, struct ufs_inode_info, vfs_inode);
}

static struct kmem_cache_opaque ufs_inode_cache;
#define ufs_inode_cachep to_kmem_cache(&ufs_inode_cache)

struct inode *ufs_alloc_inode(struct super_block *sb)
{
	struct ufs_inode_info *ei;

	ei = alloc_inode_sb(sb, ufs_inode_cachep, GFP_NOFS);
	if (!ei)
		return NULL;

	ei->i_gen = 0;
	ei->i_lastfrag = 0;
	return &ei->vfs_inode;
}

void ufs_free_in_core_inode(struct inode *inode)
{
	kmem_cache_free(ufs_inode_cachep, UFS_I(inode));
}

static void init_once(void *foo)
{
	struct ufs_inode_info *ei = (struct ufs_inode_info *)foo;

	inode_init_once(&ei->vfs_inode);
}

static int __init init_inodecache(void)
{
	// EXIT: {{.*}}[[@LINE+4]]:9: warning: static cache 'ufs_inode_cache' is not destroyed on every path out of module exit 'exit_ufs_fs' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+2]]:9: warning: static cache 'ufs_inode_cache' stays set up when module init 'init_ufs_fs' fails [kmem-module-leak]
	//
	return kmem_cache_setup_usercopy(ufs_inode_cachep, "ufs_inode_cache",
				sizeof(struct ufs_inode_info), 0,
				(SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT),
				offsetof(struct ufs_inode_info, i_u1.i_symlink),
				sizeof_field(struct ufs_inode_info,
					i_u1.i_symlink),
				init_once);
}

static void destroy_inodecache(void)
{
	/*
	 * Make sure all delayed rcu free inodes are flushed before we
	 * destroy cache.
	 */
	rcu_barrier();
	kmem_cache_destroy(ufs_inode_cachep);
}

static struct dentry *ufs_mount(struct file_system_type *fs_type,
				int flags, const char *dev_name, void *data);

static struct file_system_type ufs_fs_type = {
	.owner		= THIS_MODULE,
	.name		= "ufs",
	.mount		= ufs_mount,
	.kill_sb	= kill_block_super,
	.fs_flags	= FS_REQUIRES_DEV,
};
MODULE_ALIAS_FS("ufs");

int ufs_fill_super(struct super_block *sb, void *data, int silent);

static struct dentry *ufs_mount(struct file_system_type *fs_type,
				int flags, const char *dev_name, void *data)
{
	return mount_bdev(fs_type, flags, dev_name, data, ufs_fill_super);
}

static int __init init_ufs_fs(void)
{
	int err = init_inodecache();
	if (err)
		return err;
	err = register_filesystem(&ufs_fs_type);
#ifdef SLABCHECK_TWIN
	/* The twin returns before the unwinding (6.12's own shape). */
	if (err)
		return err;
#endif
	if (err)
		goto out;
	return 0;
out:
	destroy_inodecache();
	return err;
}

static void __exit exit_ufs_fs(void)
{
	unregister_filesystem(&ufs_fs_type);
#ifndef SLABCHECK_EXIT_FORGETS
	destroy_inodecache();
#endif
}

module_init(init_ufs_fs)
module_exit(exit_ufs_fs)
MODULE_LICENSE("GPL");
