// RUN: %check %s | %filecheck %s
//
// kmem-unchecked-setup: a setup's result assigned to a variable that
// nothing reads before the next assignment overwrites it, so a failed
// setup goes unnoticed: the error code of the call after it (a
// filesystem's registration, a misc device's) or of a second setup is
// what gets tested, or returned.  Through the function and the macro.
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct bfs_inode_info_min {
	unsigned long		i_dsk_ino;
	unsigned long		i_sblock;
	unsigned long		i_eblock;
	struct inode		vfs_inode;
};

struct vhost_scsi_cmd_min {
	int			tvc_vq_desc;
	u32			tvc_sgl_count;
	u32			tvc_exp_data_len;
};

struct dquot_min {
	struct list_head	dq_hash;
	struct list_head	dq_inuse;
	u32			dq_id;
	u64			dq_curspace;
};

struct fanotify_mark_min {
	struct list_head	list;
	u32			mask;
	u32			ignore_mask;
};

struct fanotify_event_min {
	struct list_head	list;
	u32			mask;
	u32			pid;
};

struct miscdevice_min {
	int			minor;
	const char		*name;
};

static struct kmem_cache_opaque bfs_inode_cache;
#define bfs_inode_cachep to_kmem_cache(&bfs_inode_cache)
static struct kmem_cache_opaque vhost_scsi_cmd_cache;
#define vhost_scsi_cmd_cachep to_kmem_cache(&vhost_scsi_cmd_cache)
static struct kmem_cache_opaque dquot_cache;
#define dquot_cachep to_kmem_cache(&dquot_cache)
static struct kmem_cache_opaque dquot_hash_cache;
#define dquot_hash_cachep to_kmem_cache(&dquot_hash_cache)
static struct kmem_cache_opaque fanotify_mark_cache;
#define fanotify_mark_cachep to_kmem_cache(&fanotify_mark_cache)
static struct kmem_cache_opaque fanotify_event_cache;
#define fanotify_event_cachep to_kmem_cache(&fanotify_event_cache)

static struct file_system_type bfs_fs_type = {
	.name		= "bfs",
	.fs_flags	= FS_REQUIRES_DEV,
};

static struct miscdevice_min vhost_scsi_misc = {
	.minor	= 251,
	.name	= "vhost-scsi",
};

int misc_register(struct miscdevice_min *misc);
int dquot_hash_alloc(void);

static void bfs_init_once(void *foo)
{
	struct bfs_inode_info_min *bi = foo;

	inode_init_once(&bi->vfs_inode);
}

int __init init_bfs_fs(void)
{
	int err;

	// CHECK: {{.*}}[[@LINE+1]]:8: warning: the result of 'kmem_cache_setup' is assigned but never read: if it fails, static cache 'bfs_inode_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	err = kmem_cache_setup(bfs_inode_cachep, "bfs_inode_cache",
			       sizeof(struct bfs_inode_info_min), 0,
			       SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT,
			       bfs_init_once);
	err = register_filesystem(&bfs_fs_type);
	if (err)
		goto out;
	return 0;
out:
	kmem_cache_destroy(bfs_inode_cachep);
	return err;
}

int __init vhost_scsi_init(void)
{
	int ret;

	// CHECK: {{.*}}[[@LINE+1]]:8: warning: the result of 'kmem_cache_setup' is assigned but never read: if it fails, static cache 'vhost_scsi_cmd_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	ret = kmem_cache_setup(vhost_scsi_cmd_cachep, "vhost_scsi_cmd",
			       sizeof(struct vhost_scsi_cmd_min), 0, 0, NULL);
	ret = misc_register(&vhost_scsi_misc);
	return ret;
}

int __init dquot_init(void)
{
	int err;

	// CHECK: {{.*}}[[@LINE+1]]:8: warning: the result of 'kmem_cache_setup' is assigned but never read: if it fails, static cache 'dquot_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	err = kmem_cache_setup(dquot_cachep, "dquot", sizeof(struct dquot_min),
			       sizeof(unsigned long) * 4,
			       SLAB_HWCACHE_ALIGN | SLAB_RECLAIM_ACCOUNT, NULL);
	err = kmem_cache_setup(dquot_hash_cachep, "dquot_hash",
			       sizeof(struct list_head), 0, 0, NULL);
	if (err)
		return err;
	return dquot_hash_alloc();
}

int __init fanotify_user_setup(void)
{
	struct kmem_cache *s;

	// CHECK: {{.*}}[[@LINE+1]]:6: warning: the result of '__kmem_cache_create_args' is assigned but never read: if it fails, static cache 'fanotify_mark_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	s = KMEM_CACHE_SETUP(fanotify_mark_cachep, fanotify_mark_min,
			     SLAB_ACCOUNT);
	s = KMEM_CACHE_SETUP(fanotify_event_cachep, fanotify_event_min,
			     SLAB_ACCOUNT);
	if (!s)
		return -ENOMEM;
	return 0;
}
