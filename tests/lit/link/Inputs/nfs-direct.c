// The direct-I/O half of a module (see ../resetup-other-file.c and
// ../size-mismatch-other-file.c): it allocates requests from the cache the
// main file defines and sets up.  With -DSLABCHECK_TWIN its init sets the
// cache up a second time; with -DSLABCHECK_BIG_REQUEST it allocates a
// request larger than the cache's objects.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_direct_req {
	struct list_head	list;
	unsigned long		count;
	int			error;
	unsigned int		flags;
};

struct nfs_direct_req_big {
	struct nfs_direct_req	req;
	char			inline_data[128];
};

extern struct kmem_cache_opaque nfs_direct_cache;
#define nfs_direct_cachep to_kmem_cache(&nfs_direct_cache)

int __init nfs_init_directcache(void)
{
#ifdef SLABCHECK_TWIN
	return kmem_cache_setup(nfs_direct_cachep, "nfs_direct_cache",
				sizeof(struct nfs_direct_req), 0,
				SLAB_RECLAIM_ACCOUNT, NULL);
#else
	return 0;
#endif
}

struct nfs_direct_req *nfs_direct_req_alloc(void)
{
#ifdef SLABCHECK_BIG_REQUEST
	struct nfs_direct_req_big *big;

	big = kmem_cache_zalloc(nfs_direct_cachep, GFP_KERNEL);
	return big ? &big->req : NULL;
#else
	struct nfs_direct_req *dreq;

	dreq = kmem_cache_zalloc(nfs_direct_cachep, GFP_KERNEL);
	return dreq;
#endif
}

void nfs_direct_req_free(struct nfs_direct_req *dreq)
{
	kmem_cache_free(nfs_direct_cachep, dreq);
}
