// SPDX-License-Identifier: GPL-2.0
/*
 * False alarm, kmem-use-after-destroy (all four doors).  Shape of
 * drivers/block/drbd after the conversion (modules/drbd).
 *
 * bar_destroy_caches() destroys the cache only when bar_caches_ready says
 * it was set up, and clears the flag.  bar_init() calls it twice on one
 * failing path: once inside bar_create_caches(), whose later step failed,
 * and once more from the common error exit.  The second call finds the
 * flag cleared and destroys nothing.
 *
 * slabcheck says:
 *   flag-guarded-destroy-twice.c:43:3: warning: static cache
 *   'bar_cache_instance' is passed to 'kmem_cache_destroy' after it was
 *   destroyed on this path [kmem-use-after-destroy]
 * It should say nothing.  The test of bar_caches_ready is taken as module
 * state (a variable the function did not write), so in the second call
 * both sides are walked and the destroying side meets a cache the first
 * call destroyed; that the first call wrote the flag on this very path is
 * not seen.
 *
 *   slabcheck flag-guarded-destroy-twice.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct bar {
	int a, b;
};

static struct kmem_cache_opaque bar_cache_instance;
#define bar_cachep to_kmem_cache(&bar_cache_instance)

static bool bar_caches_ready;
int bar_register(void);

static void bar_destroy_caches(void)
{
	if (bar_caches_ready) {
		kmem_cache_destroy(bar_cachep);
		bar_caches_ready = false;
	}
}

static int bar_create_caches(void)
{
	if (kmem_cache_setup(bar_cachep, "bar", sizeof(struct bar), 0, 0, NULL))
		return -ENOMEM;
	bar_caches_ready = true;
	if (bar_register())
		goto fail;
	return 0;
fail:
	bar_destroy_caches();
	return -ENOMEM;
}

static int __init bar_init(void)
{
	int err;

	err = bar_create_caches();
	if (err)
		goto fail;
	return 0;
fail:
	bar_destroy_caches();	/* common error exit, as drbd_cleanup() */
	return err;
}

static void __exit bar_exit(void)
{
	bar_destroy_caches();
}

module_init(bar_init);
module_exit(bar_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: none
 */
