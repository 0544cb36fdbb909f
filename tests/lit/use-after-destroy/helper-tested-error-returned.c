// RUN: %check -DMODULE %s | %filecheck %s --check-prefix=SILENT --allow-empty
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// kmem-use-after-destroy and an error code a helper passes on, in the
// shape of fs/afs once converted: afs_fs_init() sets its inode cache up,
// registers the file system, and when that fails destroys the cache and
// returns the error it was given, which it tested `< 0`; afs_init() tests
// the result `< 0` too, and only a later failure runs afs_fs_exit(), which
// destroys the cache again.  The destroying outcome returns a negative
// value, which the caller's test sends away: silent.  The twin's helper
// tests `!= 0` instead, so a positive value could come back with the
// cache destroyed, and the caller's `< 0` would let it through.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ta_inode_min {
	unsigned long	flags;
	void		*vnode;
};

static struct kmem_cache_opaque ta_inode_cache;
#define ta_inode_cachep to_kmem_cache(&ta_inode_cache)

int ta_register_filesystem(void);
void ta_unregister_filesystem(void);
void *ta_proc_symlink(void);

static int __init ta_fs_init(void)
{
	int ret;

	ret = kmem_cache_setup(ta_inode_cachep, "ta_inode_cache",
			       sizeof(struct ta_inode_min), 0, 0, NULL);
	if (ret)
		return ret;
	ret = ta_register_filesystem();
#ifdef SLABCHECK_TWIN
	if (ret != 0) {
#else
	if (ret < 0) {
#endif
		kmem_cache_destroy(ta_inode_cachep);
		return ret;
	}
	return 0;
}

static void ta_fs_exit(void)
{
	ta_unregister_filesystem();
	kmem_cache_destroy(ta_inode_cachep);
	// TWIN: {{.*}}[[@LINE-1]]:2: warning: static cache 'ta_inode_cache' is passed to 'kmem_cache_destroy' after it was destroyed on this path [kmem-use-after-destroy]
	//
	//
}

static int __init ta_init(void)
{
	int ret;

	ret = ta_fs_init();
	if (ret < 0)
		goto error_fs;
	if (!ta_proc_symlink()) {
		ret = -ENOMEM;
		goto error_proc;
	}
	return 0;

error_proc:
	ta_fs_exit();
error_fs:
	return ret;
}

static void __exit ta_exit(void)
{
	ta_fs_exit();
}

module_init(ta_init);
module_exit(ta_exit);
MODULE_LICENSE("GPL");
// SILENT-NOT: warning:
