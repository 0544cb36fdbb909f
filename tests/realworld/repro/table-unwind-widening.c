// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak (all four doors).  Shape of drivers/md/dm.c
 * (modules/dm-mod, mutant exits-table-drops-kcopyd: the leak at module
 * exit is found, the one when module init fails is not).
 *
 * Module init runs _inits[] in a loop and, when one fails, unwinds with
 * "while (i--) _exits[i]();", as dm_init() does; docs/rules.md gives that
 * very code as a resolved table call.  The sixth of eight steps sets
 * foo_cache up (dm_kcopyd_init() is the sixth in dm.c), and its exit step
 * forgets to destroy it.  The eighth step fails.
 *
 * slabcheck says, at the setup (line 46, column 9), only:
 *   warning: static cache 'foo_cache_instance' is not destroyed on every
 *   path out of module exit 'foo_exit' [kmem-module-leak]
 * It should also say:
 *   warning: static cache 'foo_cache_instance' stays set up when module
 *   init 'foo_init' fails [kmem-module-leak]
 * and does when the cache is set up by one of the first five steps, or
 * when the table has six steps or fewer.  The debug option says why:
 * "foo_init: widening: block 9 entered 16 times" and "imprecise: some
 * paths tested forgotten constants": the passes of the init loop and of
 * the unwinding loop add up past sixteen, the counter is forgotten, and
 * nothing is reported from the paths that test it afterwards.  The
 * unwinding loop starts a new count; the two loops are not one.
 *
 *   slabcheck table-unwind-widening.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct foo {
	int a, b;
};

static struct kmem_cache_opaque foo_cache_instance;
#define foo_cachep to_kmem_cache(&foo_cache_instance)

static int foo_cache_init(void)
{
	return kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL);
}

static void foo_cache_exit(void)
{
	/* kmem_cache_destroy(foo_cachep) forgotten */
}

/* Steps of other files: they touch no cache. */
int a_init(void), b_init(void), c_init(void), d_init(void), e_init(void);
int g_init(void), h_init(void);
void a_exit(void), b_exit(void), c_exit(void), d_exit(void), e_exit(void);
void g_exit(void), h_exit(void);

static int (*_inits[])(void) __initdata = {
	a_init, b_init, c_init, d_init, e_init,
	foo_cache_init,
	g_init, h_init,
};

static void (*_exits[])(void) = {
	a_exit, b_exit, c_exit, d_exit, e_exit,
	foo_cache_exit,
	g_exit, h_exit,
};

static int __init foo_init(void)
{
	const int count = ARRAY_SIZE(_inits);
	int r, i;

	for (i = 0; i < count; i++) {
		r = _inits[i]();
		if (r)
			goto bad;
	}
	return 0;
bad:
	while (i--)
		_exits[i]();
	return r;
}

static void __exit foo_exit(void)
{
	int i = ARRAY_SIZE(_exits);

	while (i--)
		_exits[i]();
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: table-unwind-widening.c:46:9: kmem-module-leak
 * Want: table-unwind-widening.c:46:9: kmem-module-leak
 */
