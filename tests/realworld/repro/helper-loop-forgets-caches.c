// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak (all four doors).  Shape of net/batman-adv's
 * batadv_init(), which calls batadv_recv_handler_init() between the
 * cache setups and a failure that forgets one cache (modules/batman-adv,
 * mutant tt-cache-destroy-forgets-roam: the leak at module exit is found,
 * the one when module init fails is missed).
 *
 * foo_handlers_init() touches no cache: it fills a table of 256 handlers
 * in a loop.  Called between the setup and a failing return of module
 * init, it makes slabcheck forget the cache.
 *
 * slabcheck says nothing.  It should say, at the setup (line 59,
 * column 6):
 *   warning: static cache 'foo_cache_instance' stays set up when module
 *   init 'foo_init' fails [kmem-module-leak]
 * as it does when the table has 15 entries or fewer.  From 16 on, the
 * walk of foo_handlers_init() widens its loop (the plugin's debug option
 * prints "foo_handlers_init: widening: block 4 entered 16 times" and
 * "imprecise: some paths tested forgotten constants"), and the caller's
 * caches come out of the call unknown, as after a call whose summary
 * cannot be computed.  A function that names no cache and calls nothing
 * that does cannot change a cache, whatever its loops do.
 *
 *   slabcheck helper-loop-forgets-caches.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct foo { int a, b; };
static struct kmem_cache_opaque foo_cache_instance;
#define foo_cachep to_kmem_cache(&foo_cache_instance)

int foo_register(void);

typedef int (*foo_handler_t)(void *);
static foo_handler_t foo_handlers[256];

static int foo_unhandled(void *p)
{
	return -1;
}

static void foo_handlers_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(foo_handlers); i++)
		foo_handlers[i] = foo_unhandled;
}

static int __init foo_init(void)
{
	if (kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL))
		return -ENOMEM;
	foo_handlers_init();
	if (foo_register())
		return -EBUSY;		/* leaks foo_cache */
	return 0;
}

static void __exit foo_exit(void)
{
	kmem_cache_destroy(foo_cachep);
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: helper-loop-forgets-caches.c:59:6: kmem-module-leak
 */
