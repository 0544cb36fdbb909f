// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -I %include-dir/variants/rfc %s | %filecheck --allow-empty %s
// RUN: %check -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --allow-empty %s
// RUN: %check -I %include-dir/variants/is-err-ternary %s | %filecheck --allow-empty %s
// RUN: %check -I %include-dir/variants/local-err %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_TWIN -I %include-dir/variants/rfc %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_TWIN -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_TWIN -I %include-dir/variants/is-err-ternary %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_TWIN -I %include-dir/variants/local-err %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -I %include-dir/variants/rfc %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DSLABCHECK_TWIN -I %include-dir/variants/rfc %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DSLABCHECK_TWIN -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -I %include-dir/variants/is-err-ternary %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DSLABCHECK_TWIN -I %include-dir/variants/is-err-ternary %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -I %include-dir/variants/rfc %s | %filecheck --allow-empty %s
// RUN: %check -Os -DSLABCHECK_TWIN -I %include-dir/variants/rfc %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --allow-empty %s
// RUN: %check -Os -DSLABCHECK_TWIN -I %include-dir/variants/ptr-err-or-zero %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -I %include-dir/variants/is-err-ternary %s | %filecheck --allow-empty %s
// RUN: %check -Os -DSLABCHECK_TWIN -I %include-dir/variants/is-err-ternary %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// The result of kmem_cache_setup() and kmem_cache_setup_usercopy(), used
// every way callers use an errno, with the helpers' bodies written each
// way a version of the series may write them (tests/include/variants/):
// the stand-in's `res ? 0 : -ENOMEM`, the RFC's IS_ERR()/PTR_ERR(),
// PTR_ERR_OR_ZERO(), `IS_ERR(res) ? PTR_ERR(res) : 0`, and an errno kept
// in a local variable set on the failing branch.  Every checker knows the
// helpers by name: a body is the API's business, and the result the caller
// reads is the call's.  Returned, compared with an
// errno, tested `< 0`, switched on, or'ed into an error, handed to
// another function, stored into a struct or a global: nothing here is
// ignored, nothing set up twice.  The twin really throws a result away,
// and sets one cache up a second time.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_page_min {
	struct list_head	wb_list;
	unsigned long		wb_index;
	unsigned int		wb_offset;
	unsigned int		wb_bytes;
};

struct nfs_fh_min {
	unsigned short		size;
	unsigned char		data[128];
};

struct nfs_cache_state {
	int			page_err;
	int			fh_err;
};

static struct kmem_cache_opaque nfs_page_cache;
#define nfs_page_cachep to_kmem_cache(&nfs_page_cache)
static struct kmem_cache_opaque nfs_rdata_cache;
#define nfs_rdata_cachep to_kmem_cache(&nfs_rdata_cache)
static struct kmem_cache_opaque nfs_wdata_cache;
#define nfs_wdata_cachep to_kmem_cache(&nfs_wdata_cache)
static struct kmem_cache_opaque nfs_cdata_cache;
#define nfs_cdata_cachep to_kmem_cache(&nfs_cdata_cache)
static struct kmem_cache_opaque nfs_fh_cache;
#define nfs_fh_cachep to_kmem_cache(&nfs_fh_cache)
static struct kmem_cache_opaque nfs_inode_cache;
#define nfs_inode_cachep to_kmem_cache(&nfs_inode_cache)
static struct kmem_cache_opaque nfs_direct_cache;
#define nfs_direct_cachep to_kmem_cache(&nfs_direct_cache)
static struct kmem_cache_opaque nfs_lock_cache;
#define nfs_lock_cachep to_kmem_cache(&nfs_lock_cache)
static struct kmem_cache_opaque nfs_attr_cache;
#define nfs_attr_cachep to_kmem_cache(&nfs_attr_cache)

static struct nfs_cache_state nfs_state;
static int nfs_attr_err;

int nfs_report_setup(const char *what, int err);

/* Returned directly. */
int __init nfs_init_nfspagecache(void)
{
	return kmem_cache_setup(nfs_page_cachep, "nfs_page",
				sizeof(struct nfs_page_min), 0,
				SLAB_HWCACHE_ALIGN, NULL);
}

/* Compared with one errno, then returned. */
int __init nfs_init_readpagecache(void)
{
	int err;

	err = kmem_cache_setup(nfs_rdata_cachep, "nfs_read_data",
			       sizeof(struct nfs_page_min), 0,
			       SLAB_HWCACHE_ALIGN, NULL);
	if (err == -EINVAL)
		pr_warn("nfs: bad read cache geometry\n");
	return err;
}

/* Tested `< 0`, the call inside the condition, then returned. */
int __init nfs_init_writepagecache(void)
{
	int err;

	if ((err = kmem_cache_setup(nfs_wdata_cachep, "nfs_write_data",
				    sizeof(struct nfs_page_min), 0,
				    SLAB_HWCACHE_ALIGN, NULL)) < 0)
		pr_warn("nfs: no write cache: %d\n", err);
	return err;
}

/* Switched on. */
int __init nfs_init_commitcache(void)
{
	switch (kmem_cache_setup(nfs_cdata_cachep, "nfs_commit_data",
				 sizeof(struct nfs_page_min), 0,
				 SLAB_HWCACHE_ALIGN, NULL)) {
	case 0:
		return 0;
	case -ENOMEM:
		return -ENOMEM;
	default:
		return -EINVAL;
	}
}

/* Or'ed into one error for two setups. */
int __init nfs_init_fh_and_inode(void)
{
	int err = 0;

	err |= kmem_cache_setup_usercopy(nfs_fh_cachep, "nfs_fh",
					 sizeof(struct nfs_fh_min), 0, 0,
					 offsetof(struct nfs_fh_min, data),
					 sizeof_field(struct nfs_fh_min, data),
					 NULL);
	err |= kmem_cache_setup(nfs_inode_cachep, "nfs_inode",
				sizeof(struct nfs_page_min), 0,
				SLAB_RECLAIM_ACCOUNT, NULL);
	return err;
}

/* Handed to another function, which returns it. */
int __init nfs_init_directcache(void)
{
	return nfs_report_setup("direct",
				kmem_cache_setup(nfs_direct_cachep,
						 "nfs_direct_cache",
						 sizeof(struct nfs_page_min),
						 0, SLAB_RECLAIM_ACCOUNT,
						 NULL));
}

/* Stored into a struct and into a global, for a later check. */
void __init nfs_init_state_caches(void)
{
	nfs_state.page_err = kmem_cache_setup(nfs_lock_cachep, "nfs_lock",
					      sizeof(struct nfs_page_min), 0,
					      0, NULL);
	nfs_attr_err = kmem_cache_setup(nfs_attr_cachep, "nfs_attr",
					sizeof(struct nfs_page_min), 0, 0,
					NULL);
}

#ifdef SLABCHECK_TWIN
int __init nfs_init_twin(void)
{
	int err;

	// TWIN: {{.*}}[[@LINE+1]]:2: warning: the result of 'kmem_cache_setup' is ignored: if it fails, static cache 'nfs_page_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	kmem_cache_setup(nfs_page_cachep, "nfs_page",
			 sizeof(struct nfs_page_min), 0, 0, NULL);
	err = kmem_cache_setup(nfs_rdata_cachep, "nfs_read_data",
			       sizeof(struct nfs_page_min), 0, 0, NULL);
	if (err < 0)
		return err;
	// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'nfs_rdata_cache' may already be set up on this path [kmem-resetup]
	return kmem_cache_setup(nfs_rdata_cachep, "nfs_read_data",
				sizeof(struct nfs_page_min), 0, 0, NULL);
}
#endif
