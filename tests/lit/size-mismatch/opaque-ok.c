// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-size-mismatch look-alikes: struct kmem_cache_opaque storage reached
// in every legitimate way: to_kmem_cache() on a variable, an array element
// or a member of a bigger static structure, an explicit cast of such
// storage, and a helper that converts the pointer it is given.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sigqueue_min {
	struct list_head	list;
	int			flags;
	u32			info[6];
};

struct ucounts_min {
	struct hlist_node	node;
	u32			uid;
	atomic_t		count;
};

struct pid_min {
	atomic_t		count;
	unsigned int		level;
	struct hlist_head	tasks[4];
};

static struct kmem_cache_opaque sigqueue_cache;
#define sigqueue_cachep to_kmem_cache(&sigqueue_cache)

static struct kmem_cache_opaque pid_caches[3];

/* A subsystem's bundle of its caches and their statistics. */
static struct {
	struct kmem_cache_opaque	cache;
	unsigned long			nr_allocs;
	unsigned long			nr_frees;
} ucounts_slab;

static struct kmem_cache *cache_of(struct kmem_cache_opaque *c)
{
	return to_kmem_cache(c);
}

int __init signals_caches_init(void)
{
	int err;

	err = kmem_cache_setup(sigqueue_cachep, "sigqueue",
			       sizeof(struct sigqueue_min), 0,
			       SLAB_PANIC | SLAB_ACCOUNT, NULL);
	if (err)
		return err;

	err = kmem_cache_setup(to_kmem_cache(&ucounts_slab.cache), "ucounts",
			       sizeof(struct ucounts_min), 0, 0, NULL);
	if (err)
		return err;

	err = kmem_cache_setup((struct kmem_cache *)&pid_caches[0], "pid_1",
			       sizeof(struct pid_min), 0, 0, NULL);
	if (err)
		return err;

	return kmem_cache_setup(cache_of(&pid_caches[1]), "pid_2",
				sizeof(struct pid_min) + 16, 0, 0, NULL);
}

struct sigqueue_min *sigqueue_alloc(void)
{
	return kmem_cache_alloc(sigqueue_cachep, GFP_ATOMIC);
}

struct ucounts_min *alloc_ucounts(void)
{
	struct ucounts_min *uc;

	uc = kmem_cache_zalloc(to_kmem_cache(&ucounts_slab.cache), GFP_KERNEL);
	if (uc)
		ucounts_slab.nr_allocs++;
	return uc;
}

void put_ucounts(struct ucounts_min *uc)
{
	ucounts_slab.nr_frees++;
	kmem_cache_free(to_kmem_cache(&ucounts_slab.cache), uc);
}

struct pid_min *alloc_pid_level1(void)
{
#ifdef SLABCHECK_TWIN
	/* The twin casts the whole bundle, not its cache member. */
	// TWIN: {{.*}}[[@LINE+1]]:9: warning: 'ucounts_slab' is not a struct kmem_cache_opaque [kmem-size-mismatch]
	return kmem_cache_alloc((struct kmem_cache *)&ucounts_slab,
				GFP_KERNEL);
#else
	return kmem_cache_alloc((struct kmem_cache *)&pid_caches[0],
				GFP_KERNEL);
#endif
}
