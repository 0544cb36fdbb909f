// RUN: %check -DMODULE %s | %filecheck %s
// RUN: %check %s | %filecheck %s
//
// kmem-use-after-destroy and a "caches are set up" flag, in the shape of
// drivers/block/drbd once converted: the destroy helper destroys only
// when the flag says the caches are set up, and clears it.  Init calls it
// from the failing step and again from the common error exit; the second
// call finds the flag cleared and destroys nothing.  The walk cannot know
// what the flag holds there, so it must not report that second destroy.
// What it can see stays reported: an allocation under another flag after
// the destroy, and a destroy that no flag guards after a guarded one.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct drbx_request {
	unsigned long	sector;
	unsigned int	size;
};

struct drbx_ee {
	unsigned long	sector;
	void		*pages;
};

static struct kmem_cache_opaque drbx_request_cache_instance;
#define drbx_request_cache to_kmem_cache(&drbx_request_cache_instance)
static struct kmem_cache_opaque drbx_ee_cache_instance;
#define drbx_ee_cache to_kmem_cache(&drbx_ee_cache_instance)
static struct kmem_cache_opaque drbx_bm_cache_instance;
#define drbx_bm_cache to_kmem_cache(&drbx_bm_cache_instance)

static bool drbx_caches_ready;
static bool drbx_debug;
int drbx_register_blkdev(void);
int drbx_create_workqueues(void);

static void drbx_destroy_caches(void)
{
	if (drbx_caches_ready) {
		kmem_cache_destroy(drbx_request_cache);
		kmem_cache_destroy(drbx_ee_cache);
		drbx_caches_ready = false;
	}
}

static int drbx_create_caches(void)
{
	if (kmem_cache_setup(drbx_request_cache, "drbx_req",
			     sizeof(struct drbx_request), 0, 0, NULL))
		return -ENOMEM;
	if (kmem_cache_setup(drbx_ee_cache, "drbx_ee", sizeof(struct drbx_ee),
			     0, 0, NULL)) {
		kmem_cache_destroy(drbx_request_cache);
		return -ENOMEM;
	}
	drbx_caches_ready = true;
	if (drbx_register_blkdev())
		goto fail;
	return 0;
fail:
	drbx_destroy_caches();
	return -ENOMEM;
}

static int __init drbx_init(void)
{
	int err;

	err = drbx_create_caches();
	if (err)
		goto fail;
	if (kmem_cache_setup(drbx_bm_cache, "drbx_bm", 64, 0, 0, NULL)) {
		err = -ENOMEM;
		goto fail;
	}
	err = drbx_create_workqueues();
	if (err) {
		kmem_cache_destroy(drbx_bm_cache);
		if (drbx_debug)
			kmem_cache_shrink(drbx_bm_cache);
		// CHECK: {{.*}}[[@LINE-1]]:4: warning: static cache 'drbx_bm_cache_instance' is passed to 'kmem_cache_shrink' after it was destroyed on this path [kmem-use-after-destroy]
		//
		goto fail;
	}
	return 0;
fail:
	/* The common error exit: the caches may be set up, or not. */
	drbx_destroy_caches();
	return err;
}

static void __exit drbx_exit(void)
{
	drbx_destroy_caches();
	/* "Just in case": no flag guards this one. */
	kmem_cache_destroy(drbx_ee_cache);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: static cache 'drbx_ee_cache_instance' is passed to 'kmem_cache_destroy' after it was destroyed on this path [kmem-use-after-destroy]
	//
	kmem_cache_destroy(drbx_bm_cache);
}

module_init(drbx_init);
module_exit(drbx_exit);
MODULE_LICENSE("GPL");
