// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak (all four doors).  Shape of fs/btrfs/super.c's
 * mod_init_seq[] as 6.12 has it (modules/btrfs, mutant
 * extent-map-no-exit-func, missed by every door): 21 steps, the exit_func
 * of the first and of two near the end NULL, `if (!mod_init_result[i])
 * continue;` and `if (mod_init_seq[i].exit_func)` in the exit loop, which
 * runs backwards.  The twelfth step sets em_cache up and has no exit_func:
 * the cache is never destroyed.
 *
 * slabcheck says nothing.  It should say, at the setup in em_init() (line
 * 52, column 9):
 *   warning: static cache 'em_cache_instance' is not destroyed on every
 *   path out of module exit 'exit_btrfs_fs' [kmem-module-leak]
 *   warning: static cache 'em_cache_instance' stays set up when module
 *   init 'init_btrfs_fs' fails [kmem-module-leak]
 * The debug option says "btrfs_exit_btrfs_fs: widening" and "imprecise",
 * so its summary is unknown and both checks stay silent.  Why, at commit
 * 0446fce (sixteen passes now count per shape of state, which is enough
 * for the init loop):
 *  - `if (mod_init_seq[i].exit_func)` is resolved by the index only when
 *    the elements that hold an exit_func are 0..M-1
 *    (core/lowering/lower_table.c, lower_table_entry_test()); here they are not,
 *    so the test goes both ways, and on the side that calls a NULL
 *    element the call may reach anything: every cache becomes unknown.
 *  - The side of `if (!mod_init_result[i])` that skips forgets every
 *    cache that any element's exit_func destroys (core/engine/module_state_walk.c
 *    takes a call through a table as a call of each of its elements).
 *  - Either way a path with every cache unknown then goes round the
 *    remaining twenty passes unchanged, past sixteen, and the counter is
 *    forgotten: the walk is imprecise.
 * What it takes: a test of "the element the index picks holds a function"
 * for any set of elements (a set of indexes, decided by the path's
 * index), and either a bound above the table's length for such loops or
 * a guard that forgets only what the element of the path's index does.
 *
 *   slabcheck table-null-exits-long.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo { int a, b; };
static struct kmem_cache_opaque em_cache_instance;
#define em_cachep to_kmem_cache(&em_cache_instance)

static int em_init(void)
{
	return kmem_cache_setup(em_cachep, "em", sizeof(struct foo), 0, 0, NULL);
}

/* Steps of other files: they touch no cache of this one. */
int s01_init(void), s02_init(void), s03_init(void), s04_init(void);
int s05_init(void), s06_init(void), s07_init(void), s08_init(void);
int s09_init(void), s10_init(void), s11_init(void), s13_init(void);
int s14_init(void), s15_init(void), s16_init(void), s17_init(void);
int s18_init(void), s19_init(void), s20_init(void), s21_init(void);
void s02_exit(void), s03_exit(void), s04_exit(void), s05_exit(void);
void s06_exit(void), s07_exit(void), s08_exit(void), s09_exit(void);
void s10_exit(void), s11_exit(void), s13_exit(void), s14_exit(void);
void s15_exit(void), s16_exit(void), s17_exit(void), s18_exit(void);
void s21_exit(void);

struct init_sequence {
	int (*init_func)(void);
	void (*exit_func)(void);
};

static const struct init_sequence mod_init_seq[] = {
	{ s01_init, NULL },	{ s02_init, s02_exit }, { s03_init, s03_exit },
	{ s04_init, s04_exit }, { s05_init, s05_exit }, { s06_init, s06_exit },
	{ s07_init, s07_exit }, { s08_init, s08_exit }, { s09_init, s09_exit },
	{ s10_init, s10_exit }, { s11_init, s11_exit },
	{ em_init, NULL },	/* should be em_exit */
	{ s13_init, s13_exit }, { s14_init, s14_exit }, { s15_init, s15_exit },
	{ s16_init, s16_exit }, { s17_init, s17_exit }, { s18_init, s18_exit },
	{ s19_init, NULL },	{ s20_init, NULL },	{ s21_init, s21_exit },
};

static bool mod_init_result[ARRAY_SIZE(mod_init_seq)];

static __always_inline void btrfs_exit_btrfs_fs(void)
{
	int i;

	for (i = ARRAY_SIZE(mod_init_seq) - 1; i >= 0; i--) {
		if (!mod_init_result[i])
			continue;
		if (mod_init_seq[i].exit_func)
			mod_init_seq[i].exit_func();
		mod_init_result[i] = false;
	}
}

static void __exit exit_btrfs_fs(void)
{
	btrfs_exit_btrfs_fs();
}

static int __init init_btrfs_fs(void)
{
	int ret;
	int i;

	for (i = 0; i < ARRAY_SIZE(mod_init_seq); i++) {
		ret = mod_init_seq[i].init_func();
		if (ret < 0) {
			btrfs_exit_btrfs_fs();
			return ret;
		}
		mod_init_result[i] = true;
	}
	return 0;
}

module_init(init_btrfs_fs);
module_exit(exit_btrfs_fs);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: table-null-exits-long.c:52:9: kmem-module-leak
 * Want: table-null-exits-long.c:52:9: kmem-module-leak
 */
