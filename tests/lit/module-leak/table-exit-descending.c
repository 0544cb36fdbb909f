// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak through a table of init/exit pairs that module exit,
// and init's failure path, run backwards, `for (i = ARRAY_SIZE(t) - 1;
// i >= 0; i--)`, as fs/btrfs/super.c runs mod_init_seq[]: the counter
// ends at -1, which the walk must see fail `i >= 0`, or it goes round
// until it gives up and says nothing; and `if (t[i].exit_func)` is
// decided by the index, since elements 0 and 1 both hold one, or the path
// that skips a destroy is taken for real.  Correct as it is; the twin's
// entry for the extent map cache lost its exit function.  (btrfs also
// skips the elements whose init did not run, `if (!mod_init_result[i])
// continue;`, and has NULL exit functions among the others:
// table-null-exits-results.c.)
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct btrx_extent_map {
	unsigned long	start;
	unsigned long	len;
};

static struct kmem_cache_opaque btrx_extent_map_cache_instance;
#define btrx_extent_map_cache to_kmem_cache(&btrx_extent_map_cache_instance)

int btrx_init_sysfs(void);
void btrx_exit_sysfs(void);

static int btrx_extent_map_init(void)
{
	return kmem_cache_setup(btrx_extent_map_cache, "btrx_extent_map",
				sizeof(struct btrx_extent_map), 0, 0, NULL);
	// TWIN: {{.*}}[[@LINE-2]]:9: warning: static cache 'btrx_extent_map_cache_instance' is not destroyed on every path out of module exit 'exit_btrx_fs' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE-4]]:9: warning: static cache 'btrx_extent_map_cache_instance' stays set up when module init 'init_btrx_fs' fails [kmem-module-leak]
	//
}

static void __maybe_unused btrx_extent_map_exit(void)
{
	kmem_cache_destroy(btrx_extent_map_cache);
}

struct init_sequence {
	int (*init_func)(void);
	void (*exit_func)(void);
};

static const struct init_sequence mod_init_seq[] = {
	{
		.init_func = btrx_extent_map_init,
#ifndef SLABCHECK_TWIN
		.exit_func = btrx_extent_map_exit,
#endif
	}, {
		.init_func = btrx_init_sysfs,
		.exit_func = btrx_exit_sysfs,
	}
};

static bool mod_init_result[ARRAY_SIZE(mod_init_seq)];

static void btrx_exit_all(void)
{
	int i;

	for (i = ARRAY_SIZE(mod_init_seq) - 1; i >= 0; i--) {
		if (mod_init_seq[i].exit_func)
			mod_init_seq[i].exit_func();
		mod_init_result[i] = false;
	}
}

static int __init init_btrx_fs(void)
{
	int ret;
	int i;

	for (i = 0; i < ARRAY_SIZE(mod_init_seq); i++) {
		ret = mod_init_seq[i].init_func();
		if (ret < 0) {
			btrx_exit_all();
			return ret;
		}
		mod_init_result[i] = true;
	}
	return 0;
}

static void __exit exit_btrx_fs(void)
{
	btrx_exit_all();
}

module_init(init_btrx_fs);
module_exit(exit_btrx_fs);
MODULE_LICENSE("GPL");
