// SPDX-License-Identifier: GPL-2.0
/*
 * False alarm, kmem-use-after-destroy (all four doors), listed in
 * docs/rules.md as a known limit of call summaries.  Shape of
 * drivers/target/target_core_mod (modules/target_core_mod: ten false
 * alarms, in target_core_transport.c and target_core_alua.c, with
 * init_se_kmem_caches() in one file and module init in another).
 *
 * foo_init_caches() sets the cache up and, when a later step fails,
 * destroys it again and returns -ENOMEM; every outcome that destroyed
 * the cache returns -ENOMEM.  foo_init() tests the result with "< 0", as
 * target_core_init_configfs() does, and goes on only when it is not
 * negative; a later failure releases the caches.
 *
 * slabcheck says:
 *   helper-enomem-tested-negative.c:61:2: warning: static cache
 *   'foo_cache_instance' is passed to 'kmem_cache_destroy' after it was
 *   destroyed on this path [kmem-use-after-destroy]
 * (and one finding for every later use of the cache).  It
 * should say nothing: the summary of foo_init_caches() keeps only that
 * the destroying outcome returns non-zero, not that it is negative, so
 * the walk takes the "ret >= 0" side with the cache destroyed.  "if (ret)"
 * instead of "if (ret < 0)" is understood.
 *
 *   slabcheck helper-enomem-tested-negative.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo {
	int a, b;
};

static struct kmem_cache_opaque foo_cache_instance;
#define foo_cachep to_kmem_cache(&foo_cache_instance)

int foo_register(void);
void foo_unregister(void);
int foo_setup_configfs(void);

static int foo_init_caches(void)
{
	if (kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL))
		goto out;
	if (foo_register())
		goto out_cache;
	return 0;

out_cache:
	kmem_cache_destroy(foo_cachep);
out:
	return -ENOMEM;
}

static void foo_release_caches(void)
{
	foo_unregister();
	kmem_cache_destroy(foo_cachep);
}

static int __init foo_init(void)
{
	int ret;

	ret = foo_init_caches();
	if (ret < 0)
		return ret;
	ret = foo_setup_configfs();
	if (ret < 0)
		goto out;
	return 0;
out:
	foo_release_caches();
	return ret;
}

static void __exit foo_exit(void)
{
	foo_release_caches();
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: none
 */
