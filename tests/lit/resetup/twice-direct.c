// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-resetup: the same instance set up twice on one path, directly or
// through a local copy of its pointer.  Other instances set up once each
// stay silent.
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct mount {
	struct hlist_node	mnt_hash;
	struct mount		*mnt_parent;
	struct list_head	mnt_mounts;
	struct list_head	mnt_child;
	int			mnt_count;
	int			mnt_id;
};

struct mountpoint {
	struct hlist_node	m_hash;
	struct list_head	m_list;
	int			m_count;
};

struct mnt_namespace {
	struct list_head	list;
	struct mount		*root;
	u64			seq;
	unsigned int		nr_mounts;
};

static struct kmem_cache_opaque __mnt_cache;
#define mnt_cache to_kmem_cache(&__mnt_cache)
static struct kmem_cache_opaque mountpoint_cache;
#define mountpoint_cachep to_kmem_cache(&mountpoint_cache)
static struct kmem_cache_opaque mnt_ns_cache;
#define mnt_ns_cachep to_kmem_cache(&mnt_ns_cache)

int init_mount_tree(void);
int sysfs_init(void);

void __init mnt_init(void)
{
	int err;

	kmem_cache_setup(mnt_cache, "mnt_cache", sizeof(struct mount),
			 0, SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT, NULL);
	kmem_cache_setup(mountpoint_cachep, "mountpoint",
			 sizeof(struct mountpoint), 0, SLAB_PANIC, NULL);

	err = sysfs_init();
	if (err)
		pr_warn("%s: sysfs_init error: %d\n", __func__, err);

	/* Left over from moving the setup above: creates it again. */
	kmem_cache_setup(mnt_cache, "mnt_cache", sizeof(struct mount),
			 0, SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: static cache '__mnt_cache' may already be set up on this path [kmem-resetup]

	init_mount_tree();
}

void __init mnt_ns_init(void)
{
	struct kmem_cache *s = mnt_ns_cachep;

	if (!KMEM_CACHE_SETUP(s, mnt_namespace, SLAB_PANIC | SLAB_ACCOUNT))
		return;
	pr_info("mnt_namespace cache ready\n");
	if (!KMEM_CACHE_SETUP(mnt_ns_cachep, mnt_namespace, SLAB_PANIC))
		pr_err("mnt_namespace cache setup failed\n");
	// CHECK: {{.*}}[[@LINE-2]]:7: warning: static cache 'mnt_ns_cache' may already be set up on this path [kmem-resetup]
}
