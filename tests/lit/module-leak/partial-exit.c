// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --check-prefix=MOD %s
// CHECK-NOT: warning
//
// kmem-module-leak: two caches set up in init, the exit function destroys
// only one of them.  The cache set up in a helper is reported at the setup
// inside the helper.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct btrfs_delayed_node {
	u64			inode_id;
	u64			bytes_reserved;
	struct list_head	n_list;
	struct list_head	p_list;
	int			count;
	unsigned long		flags;
};

struct btrfs_delayed_item {
	u64			key;
	struct list_head	tree_list;
	u64			bytes_reserved;
	int			ins_or_del;
	u32			data_len;
	char			data[32];
};

static struct kmem_cache_opaque delayed_node_cache;
#define delayed_node_cachep to_kmem_cache(&delayed_node_cache)
static struct kmem_cache_opaque delayed_item_cache;
#define delayed_item_cachep to_kmem_cache(&delayed_item_cache)

static int __init btrfs_delayed_inode_init(void)
{
	if (!KMEM_CACHE_SETUP(delayed_node_cachep, btrfs_delayed_node, 0))
		return -ENOMEM;
	return 0;
}

static void __cold btrfs_delayed_inode_exit(void)
{
	kmem_cache_destroy(delayed_node_cachep);
}

static int __init btrfs_delayed_item_init(void)
{
	// MOD: {{.*}}[[@LINE+2]]:9: warning: static cache 'delayed_item_cache' is not destroyed on every path out of module exit 'exit_btrfs_fs' [kmem-module-leak]
	//
	return kmem_cache_setup_usercopy(delayed_item_cachep,
					 "btrfs_delayed_item",
					 sizeof(struct btrfs_delayed_item), 0, 0,
					 offsetof(struct btrfs_delayed_item, data),
					 sizeof_field(struct btrfs_delayed_item,
						      data),
					 NULL);
}

static int __init init_btrfs_fs(void)
{
	int err;

	err = btrfs_delayed_inode_init();
	if (err)
		return err;
	err = btrfs_delayed_item_init();
	if (err)
		btrfs_delayed_inode_exit();
	return err;
}

static void __exit exit_btrfs_fs(void)
{
	btrfs_delayed_inode_exit();
}

module_init(init_btrfs_fs);
module_exit(exit_btrfs_fs);
MODULE_LICENSE("GPL");
