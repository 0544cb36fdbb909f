// SPDX-License-Identifier: GPL-2.0
/*
 * False alarm, kmem-module-leak (slabcheck-sparse only).  Shape of
 * fs/dlm/memory.c after the conversion (modules/dlm: three false alarms
 * with --sparse, none with the other doors), where dlm_memory_init() sets
 * three caches up through helpers of lowcomms.c and midcomms.c that take
 * the cache to set up; the helper may as well be in the same file.
 *
 * memory_init() sets msg_cache up through msg_cache_setup(), which
 * returns kmem_cache_setup()'s result, and destroys it again when
 * lkb_cache cannot be set up.  Nothing leaks.
 *
 * slabcheck --sparse says:
 *   sparse-param-helper-false-leak.c:64:9: warning: static cache
 *   'msg_cache_instance' stays set up when module init 'foo_init' fails
 *   [kmem-module-leak]
 * It should say nothing, as the GCC plugin, the Clang plugin and
 * slabcheck-clang do.
 *
 *   slabcheck --sparse sparse-param-helper-false-leak.c -- -DMODULE \
 *	-std=gnu11 -O2 -nostdinc -isystem tests/include
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
		goto out;
	if (kmem_cache_setup(lkb_cache, "lkb", sizeof(struct lkb), 0, 0, NULL))
		goto msg;
	return 0;
msg:
	kmem_cache_destroy(msg_cache);
out:
	return -ENOMEM;
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
 * Want: none
 */
