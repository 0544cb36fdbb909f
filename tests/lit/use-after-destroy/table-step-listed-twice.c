// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A table of init/exit steps with a flag per step, as fs/btrfs/super.c
// has mod_init_seq[] and mod_init_result[]: exit runs the table
// backwards, `if (!mod_init_result[i]) continue;`, and each step's exit
// runs only under its own flag.  Correct as it is.  In the twin a rebase
// left the extent map step in the table twice: init sets the cache up a
// second time (kmem-resetup at the call through the table), and exit
// destroys it twice, the second time under the other copy's flag, which
// the first destroy did not clear (kmem-use-after-destroy).  btrfs makes
// the exit loop __always_inline; here it is a plain helper, so that the
// note names it under sparse too, which inlines such helpers.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct btrd_extent_map {
	unsigned long	start;
	unsigned long	len;
	unsigned int	flags;
};

struct btrd_extent_state {
	unsigned long	start;
	unsigned long	end;
};

static struct kmem_cache_opaque btrd_extent_map_cache_instance;
#define btrd_extent_map_cache to_kmem_cache(&btrd_extent_map_cache_instance)
static struct kmem_cache_opaque btrd_extent_state_cache_instance;
#define btrd_extent_state_cache to_kmem_cache(&btrd_extent_state_cache_instance)

/*
 * A step that cleans up after itself when it fails: init runs the exit
 * loop then, in which this step's flag was never set.  Its exit must not
 * be taken to destroy the extent map cache a second time.
 */
static int __init btrd_extent_map_init(void)
{
	int ret;

	ret = kmem_cache_setup(btrd_extent_map_cache, "btrd_extent_map",
			       sizeof(struct btrd_extent_map), 0, 0, NULL);
	if (ret)
		return ret;
	ret = kmem_cache_setup(btrd_extent_state_cache, "btrd_extent_state",
			       sizeof(struct btrd_extent_state), 0, 0, NULL);
	if (ret)
		goto free_map;
	return 0;

free_map:
	kmem_cache_destroy(btrd_extent_map_cache);
	return ret;
}

static void btrd_extent_map_exit(void)
{
	kmem_cache_destroy(btrd_extent_state_cache);
	kmem_cache_destroy(btrd_extent_map_cache);
	// TWIN: {{.*}}[[@LINE-2]]:2: warning: static cache 'btrd_extent_state_cache_instance' is passed to 'kmem_cache_destroy' after it was destroyed on this path [kmem-use-after-destroy]
	//
	//
	// TWIN: {{.*}}[[@LINE-4]]:2: warning: static cache 'btrd_extent_map_cache_instance' is passed to 'kmem_cache_destroy' after it was destroyed on this path [kmem-use-after-destroy]
	//
	//
}

int btrd_init_sysfs(void), btrd_init_compress(void);
int btrd_ordered_data_init(void), btrd_register_fs(void);
int btrd_print_mod_info(void);
void btrd_exit_sysfs(void), btrd_exit_compress(void);
void btrd_ordered_data_exit(void), btrd_unregister_fs(void);

struct init_sequence {
	int (*init_func)(void);
	void (*exit_func)(void);
};

static const struct init_sequence mod_init_seq[] = {
	{
		.init_func = btrd_init_sysfs,
		.exit_func = btrd_exit_sysfs,
	}, {
		.init_func = btrd_init_compress,
		.exit_func = btrd_exit_compress,
	}, {
		.init_func = btrd_extent_map_init,
		.exit_func = btrd_extent_map_exit,
	}, {
#ifdef SLABCHECK_TWIN
		.init_func = btrd_extent_map_init,
		.exit_func = btrd_extent_map_exit,
	}, {
#endif
		.init_func = btrd_ordered_data_init,
		.exit_func = btrd_ordered_data_exit,
	}, {
		.init_func = btrd_print_mod_info,
		.exit_func = NULL,
	}, {
		.init_func = btrd_register_fs,
		.exit_func = btrd_unregister_fs,
	}
};

static bool mod_init_result[ARRAY_SIZE(mod_init_seq)];

static void btrd_exit_btrd_fs(void)
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

static void __exit exit_btrd_fs(void)
{
	btrd_exit_btrd_fs();
}

static int __init init_btrd_fs(void)
{
	int ret;
	int i;

	for (i = 0; i < ARRAY_SIZE(mod_init_seq); i++) {
		ret = mod_init_seq[i].init_func();
		// TWIN: {{.*}}[[@LINE-1]]:9: warning: static cache 'btrd_extent_map_cache_instance' may already be set up on this path (set up again in 'btrd_extent_map_init') [kmem-resetup]
		// TWIN: {{.*}}[[@LINE-2]]:9: warning: static cache 'btrd_extent_state_cache_instance' may already be set up on this path (set up again in 'btrd_extent_map_init') [kmem-resetup]
		if (ret < 0) {
			btrd_exit_btrd_fs();
			return ret;
		}
		mod_init_result[i] = true;
	}
	return 0;
}

module_init(init_btrd_fs);
module_exit(exit_btrd_fs);
MODULE_LICENSE("GPL");
