// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: setup and teardown spread over helpers.
// Init calls a helper that sets up two caches and unwinds its own
// failures; the exit function destroys them two helper levels down, one
// of them through a helper that destroys whatever it is given.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct fuse_req {
	struct list_head	list;
	struct list_head	intr_entry;
	unsigned long		flags;
	u64			unique;
	u32			opcode;
	u32			len;
};

struct fuse_inode {
	u64			nodeid;
	u64			nlookup;
	u64			attr_version;
	unsigned long		state;
	u8			opaque_inode[128];
};

static struct kmem_cache_opaque fuse_req_cache;
#define fuse_req_cachep to_kmem_cache(&fuse_req_cache)
static struct kmem_cache_opaque fuse_inode_cache;
#define fuse_inode_cachep to_kmem_cache(&fuse_inode_cache)

int fuse_dev_register(void);
void fuse_dev_unregister(void);
int fuse_sysfs_init(void);
void fuse_sysfs_cleanup(void);

static int __init fuse_caches_init(void)
{
	int err;

	// TWIN: {{.*}}[[@LINE+4]]:8: warning: static cache 'fuse_req_cache' is not destroyed on every path out of module exit 'fuse_exit' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+2]]:8: warning: static cache 'fuse_req_cache' stays set up when module init 'fuse_init' fails [kmem-module-leak]
	//
	err = kmem_cache_setup(fuse_req_cachep, "fuse_request",
			       sizeof(struct fuse_req), 0, 0, NULL);
	if (err)
		return err;

	err = kmem_cache_setup(fuse_inode_cachep, "fuse_inode",
			       sizeof(struct fuse_inode), 0,
			       SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT |
			       SLAB_RECLAIM_ACCOUNT, NULL);
	if (err)
		kmem_cache_destroy(fuse_req_cachep);
	return err;
}

static void fuse_cache_release(struct kmem_cache *s)
{
	rcu_barrier();
	kmem_cache_destroy(s);
}

static void fuse_caches_cleanup(void)
{
	fuse_cache_release(fuse_inode_cachep);
#ifndef SLABCHECK_TWIN
	/* The twin lost this line when the helper above was introduced. */
	kmem_cache_destroy(fuse_req_cachep);
#endif
}

static void fuse_teardown(void)
{
	fuse_sysfs_cleanup();
	fuse_dev_unregister();
	fuse_caches_cleanup();
}

static int __init fuse_init(void)
{
	int res;

	pr_info("fuse: init (API version 7.41)\n");

	res = fuse_caches_init();
	if (res)
		goto err;

	res = fuse_dev_register();
	if (res)
		goto err_caches;

	res = fuse_sysfs_init();
	if (res)
		goto err_dev;

	return 0;

 err_dev:
	fuse_dev_unregister();
 err_caches:
	fuse_caches_cleanup();
 err:
	return res;
}

static void __exit fuse_exit(void)
{
	pr_debug("fuse exit\n");
	fuse_teardown();
}

module_init(fuse_init);
module_exit(fuse_exit);
MODULE_LICENSE("GPL");
