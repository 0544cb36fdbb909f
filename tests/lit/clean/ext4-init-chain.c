// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus, shaped like fs/ext4/super.c's ext4_init_fs() in 6.12,
// converted to static caches: each subsystem has an init that returns its
// setup's result (`return KMEM_CACHE_SETUP(...) ? 0 : -ENOMEM;`, or
// kmem_cache_setup_usercopy()'s errno directly) and an exit that destroys
// it; the module init calls them in turn and unwinds through a ladder of
// labels; the inode cache is destroyed after rcu_barrier().  The twin
// loses the first step of the ladder (destroy_inodecache() under `out:`),
// so the inode cache leaks when registering the filesystem fails.
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct extent_status {
	struct list_head	list;
	u32			es_lblk;
	u32			es_len;
	u64			es_pblk;
};

struct pending_reservation {
	struct list_head	list;
	u32			lclu;
};

struct ext4_inode_info {
	u32			i_data[15];
	u32			i_flags;
	unsigned long		i_state;
	struct inode		vfs_inode;
};

static struct kmem_cache_opaque ext4_es_cache;
#define ext4_es_cachep to_kmem_cache(&ext4_es_cache)
static struct kmem_cache_opaque ext4_pending_cache;
#define ext4_pending_cachep to_kmem_cache(&ext4_pending_cache)
static struct kmem_cache_opaque ext4_inode_cache;
#define ext4_inode_cachep to_kmem_cache(&ext4_inode_cache)

static struct file_system_type ext4_fs_type;
int ext4_init_sysfs(void);
void ext4_exit_sysfs(void);

static int __init ext4_init_es(void)
{
	if (!KMEM_CACHE_SETUP(ext4_es_cachep, extent_status,
			      SLAB_RECLAIM_ACCOUNT))
		return -ENOMEM;
	return 0;
}

static void ext4_exit_es(void)
{
	kmem_cache_destroy(ext4_es_cachep);
}

static int __init ext4_init_pending(void)
{
	return KMEM_CACHE_SETUP(ext4_pending_cachep, pending_reservation,
				SLAB_RECLAIM_ACCOUNT) ? 0 : -ENOMEM;
}

static void ext4_exit_pending(void)
{
	kmem_cache_destroy(ext4_pending_cachep);
}

static void init_once(void *foo)
{
	struct ext4_inode_info *ei = foo;

	inode_init_once(&ei->vfs_inode);
}

static int __init init_inodecache(void)
{
	return kmem_cache_setup_usercopy(ext4_inode_cachep, "ext4_inode_cache",
					 sizeof(struct ext4_inode_info), 0,
					 SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT,
					 offsetof(struct ext4_inode_info, i_data),
					 sizeof_field(struct ext4_inode_info, i_data),
					 init_once);
}

static void destroy_inodecache(void)
{
	/*
	 * Make sure all delayed rcu free inodes are flushed before we
	 * destroy cache.
	 */
	rcu_barrier();
	kmem_cache_destroy(ext4_inode_cachep);
}

static int __init ext4_init_fs(void)
{
	int err;

	err = ext4_init_es();
	if (err)
		return err;

	err = ext4_init_pending();
	if (err)
		goto out7;

	err = ext4_init_sysfs();
	if (err)
		goto out6;

	err = init_inodecache();
	if (err)
		goto out1;

	err = register_filesystem(&ext4_fs_type);
	if (err)
		goto out;

	return 0;
out:
#ifndef SLABCHECK_TWIN
	destroy_inodecache();
#endif
out1:
	ext4_exit_sysfs();
out6:
	ext4_exit_pending();
out7:
	ext4_exit_es();

	return err;
}

static void __exit ext4_exit_fs(void)
{
	unregister_filesystem(&ext4_fs_type);
	destroy_inodecache();
	ext4_exit_sysfs();
	ext4_exit_pending();
	ext4_exit_es();
}

module_init(ext4_init_fs)
module_exit(ext4_exit_fs)
// TWIN: {{.*}}ext4-init-chain.c:{{[0-9]+}}:{{[0-9]+}}: warning: {{.*}}'ext4_inode_cache'{{.*}}[kmem-module-leak]
