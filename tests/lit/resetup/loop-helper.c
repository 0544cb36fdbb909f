// RUN: %check %s | %filecheck %s
//
// kmem-resetup when a helper that sets up a fixed instance is called in a
// loop, or called again after a helper that destroys it.  Helpers that
// set up distinct instances, called once each, stay silent, also when they
// are reached through a second level of helpers.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_page {
	struct list_head	wb_list;
	void			*wb_page;
	unsigned int		wb_offset;
	unsigned int		wb_bytes;
	u64			wb_index;
};

struct nfs_read_data {
	struct list_head	pages;
	u64			offset;
	u32			count;
	int			error;
};

struct nfs_write_data {
	struct list_head	pages;
	u64			offset;
	u32			count;
	u32			stable;
	int			error;
};

static struct kmem_cache_opaque nfs_page_cache;
#define nfs_page_cachep to_kmem_cache(&nfs_page_cache)
static struct kmem_cache_opaque nfs_rdata_cache;
#define nfs_rdata_cachep to_kmem_cache(&nfs_rdata_cache)
static struct kmem_cache_opaque nfs_wdata_cache;
#define nfs_wdata_cachep to_kmem_cache(&nfs_wdata_cache)

extern unsigned int nfs_nr_mounts;

static int __init nfs_init_nfspagecache(void)
{
	if (!KMEM_CACHE_SETUP(nfs_page_cachep, nfs_page, SLAB_HWCACHE_ALIGN))
		return -ENOMEM;
	return 0;
}

static void nfs_destroy_nfspagecache(void)
{
	kmem_cache_destroy(nfs_page_cachep);
}

static int __init nfs_init_readpagecache(void)
{
	return kmem_cache_setup(nfs_rdata_cachep, "nfs_read_data",
				sizeof(struct nfs_read_data), 0,
				SLAB_HWCACHE_ALIGN, NULL);
}

static int __init nfs_init_writepagecache(void)
{
	return kmem_cache_setup(nfs_wdata_cachep, "nfs_write_data",
				sizeof(struct nfs_write_data), 0,
				SLAB_HWCACHE_ALIGN, NULL);
}

/* Second level: each instance still set up once. */
static int __init nfs_init_io_caches(void)
{
	int err;

	err = nfs_init_readpagecache();
	if (err)
		return err;
	err = nfs_init_writepagecache();
	if (err)
		kmem_cache_destroy(nfs_rdata_cachep);
	return err;
}

/* "Per mount" caches that are really one instance. */
int __init nfs_init_mount_caches(void)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < nfs_nr_mounts; i++) {
		err = nfs_init_nfspagecache();
		// CHECK: {{.*}}[[@LINE-1]]:9: warning: static cache 'nfs_page_cache' may already be set up on this path (set up again in 'nfs_init_nfspagecache') [kmem-resetup]
		if (err)
			break;
	}
	return err;
}

int __init nfs_reinit_caches(void)
{
	int err;

	err = nfs_init_io_caches();
	if (err)
		return err;
	err = nfs_init_nfspagecache();
	if (err)
		return err;
	nfs_destroy_nfspagecache();
	return nfs_init_nfspagecache();
	// CHECK: {{.*}}[[@LINE-1]]:9: warning: static cache 'nfs_page_cache' may already be set up on this path (set up again in 'nfs_init_nfspagecache') [kmem-resetup]
}
