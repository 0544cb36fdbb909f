// RUN: %check %s | %filecheck %s
//
// kmem-resetup along goto paths, followed exactly: jumping back to redo
// the whole initialisation after a later step failed sets the cache up a
// second time; jumping back only when the setup itself failed does not.
// Forward unwinding through several labels never re-enters a setup.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct blk_flush {
	struct list_head	list;
	u64			seq;
	unsigned int		flags;
};

struct blk_tag {
	u32			tag;
	u32			qid;
	void			*rq;
};

struct blk_ctx {
	struct list_head	rq_list;
	unsigned int		cpu;
	unsigned int		index_hw;
	unsigned long		rq_dispatched[2];
	unsigned long		rq_merged;
};

static struct kmem_cache_opaque blk_flush_cache;
#define blk_flush_cachep to_kmem_cache(&blk_flush_cache)
static struct kmem_cache_opaque blk_tag_cache;
#define blk_tag_cachep to_kmem_cache(&blk_tag_cache)
static struct kmem_cache_opaque blk_ctx_cache;
#define blk_ctx_cachep to_kmem_cache(&blk_ctx_cache)

int blk_register_queue_sysfs(void);
int blk_alloc_tag_map(void);
void blk_free_tag_map(void);

/* After a transient sysfs failure, tear down and run the whole thing again. */
int __init blk_flush_init(void)
{
	int err, attempts = 0;

restart:
	err = kmem_cache_setup(blk_flush_cachep, "blk_flush",
			       sizeof(struct blk_flush), 0, 0, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:8: warning: static cache 'blk_flush_cache' may already be set up on this path [kmem-resetup]
	if (err)
		return err;

	err = blk_register_queue_sysfs();
	if (err == -EAGAIN && attempts++ < 3) {
		kmem_cache_destroy(blk_flush_cachep);
		goto restart;
	}
	if (err)
		goto out_cache;
	return 0;

out_cache:
	kmem_cache_destroy(blk_flush_cachep);
	return err;
}

/* Jumping back only when the setup failed: a retry, not a resetup. */
int __init blk_tag_init(void)
{
	int err, attempts = 0;

retry:
	err = kmem_cache_setup(blk_tag_cachep, "blk_tag",
			       sizeof(struct blk_tag), 0, 0, NULL);
	if (err) {
		if (attempts++ < 3)
			goto retry;
		return err;
	}

	err = blk_alloc_tag_map();
	if (err)
		goto out_cache;

	if (!KMEM_CACHE_SETUP(blk_ctx_cachep, blk_ctx, SLAB_HWCACHE_ALIGN)) {
		err = -ENOMEM;
		goto out_map;
	}
	return 0;

out_map:
	blk_free_tag_map();
out_cache:
	kmem_cache_destroy(blk_tag_cachep);
	return err;
}
