// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -O2 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -O2 -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O2 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A setup tried again when it failed with one of two errors, `||`.  GCC
// folds two equality tests of adjacent values (-EAGAIN, -ENOMEM) into one
// range check, `(unsigned)(err + 12) <= 1`, and two others into one test of
// `a | b`, before the plugin sees the function; the engine must see the
// two tests, or the path on which the setup succeeded seems to set it up
// again.  The twins test the error the wrong way round.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct btrfs_delayed_node {
	u64			inode_id;
	u64			bytes_reserved;
	struct list_head	n_list;
	int			count;
};

struct btrfs_delayed_item {
	u64			index;
	struct list_head	tree_list;
	u32			data_len;
	char			data[];
};

struct btrfs_free_space {
	u64			offset;
	u64			bytes;
	unsigned long		*bitmap;
	struct list_head	list;
};

struct btrfs_path {
	void			*nodes[8];
	int			slots[8];
	u8			reada;
	u8			lowest_level;
};

static struct kmem_cache_opaque delayed_node_cache;
#define delayed_node_cachep to_kmem_cache(&delayed_node_cache)
static struct kmem_cache_opaque delayed_item_cache;
#define delayed_item_cachep to_kmem_cache(&delayed_item_cache)
static struct kmem_cache_opaque free_space_cache;
#define free_space_cachep to_kmem_cache(&free_space_cache)
static struct kmem_cache_opaque path_cache;
#define path_cachep to_kmem_cache(&path_cache)

void btrfs_reclaim_memory(void);

int __init btrfs_delayed_node_init(void)
{
	int err;

	err = kmem_cache_setup(delayed_node_cachep, "btrfs_delayed_node",
			       sizeof(struct btrfs_delayed_node), 0,
			       SLAB_RECLAIM_ACCOUNT, NULL);
#ifdef SLABCHECK_TWIN
	if (err != -EAGAIN && err != -ENOMEM) {
#else
	if (err == -EAGAIN || err == -ENOMEM) {
#endif
		btrfs_reclaim_memory();
		// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'delayed_node_cache' may already be set up on this path [kmem-resetup]
		err = kmem_cache_setup(delayed_node_cachep,
				       "btrfs_delayed_node",
				       sizeof(struct btrfs_delayed_node), 0,
				       0, NULL);
	}
	return err;
}

/* The other order, and a loop. */
int __init btrfs_delayed_item_init(void)
{
	int err;

	do {
		// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'delayed_item_cache' may already be set up on this path [kmem-resetup]
		err = kmem_cache_setup(delayed_item_cachep,
				       "btrfs_delayed_item",
				       sizeof(struct btrfs_delayed_item), 0, 0,
				       NULL);
#ifdef SLABCHECK_TWIN
	} while (!(err == -EAGAIN || err == -ENOMEM));
#else
	} while (err == -ENOMEM || err == -EAGAIN);
#endif
	return err;
}

/* Two errors whose values are not adjacent: one test of a | b. */
int __init btrfs_free_space_init(void)
{
	int err;

again:
	// TWIN: {{.*}}[[@LINE+1]]:8: warning: static cache 'free_space_cache' may already be set up on this path [kmem-resetup]
	err = kmem_cache_setup(free_space_cachep, "btrfs_free_space",
			       sizeof(struct btrfs_free_space), 0, 0, NULL);
#ifdef SLABCHECK_TWIN
	if (err != -EINTR && err != -EAGAIN)
#else
	if (err == -EINTR || err == -EAGAIN)
#endif
		goto again;
	return err;
}

/* Give up on anything but the two errors that may pass. */
int __init btrfs_path_init(void)
{
	int err;

	for (;;) {
		// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'path_cache' may already be set up on this path [kmem-resetup]
		err = kmem_cache_setup(path_cachep, "btrfs_path",
				       sizeof(struct btrfs_path), 0, 0, NULL);
#ifdef SLABCHECK_TWIN
		if (err == -EAGAIN || err == -ENOMEM)
#else
		if (err != -EAGAIN && err != -ENOMEM)
#endif
			break;
		btrfs_reclaim_memory();
	}
	return err;
}
