// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak (all four doors).  Shape of fs/jfs's
 * metapage_init() and of every cache that backs a mempool (drbd, dm,
 * nfs ...): modules/jfs, mutant metapage-exit-keeps-cache, where the leak
 * when module init fails is missed and the one at module exit found.
 *
 * Module init sets foo_cache up, hands it to mempool_create_slab_pool()
 * and then fails without destroying it.
 *
 * slabcheck said nothing.  It should say, at the setup (line 41,
 * column 6):
 *   warning: static cache 'foo_cache_instance' stays set up when module
 *   init 'foo_init' fails [kmem-module-leak]
 * as it does without the mempool_create_slab_pool() call.  A cache passed
 * to a function outside the module becomes unknown, as docs/rules.md and
 * docs/link.md say, since that function might set it up or destroy it.
 * mempool_create_slab_pool() and mempool_init_slab_pool() only allocate
 * from the cache and free to it; knowing the mempool API as a user of the
 * cache would keep the cache known and find the leak.
 *
 *   slabcheck mempool-hides-leak.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/mempool.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo { int a, b; };
static struct kmem_cache_opaque foo_cache_instance;
#define foo_cachep to_kmem_cache(&foo_cache_instance)

int foo_register(void);

static mempool_t *foo_pool;

static int __init foo_init(void)
{
	if (kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL))
		return -ENOMEM;
	foo_pool = mempool_create_slab_pool(16, foo_cachep);
	if (!foo_pool) {
		kmem_cache_destroy(foo_cachep);
		return -ENOMEM;
	}
	if (foo_register())
		return -EBUSY;		/* leaks foo_cache (and the pool) */
	return 0;
}

static void __exit foo_exit(void)
{
	mempool_destroy(foo_pool);
	kmem_cache_destroy(foo_cachep);
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: mempool-hides-leak.c:41:6: kmem-module-leak
 */
