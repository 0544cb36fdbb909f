// SPDX-License-Identifier: GPL-2.0
/*
 * Wrong place, kmem-module-leak (all four doors).  Shape of fs/dlm's
 * memory.c, whose dlm_memory_init() hands its instances to setup helpers
 * of lowcomms.c and midcomms.c (modules/dlm, mutant
 * mhandle-setup-gets-msg-cache: found, at the wrong line, in another
 * file).
 *
 * memory_init() sets msg_cache up through msg_cache_setup(), a helper
 * that sets up whatever cache it is given, and returns failure without
 * destroying it when lkb_cache cannot be set up.
 *
 * slabcheck says:
 *   param-helper-leak-location.c:65:9: warning: static cache
 *   'msg_cache_instance' stays set up when module init 'foo_init' fails
 *   [kmem-module-leak]
 * at the call of memory_init() in foo_init().  By docs/rules.md ("If a
 * helper sets up whatever instance it is given, the finding is at the
 * call that passes the instance"), it should be at the call
 * msg_cache_setup(msg_cache) in memory_init() (line 47, column 6), which
 * is where the fix goes; with msg_cache set up directly in memory_init(),
 * it is at that setup.  In the dlm module the finding lands in main.c,
 * a file that never names the cache.
 *
 *   slabcheck param-helper-leak-location.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/slab.h>
#include <linux/slab-static.h>

struct msg { int a, b; };

static int msg_cache_setup(struct kmem_cache *s)
{
	return kmem_cache_setup(s, "msg", sizeof(struct msg), 0, 0, NULL);
}

struct lkb { int a, b, c; };

static struct kmem_cache_opaque msg_cache_instance;
#define msg_cache to_kmem_cache(&msg_cache_instance)
static struct kmem_cache_opaque lkb_cache_instance;
#define lkb_cache to_kmem_cache(&lkb_cache_instance)

static int memory_init(void)
{
	if (msg_cache_setup(msg_cache))
		return -ENOMEM;
	if (kmem_cache_setup(lkb_cache, "lkb", sizeof(struct lkb), 0, 0, NULL))
		return -ENOMEM;		/* leaks msg_cache */
	return 0;
}

static void memory_exit(void)
{
	kmem_cache_destroy(lkb_cache);
	kmem_cache_destroy(msg_cache);
}
#include <linux/init.h>
#include <linux/module.h>


static int __init foo_init(void)
{
	return memory_init();
}

static void __exit foo_exit(void)
{
	memory_exit();
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: param-helper-leak-location.c:47:6: kmem-module-leak
 */
