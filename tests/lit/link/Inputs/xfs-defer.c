// The other file of link/dynamic-destroy-other-file.c, in the shape of
// fs/xfs/libxfs/xfs_defer.c: the caches of deferred work items are
// dynamic, and their teardown calls the destroy helpers of other files of
// xfs (here the rest of the kernel: no file of this module defines them)
// and destroys its own dynamic cache.  No static instance is named here,
// so no body of this file is in its facts.
#include <linux/errno.h>
#include <linux/slab.h>

struct xfs_defer_pending_min {
	unsigned int	dfp_intent;
	unsigned int	dfp_count;
};

int xfs_attr_intent_init_cache(void);
void xfs_attr_intent_destroy_cache(void);

static struct kmem_cache *xfs_defer_pending_cache;

static int xfs_defer_init_cache(void)
{
	xfs_defer_pending_cache = kmem_cache_create("xfs_defer_pending",
			sizeof(struct xfs_defer_pending_min), 0, 0, NULL);
	return xfs_defer_pending_cache ? 0 : -ENOMEM;
}

static void xfs_defer_destroy_cache(void)
{
	kmem_cache_destroy(xfs_defer_pending_cache);
	xfs_defer_pending_cache = NULL;
}

int xfs_defer_init_item_caches(void)
{
	int error;

	error = xfs_defer_init_cache();
	if (error)
		return error;
	error = xfs_attr_intent_init_cache();
	if (error)
		goto err;
	return 0;
err:
	xfs_defer_destroy_cache();
	return error;
}

void xfs_defer_destroy_item_caches(void)
{
	xfs_attr_intent_destroy_cache();
	xfs_defer_destroy_cache();
}
