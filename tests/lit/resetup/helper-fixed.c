// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-resetup through helpers that set up or destroy one fixed instance:
// reported at the call of the helper that sets it up again, naming it.
// The module otherwise cleans up after itself, so -DMODULE adds nothing.
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct qnxfs_inode_info {
	u32		i_blocks[8];
	u32		i_extents;
	u16		i_flags;
	struct inode	vfs_inode;
};

static struct kmem_cache_opaque qnxfs_inode_cache;
#define qnxfs_inode_cachep to_kmem_cache(&qnxfs_inode_cache)

static void init_once(void *p)
{
	struct qnxfs_inode_info *ei = p;

	inode_init_once(&ei->vfs_inode);
}

static int init_inodecache(void)
{
	return kmem_cache_setup(qnxfs_inode_cachep, "qnxfs_inode_cache",
				sizeof(struct qnxfs_inode_info), 0,
				SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT,
				init_once);
}

static void destroy_inodecache(void)
{
	rcu_barrier();
	kmem_cache_destroy(qnxfs_inode_cachep);
}

static struct file_system_type qnxfs_type = {
	.name		= "qnxfs",
	.kill_sb	= kill_block_super,
	.fs_flags	= FS_REQUIRES_DEV,
};

static int __init init_qnxfs_fs(void)
{
	int err = init_inodecache();

	if (err)
		return err;
	err = register_filesystem(&qnxfs_type);
	if (err == -EBUSY) {
		/* Someone raced us; drop everything and try once more. */
		destroy_inodecache();
		err = init_inodecache();
		// CHECK: {{.*}}[[@LINE-1]]:9: warning: static cache 'qnxfs_inode_cache' may already be set up on this path (set up again in 'init_inodecache') [kmem-resetup]
		if (err)
			return err;
		err = register_filesystem(&qnxfs_type);
	}
	if (err)
		goto out;
	return 0;
out:
	destroy_inodecache();
	return err;
}

static void __exit exit_qnxfs_fs(void)
{
	unregister_filesystem(&qnxfs_type);
	destroy_inodecache();
}

module_init(init_qnxfs_fs);
module_exit(exit_qnxfs_fs);
MODULE_LICENSE("GPL");
