// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak, link step (all four doors).  Shape of fs/xfs
 * (modules/xfs, mutant destroy-caches-keeps-icreate: xfs_destroy_caches()
 * forgets xfs_icreate_cache; the leak when module init fails is found,
 * the one at module exit is not, by any door).
 *
 * A module of two files: this one defines foo_cache_instance with
 * external linkage (as xfs_icreate_item.c defines xfs_icreate_cache for
 * the whole module), sets it up in foo_init_caches() and forgets to
 * destroy it in foo_destroy_caches().  That helper also calls a kernel
 * function and destroys a dynamic cache, as xfs_destroy_caches() does
 * through xfs_defer_destroy_item_caches().  Module init and exit are in
 * main.c.
 *
 * slabcheck cache.c main.c says nothing.  It should say, at the setup
 * (line 42, column 9):
 *   warning: static cache 'foo_cache_instance' is not destroyed on every
 *   path out of module exit 'foo_exit' [kmem-module-leak]
 * It does when foo_destroy_caches() makes only one of the two other calls
 * (the kernel function, or the destroy of the dynamic cache), and when
 * foo_cache_instance is static.
 *
 *   slabcheck cache.c main.c -- -DMODULE -std=gnu11 -O2 -nostdinc \
 *	-isystem tests/include
 */
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo {
	int a, b;
};

struct kmem_cache_opaque foo_cache_instance;
#define foo_cachep to_kmem_cache(&foo_cache_instance)

static struct kmem_cache *foo_dyn_cache;	/* a dynamic cache */
void kernel_thing(void);

int foo_init_caches(void)
{
	return kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL);
}

void foo_destroy_caches(void)
{
	/* kmem_cache_destroy(foo_cachep) forgotten */
	kernel_thing();
	kmem_cache_destroy(foo_dyn_cache);
}
