// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak (all four doors).  Shape of fs/btrfs/super.c's
 * mod_init_seq[] (modules/btrfs, mutant extent-map-no-exit-func, missed
 * by every door).
 *
 * Module init runs the init_func of each element of a const table in a
 * forward loop; module exit and the failure path run the exit_func of
 * each element in a *descending* for loop, as btrfs_exit_btrfs_fs() does.
 * The first element sets foo_cache up and has no exit_func: the cache is
 * never destroyed.
 *
 * slabcheck says nothing.  It should say, at the setup in
 * foo_init_cache() (line 45, column 9):
 *   warning: static cache 'foo_cache_instance' is not destroyed on every
 *   path out of module exit 'mod_exit' [kmem-module-leak]
 *   warning: static cache 'foo_cache_instance' stays set up when module
 *   init 'mod_init' fails [kmem-module-leak]
 * It does when the exit loop is "i = ARRAY_SIZE(t); while (i--)" or counts
 * upwards: the counter of "for (i = N - 1; i >= 0; i--)" (even with N a
 * literal) is not followed, the call through the table becomes a call that
 * may reach anything, and the cache becomes unknown.  btrfs's
 * mod_init_result[] array, which the previous hunt blamed, is not the
 * cause: with it and a "while (i--)" loop, both findings are there.
 *
 *   slabcheck table-exit-descending-loop.c -- -DMODULE -std=gnu11 -O2 \
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

int bar_register(void);
void bar_unregister(void);

static int foo_init_cache(void)
{
	return kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL);
}

static void foo_exit_cache(void)
{
	kmem_cache_destroy(foo_cachep);
}

struct init_sequence {
	int (*init_func)(void);
	void (*exit_func)(void);
};

static const struct init_sequence mod_init_seq[] = {
	{
		.init_func = foo_init_cache,
		.exit_func = NULL,	/* should be foo_exit_cache */
	}, {
		.init_func = bar_register,
		.exit_func = bar_unregister,
	}
};

static bool mod_init_result[ARRAY_SIZE(mod_init_seq)];

static void mod_exit_all(void)
{
	int i;

	for (i = ARRAY_SIZE(mod_init_seq) - 1; i >= 0; i--) {
		if (mod_init_seq[i].exit_func)
			mod_init_seq[i].exit_func();
		mod_init_result[i] = false;
	}
}

static int __init mod_init(void)
{
	int ret;
	int i;

	for (i = 0; i < ARRAY_SIZE(mod_init_seq); i++) {
		ret = mod_init_seq[i].init_func();
		if (ret < 0) {
			mod_exit_all();
			return ret;
		}
		mod_init_result[i] = true;
	}
	return 0;
}

static void __exit mod_exit(void)
{
	mod_exit_all();
}

module_init(mod_init);
module_exit(mod_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: table-exit-descending-loop.c:45:9: kmem-module-leak
 * Want: table-exit-descending-loop.c:45:9: kmem-module-leak
 */
