// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak, link step (GCC plugin, Clang plugin,
 * slabcheck-clang; slabcheck-sparse finds it).  Shape of
 * drivers/target/target_core_mod (modules/target_core_mod, mutant
 * release-forgets-lba-map-mem: the leak when module init fails is found,
 * the one at module exit is not).
 *
 * A module of two files.  Module exit here calls gp_free() of use.c,
 * which frees an object to gp_cache under a lock (as
 * core_alua_free_lu_gp() does with spin_lock()), then
 * release_caches(), which forgets map_cache.
 *
 * slabcheck main.c use.c says nothing.  It should say, at the setup of
 * map_cache (line 46, column 6):
 *   warning: static cache 'map_cache_instance' is not destroyed on every
 *   path out of module exit 'tgt_exit' [kmem-module-leak]
 * It does when use.c calls the kernel's lock function directly instead of
 * through the static inline wrapper, as spin_lock() wraps
 * _raw_spin_lock(): a function of the unit whose body only calls out of
 * the module "may do anything" in the link step, while a direct call to
 * the same kernel function is known to touch no cache of the module.
 * It does too when gp_free() uses no cache, and thus is not in the facts
 * at all.  So every helper of another file that takes a spinlock (or
 * calls any other static inline kernel wrapper) and uses a cache hides
 * every leak at module exit after it.
 *
 *   slabcheck main.c use.c -- -DMODULE -std=gnu11 -O2 -nostdinc \
 *	-isystem tests/include -I.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>
#include "tgt.h"

struct kmem_cache_opaque gp_cache_instance;
struct kmem_cache_opaque map_cache_instance;

static struct gp *default_gp;

static int init_caches(void)
{
	if (kmem_cache_setup(gp_cachep, "gp", sizeof(struct gp), 0, 0, NULL))
		return -ENOMEM;
	if (kmem_cache_setup(map_cachep, "map", sizeof(struct gp), 0, 0, NULL)) {
		kmem_cache_destroy(gp_cachep);
		return -ENOMEM;
	}
	return 0;
}

static void release_caches(void)
{
	kmem_cache_destroy(gp_cachep);
	/* kmem_cache_destroy(map_cachep) forgotten */
}

static int __init tgt_init(void)
{
	return init_caches();
}

static void __exit tgt_exit(void)
{
	gp_free(default_gp);
	default_gp = NULL;
	release_caches();
}

module_init(tgt_init);
module_exit(tgt_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: main.c:46:6: kmem-module-leak
 */
