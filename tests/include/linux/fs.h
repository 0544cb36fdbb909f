/*
 * Test stand-in for <linux/fs.h>, modeled on Linux 6.12: only the pieces a
 * small filesystem module touches (inodes, superblocks, registration).
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/list_lru.h>
#include <linux/spinlock.h>
#include <linux/slab.h>

struct module;
struct super_block;
struct dentry;
struct file;
struct kstatfs;

struct timespec64 {
	time64_t	tv_sec;
	long		tv_nsec;
};

struct inode {
	umode_t			i_mode;
	unsigned short		i_opflags;
	unsigned int		i_flags;
	unsigned long		i_ino;
	unsigned int		i_nlink;
	loff_t			i_size;
	struct timespec64	i_mtime;
	struct super_block	*i_sb;
	spinlock_t		i_lock;
	struct hlist_node	i_hash;
	struct list_head	i_sb_list;
	atomic_t		i_count;
	void			*i_private;
};

struct super_operations {
	struct inode *(*alloc_inode)(struct super_block *sb);
	void (*destroy_inode)(struct inode *);
	void (*free_inode)(struct inode *);
	int (*write_inode)(struct inode *, int wait);
	void (*evict_inode)(struct inode *);
	void (*put_super)(struct super_block *);
	int (*sync_fs)(struct super_block *sb, int wait);
	int (*statfs)(struct dentry *, struct kstatfs *);
};

struct super_block {
	struct list_head		s_list;
	dev_t				s_dev;
	unsigned long			s_blocksize;
	unsigned long			s_flags;
	unsigned long			s_magic;
	const struct super_operations	*s_op;
	struct dentry			*s_root;
	void				*s_fs_info;
	struct list_lru			s_inode_lru;
};

struct file_system_type {
	const char *name;
	int fs_flags;
#define FS_REQUIRES_DEV		1
#define FS_BINARY_MOUNTDATA	2
	struct dentry *(*mount)(struct file_system_type *, int,
				const char *, void *);
	void (*kill_sb)(struct super_block *);
	struct module *owner;
	struct file_system_type *next;
};

#define MODULE_ALIAS_FS(NAME)	MODULE_ALIAS("fs-" NAME)

int register_filesystem(struct file_system_type *fs);
int unregister_filesystem(struct file_system_type *fs);

void inode_init_once(struct inode *inode);
void kill_block_super(struct super_block *sb);
struct dentry *mount_bdev(struct file_system_type *fs_type, int flags,
			  const char *dev_name, void *data,
			  int (*fill_super)(struct super_block *, void *, int));

/* Inodes come from the filesystem's cache, on the superblock's LRU. */
static inline void *alloc_inode_sb(struct super_block *sb,
				   struct kmem_cache *cache, gfp_t gfp)
{
	return kmem_cache_alloc_lru(cache, &sb->s_inode_lru, gfp);
}

#endif /* _LINUX_FS_H */
