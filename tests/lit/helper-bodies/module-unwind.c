// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -I %include-dir/variants/rfc %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -I %include-dir/variants/is-err-ternary %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -I %include-dir/variants/local-err %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN -I %include-dir/variants/rfc %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN -I %include-dir/variants/is-err-ternary %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN -I %include-dir/variants/local-err %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module's init sets up its caches and unwinds what it set up when a
// later step fails, with the helpers' bodies written each way of
// tests/include/variants/ (see result-uses.c): the setups' results are
// tested `< 0`, assigned and compared with 0 in the condition, or'ed and
// tested, and the unwinding destroys what succeeded.  Under every body the setup is the
// call the caller wrote, so no path sets a cache up twice and none returns
// failure with one still set up.  The twin's unwinding forgets the
// buffer cache.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct fuse_req_min {
	struct list_head	list;
	unsigned long		flags;
	u64			unique;
	u32			opcode;
	u32			error;
};

struct fuse_buf_min {
	void			*mem;
	size_t			size;
	unsigned char		inline_data[64];
};

static struct kmem_cache_opaque fuse_req_cache;
#define fuse_req_cachep to_kmem_cache(&fuse_req_cache)
static struct kmem_cache_opaque fuse_buf_cache;
#define fuse_buf_cachep to_kmem_cache(&fuse_buf_cache)
static struct kmem_cache_opaque fuse_inode_cache;
#define fuse_inode_cachep to_kmem_cache(&fuse_inode_cache)
static struct kmem_cache_opaque fuse_file_cache;
#define fuse_file_cachep to_kmem_cache(&fuse_file_cache)

int fuse_dev_register(void);
void fuse_dev_unregister(void);

static int __init fuse_init(void)
{
	int res;

	res = kmem_cache_setup(fuse_req_cachep, "fuse_request",
			       sizeof(struct fuse_req_min), 0,
			       SLAB_HWCACHE_ALIGN, NULL);
	if (res < 0)
		return res;

	// TWIN: {{.*}}[[@LINE+2]]:13: warning: static cache 'fuse_buf_cache' stays set up when module init 'fuse_init' fails [kmem-module-leak]
	//
	if ((res = kmem_cache_setup_usercopy(fuse_buf_cachep, "fuse_buf",
					     sizeof(struct fuse_buf_min), 0, 0,
					     offsetof(struct fuse_buf_min,
						      inline_data),
					     sizeof_field(struct fuse_buf_min,
							  inline_data),
					     NULL)) != 0)
		goto out_req;

	res = kmem_cache_setup(fuse_inode_cachep, "fuse_inode",
			       sizeof(struct fuse_req_min), 0,
			       SLAB_RECLAIM_ACCOUNT, NULL);
	res |= kmem_cache_setup(fuse_file_cachep, "fuse_file",
				sizeof(struct fuse_req_min), 0, 0, NULL);
	if (res)
		goto out_caches;

	res = fuse_dev_register();
	if (res)
		goto out_caches;
	return 0;

out_caches:
	kmem_cache_destroy(fuse_file_cachep);
	kmem_cache_destroy(fuse_inode_cachep);
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(fuse_buf_cachep);
#endif
out_req:
	kmem_cache_destroy(fuse_req_cachep);
	return res;
}

static void __exit fuse_exit(void)
{
	fuse_dev_unregister();
	kmem_cache_destroy(fuse_file_cachep);
	kmem_cache_destroy(fuse_inode_cachep);
	kmem_cache_destroy(fuse_buf_cachep);
	kmem_cache_destroy(fuse_req_cachep);
}

module_init(fuse_init);
module_exit(fuse_exit);

MODULE_LICENSE("GPL");
