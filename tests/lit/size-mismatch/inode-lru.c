// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-size-mismatch with kmem_cache_alloc_lru(): a filesystem whose
// inode cache was set up for its old inode_info, while one allocation site
// uses the extended one.  alloc_inode_sb() with the right type, and the
// free of the right type, stay silent.
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct minix_inode_info {
	u16			i_data[16];
	struct inode		vfs_inode;
};

struct minix3_inode_info {
	u32			i_data[16];
	u32			i_zone_bits;
	u32			i_pad;
	struct inode		vfs_inode;
};
static_assert(sizeof(struct minix3_inode_info) >
	      sizeof(struct minix_inode_info));
static_assert(sizeof(struct minix_inode_info) == 144);
static_assert(sizeof(struct minix3_inode_info) == 184);

static struct kmem_cache_opaque minix_inode_cache;
#define minix_inode_cachep to_kmem_cache(&minix_inode_cache)

static inline struct minix_inode_info *minix_i(struct inode *inode)
{
	return container_of(inode, struct minix_inode_info, vfs_inode);
}

struct inode *minix_alloc_inode(struct super_block *sb)
{
	struct minix_inode_info *ei;

	ei = alloc_inode_sb(sb, minix_inode_cachep, GFP_KERNEL);
	if (!ei)
		return NULL;
	return &ei->vfs_inode;
}

struct inode *minix3_alloc_inode(struct super_block *sb)
{
	struct minix3_inode_info *ei;

	ei = kmem_cache_alloc_lru(minix_inode_cachep, &sb->s_inode_lru,
				  GFP_KERNEL);
	// CHECK: {{.*}}[[@LINE-2]]:7: warning: 'struct minix3_inode_info' (184 bytes) does not fit static cache 'minix_inode_cache' (144-byte objects) [kmem-size-mismatch]
	if (!ei)
		return NULL;
	ei->i_zone_bits = 32;
	return &ei->vfs_inode;
}

void minix_free_in_core_inode(struct inode *inode)
{
	kmem_cache_free(minix_inode_cachep, minix_i(inode));
}

static void init_once(void *foo)
{
	struct minix_inode_info *ei = (struct minix_inode_info *)foo;

	inode_init_once(&ei->vfs_inode);
}

static struct file_system_type minix_fs_type = {
	.owner		= THIS_MODULE,
	.name		= "minix",
	.kill_sb	= kill_block_super,
	.fs_flags	= FS_REQUIRES_DEV,
};

static int __init init_minix_fs(void)
{
	int err;

	err = kmem_cache_setup(minix_inode_cachep, "minix_inode_cache",
			       sizeof(struct minix_inode_info), 0,
			       SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT, init_once);
	if (err)
		return err;
	err = register_filesystem(&minix_fs_type);
	if (err)
		goto out;
	return 0;
out:
	kmem_cache_destroy(minix_inode_cachep);
	return err;
}

static void __exit exit_minix_fs(void)
{
	unregister_filesystem(&minix_fs_type);
	rcu_barrier();
	kmem_cache_destroy(minix_inode_cachep);
}

module_init(init_minix_fs)
module_exit(exit_minix_fs)
MODULE_LICENSE("GPL");
