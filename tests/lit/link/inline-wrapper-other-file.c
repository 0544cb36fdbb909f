// RUN: %check --module -DMODULE %s %S/Inputs/alua-lu-gp.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/alua-lu-gp.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module of two files in the shape of drivers/target/target_core_mod:
// module exit calls core_alua_free_lu_gp() of the other file, which frees
// to a cache under a lock taken through a static inline wrapper of a
// kernel function, then release_se_kmem_caches().  The wrapper's body is
// not in the other file's facts (it names no cache), and it calls out of
// that file; the whole module knows _raw_spin_lock() is none of its own,
// so the call touches no cache of the module and the caches stay known.
// Correct as it is; the twin's release forgets a cache, a leak at module
// exit that only the whole module shows.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct t10_alua_lu_gp_min {
	unsigned short	lu_gp_id;
	int		lu_gp_members;
};

struct t10_alua_lba_map_min {
	unsigned long long	lba_map_first_lba;
	unsigned long long	lba_map_last_lba;
};

struct kmem_cache_opaque t10_alua_lu_gp_cache_instance;
#define t10_alua_lu_gp_cache to_kmem_cache(&t10_alua_lu_gp_cache_instance)
struct kmem_cache_opaque t10_alua_lba_map_cache_instance;
#define t10_alua_lba_map_cache to_kmem_cache(&t10_alua_lba_map_cache_instance)

void core_alua_free_lu_gp(struct t10_alua_lu_gp_min *lu_gp);

static struct t10_alua_lu_gp_min *default_lu_gp;

static int init_se_kmem_caches(void)
{
	if (kmem_cache_setup(t10_alua_lu_gp_cache, "t10_alua_lu_gp_cache",
			     sizeof(struct t10_alua_lu_gp_min), 0, 0, NULL))
		return -ENOMEM;
	if (kmem_cache_setup(t10_alua_lba_map_cache, "t10_alua_lba_map_cache",
			     sizeof(struct t10_alua_lba_map_min), 0, 0, NULL)) {
	// TWIN: {{.*}}[[@LINE-2]]:6: warning: static cache 't10_alua_lba_map_cache_instance' is not destroyed on every path out of module exit 'target_core_exit_configfs' [kmem-module-leak]
	//
		kmem_cache_destroy(t10_alua_lu_gp_cache);
		return -ENOMEM;
	}
	return 0;
}

static void release_se_kmem_caches(void)
{
	kmem_cache_destroy(t10_alua_lu_gp_cache);
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(t10_alua_lba_map_cache);
#endif
}

static int __init target_core_init_configfs(void)
{
	return init_se_kmem_caches();
}

static void __exit target_core_exit_configfs(void)
{
	core_alua_free_lu_gp(default_lu_gp);
	default_lu_gp = NULL;
	release_se_kmem_caches();
}

module_init(target_core_init_configfs);
module_exit(target_core_exit_configfs);
MODULE_LICENSE("GPL");
