// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -O2 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -O2 -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O2 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A retry after a failed setup, guarded by `&&`: the setup is tried again
// only when the first one failed.  At -O2 and -Os GCC folds `a && b` on
// simple operands into one test of `a & b` before the plugin sees the
// function; the engine must still see the two tests, or the path on which
// the setup succeeded seems to go round again (a false kmem-resetup).
// The twins retry on the wrong condition and set the cache up twice.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_page {
	struct list_head	wb_list;
	u64			wb_index;
	unsigned int		wb_offset;
	unsigned int		wb_bytes;
};

struct nfs_commit_data {
	struct list_head	pages;
	u64			lwb;
	int			error;
};

struct nfs_rdata {
	u64			offset;
	u32			count;
	u32			flags;
};

static struct kmem_cache_opaque nfs_page_cache;
#define nfs_page_cachep to_kmem_cache(&nfs_page_cache)
static struct kmem_cache_opaque nfs_cdata_cache;
#define nfs_cdata_cachep to_kmem_cache(&nfs_cdata_cache)
static struct kmem_cache_opaque nfs_rdata_cache;
#define nfs_rdata_cachep to_kmem_cache(&nfs_rdata_cache)

void nfs_shrink_caches(void);
void msleep(unsigned int msecs);

/* Once more after the shrinker ran, on -ENOMEM only. */
int __init nfs_init_pagecache(void)
{
	bool retried = false;
	int err;

retry:
	// TWIN: {{.*}}[[@LINE+1]]:8: warning: static cache 'nfs_page_cache' may already be set up on this path [kmem-resetup]
	err = kmem_cache_setup(nfs_page_cachep, "nfs_page",
			       sizeof(struct nfs_page), 0, SLAB_HWCACHE_ALIGN,
			       NULL);
#ifdef SLABCHECK_TWIN
	if (err != -ENOMEM && !retried) {
#else
	if (err == -ENOMEM && !retried) {
#endif
		nfs_shrink_caches();
		retried = true;
		goto retry;
	}
	return err;
}

/* Three conditions, while memory is short early in boot. */
int __init nfs_init_commitcache(bool early)
{
	int err, tries = 0;

again:
	// TWIN: {{.*}}[[@LINE+1]]:8: warning: static cache 'nfs_cdata_cache' may already be set up on this path [kmem-resetup]
	err = kmem_cache_setup(nfs_cdata_cachep, "nfs_commit_data",
			       sizeof(struct nfs_commit_data), 0, 0, NULL);
#ifdef SLABCHECK_TWIN
	if (err != -ENOMEM && early && tries++ < 3) {
#else
	if (err == -ENOMEM && early && tries++ < 3) {
#endif
		msleep(10);
		goto again;
	}
	return err;
}

/* A loop that stops on success or after three tries: `!err ||`. */
int __init nfs_init_readcache(void)
{
	int err, tries;

	for (tries = 0;; tries++) {
		// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'nfs_rdata_cache' may already be set up on this path [kmem-resetup]
		err = kmem_cache_setup(nfs_rdata_cachep, "nfs_rdata",
				       sizeof(struct nfs_rdata), 0, 0, NULL);
#ifdef SLABCHECK_TWIN
		if (err || tries >= 3)
#else
		if (!err || tries >= 3)
#endif
			break;
		msleep(10);
	}
	return err;
}
