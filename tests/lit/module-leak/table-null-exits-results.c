// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak through fs/btrfs/super.c's mod_init_seq[] as 6.12 has
// it: twenty-one init/exit steps, the exit function NULL for the first
// step and for three near the end, a result array that exit tests by the
// same index, and an exit loop that runs backwards.  Seven steps own a
// cache each (as the link step sees btrfs's other files), the others are
// in other files.  `if (mod_init_seq[i].exit_func)` holds exactly for the
// elements that hold one (a set, not the first M); the walk must count
// all twenty-one passes of the exit loop, where most steps change nothing
// this file sees, or it forgets the counter and says nothing; and
// `if (!mod_init_result[i]) continue;` must not double the paths at each
// step that destroys a cache (2^7 ways out of the exit loop, more than a
// summary keeps).  Correct as it is; the twin's extent map step lost its
// exit function, so the cache is never destroyed.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct btrn_extent_map {
	unsigned long	start;
	unsigned long	len;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_extent_map_cache_instance;
#define btrn_extent_map_cache to_kmem_cache(&btrn_extent_map_cache_instance)

static int __init btrn_extent_map_init(void)
{
	return kmem_cache_setup(btrn_extent_map_cache, "btrn_extent_map",
				sizeof(struct btrn_extent_map), 0, 0, NULL);
	// TWIN: {{.*}}[[@LINE-2]]:9: warning: static cache 'btrn_extent_map_cache_instance' is not destroyed on every path out of module exit 'exit_btrn_fs' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE-4]]:9: warning: static cache 'btrn_extent_map_cache_instance' stays set up when module init 'init_btrn_fs' fails [kmem-module-leak]
	//
}

static void __maybe_unused btrn_extent_map_exit(void)
{
	kmem_cache_destroy(btrn_extent_map_cache);
}


/* Steps of this file's module that own a cache each. */
struct btrn_ordered_extent {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_ordered_extent_cache_instance;

static int __init btrn_ordered_data_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_ordered_extent_cache_instance),
			      btrn_ordered_extent, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_ordered_data_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_ordered_extent_cache_instance));
}

struct btrn_delayed_node {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_delayed_node_cache_instance;

static int __init btrn_delayed_inode_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_delayed_node_cache_instance),
			      btrn_delayed_node, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_delayed_inode_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_delayed_node_cache_instance));
}

struct btrn_inode_defrag {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_inode_defrag_cache_instance;

static int __init btrn_auto_defrag_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_inode_defrag_cache_instance),
			      btrn_inode_defrag, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_auto_defrag_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_inode_defrag_cache_instance));
}

struct btrn_delayed_ref_head {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_delayed_ref_head_cache_instance;

static int __init btrn_delayed_ref_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_delayed_ref_head_cache_instance),
			      btrn_delayed_ref_head, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_delayed_ref_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_delayed_ref_head_cache_instance));
}

struct btrn_prelim_ref {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_prelim_ref_cache_instance;

static int __init btrn_prelim_ref_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_prelim_ref_cache_instance),
			      btrn_prelim_ref, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_prelim_ref_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_prelim_ref_cache_instance));
}

struct btrn_free_space {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_free_space_cache_instance;

static int __init btrn_free_space_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_free_space_cache_instance),
			      btrn_free_space, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_free_space_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_free_space_cache_instance));
}

struct btrn_extent_state {
	unsigned long	bytenr;
	unsigned int	flags;
};

static struct kmem_cache_opaque btrn_extent_state_cache_instance;

static int __init btrn_extent_state_init(void)
{
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&btrn_extent_state_cache_instance),
			      btrn_extent_state, 0))
		return -ENOMEM;
	return 0;
}

static void btrn_extent_state_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&btrn_extent_state_cache_instance));
}

/* The steps of the other files: they touch no cache of this one. */
int btrn_init_sysfs(void), btrn_init_compress(void), btrn_init_cachep(void);
int btrn_transaction_init(void), btrn_ctree_init(void);
int btrn_bioset_init(void), btrn_interface_init(void);
int btrn_print_mod_info(void), btrn_run_selftests(void);
int btrn_register_fs(void), btrn_scrub_init(void), btrn_raid56_init(void);
int btrn_ref_verify_init(void);
void btrn_exit_sysfs(void), btrn_exit_compress(void), btrn_destroy_cachep(void);
void btrn_transaction_exit(void), btrn_ctree_exit(void);
void btrn_bioset_exit(void), btrn_interface_exit(void);
void btrn_unregister_fs(void), btrn_scrub_exit(void), btrn_raid56_exit(void);

struct init_sequence {
	int (*init_func)(void);
	void (*exit_func)(void);
};

static const struct init_sequence mod_init_seq[] = {
	{
		.init_func = btrn_run_selftests,
		.exit_func = NULL,
	}, {
		.init_func = btrn_init_sysfs,
		.exit_func = btrn_exit_sysfs,
	}, {
		.init_func = btrn_init_compress,
		.exit_func = btrn_exit_compress,
	}, {
		.init_func = btrn_init_cachep,
		.exit_func = btrn_destroy_cachep,
	}, {
		.init_func = btrn_scrub_init,
		.exit_func = btrn_scrub_exit,
	}, {
		.init_func = btrn_transaction_init,
		.exit_func = btrn_transaction_exit,
	}, {
		.init_func = btrn_ctree_init,
		.exit_func = btrn_ctree_exit,
	}, {
		.init_func = btrn_free_space_init,
		.exit_func = btrn_free_space_exit,
	}, {
		.init_func = btrn_extent_state_init,
		.exit_func = btrn_extent_state_exit,
	}, {
		.init_func = btrn_extent_map_init,
#ifndef SLABCHECK_TWIN
		.exit_func = btrn_extent_map_exit,
#endif
	}, {
		.init_func = btrn_bioset_init,
		.exit_func = btrn_bioset_exit,
	}, {
		.init_func = btrn_ordered_data_init,
		.exit_func = btrn_ordered_data_exit,
	}, {
		.init_func = btrn_delayed_inode_init,
		.exit_func = btrn_delayed_inode_exit,
	}, {
		.init_func = btrn_auto_defrag_init,
		.exit_func = btrn_auto_defrag_exit,
	}, {
		.init_func = btrn_delayed_ref_init,
		.exit_func = btrn_delayed_ref_exit,
	}, {
		.init_func = btrn_prelim_ref_init,
		.exit_func = btrn_prelim_ref_exit,
	}, {
		.init_func = btrn_interface_init,
		.exit_func = btrn_interface_exit,
	}, {
		.init_func = btrn_print_mod_info,
		.exit_func = NULL,
	}, {
		.init_func = btrn_raid56_init,
		.exit_func = btrn_raid56_exit,
	}, {
		.init_func = btrn_ref_verify_init,
		.exit_func = NULL,
	}, {
		.init_func = btrn_register_fs,
		.exit_func = btrn_unregister_fs,
	}
};

static bool mod_init_result[ARRAY_SIZE(mod_init_seq)];

static __always_inline void btrn_exit_btrn_fs(void)
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

static void __exit exit_btrn_fs(void)
{
	btrn_exit_btrn_fs();
}

static int __init init_btrn_fs(void)
{
	int ret;
	int i;

	for (i = 0; i < ARRAY_SIZE(mod_init_seq); i++) {
		ret = mod_init_seq[i].init_func();
		if (ret < 0) {
			btrn_exit_btrn_fs();
			return ret;
		}
		mod_init_result[i] = true;
	}
	return 0;
}

module_init(init_btrn_fs);
module_exit(exit_btrn_fs);
MODULE_LICENSE("GPL");
