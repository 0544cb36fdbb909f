// RUN: %check %s | %filecheck --check-prefixes=CHECK,OFF %s
// RUN: %check --disable=kmem-resetup,kmem-size-mismatch %s | %filecheck %s
//
// --disable takes a comma-separated list.  With kmem-resetup and
// kmem-size-mismatch off, only the internal-flag finding remains.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct rpc_task_min {
	atomic_t		tk_count;
	int			tk_status;
	struct list_head	tk_task;
	void			*tk_client;
	void			*tk_rqstp;
};
static_assert(sizeof(struct rpc_task_min) == 40);

struct rpc_task_big {
	struct rpc_task_min	task;
	u8			tk_pad[24];
};

static struct kmem_cache_opaque rpc_task_cache;
#define rpc_task_slabp to_kmem_cache(&rpc_task_cache)

int __init rpc_init_mempool(void)
{
	int err;

	err = kmem_cache_setup(rpc_task_slabp, "rpc_tasks",
			       sizeof(struct rpc_task_min), 0,
			       SLAB_HWCACHE_ALIGN | SLAB_PREALLOCATED, NULL);
	// CHECK: {{.*}}[[@LINE-3]]:8: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	if (err)
		return err;
	return kmem_cache_setup(rpc_task_slabp, "rpc_tasks",
				sizeof(struct rpc_task_min), 0, 0, NULL);
	// OFF: {{.*}}[[@LINE-2]]:9: warning: static cache 'rpc_task_cache' may already be set up on this path [kmem-resetup]
}

struct rpc_task_big *rpc_alloc_big_task(void)
{
	struct rpc_task_big *t = kmem_cache_alloc(rpc_task_slabp, GFP_NOFS);
	// OFF: {{.*}}[[@LINE-1]]:27: warning: 'struct rpc_task_big' (64 bytes) does not fit static cache 'rpc_task_cache' (40-byte objects) [kmem-size-mismatch]

	return t;
}
