// RUN: %check %s | %filecheck %s
//
// Loop counters decide paths.  A setup guarded by the counter's first value
// runs once: silent.  The same loop without the guard, or with a guard that
// holds on every pass, sets the cache up twice: kmem-resetup.  A counter
// compared with a large bound is followed without unrolling forever.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define NR_QUEUES	4

struct nvq_cmd {
	u64	tag;
	u32	opcode;
	u32	len;
};

static struct kmem_cache_opaque cmd_cache;
#define cmd_cachep to_kmem_cache(&cmd_cache)
static struct kmem_cache_opaque rsp_cache;
#define rsp_cachep to_kmem_cache(&rsp_cache)
static struct kmem_cache_opaque ev_cache;
#define ev_cachep to_kmem_cache(&ev_cache)
static struct kmem_cache_opaque big_cache;
#define big_cachep to_kmem_cache(&big_cache)

int nvq_init_queue(int qid);

/* The first queue's setup brings the command cache up: once. */
int __init nvq_setup_queues(void)
{
	int qid, err;

	for (qid = 0; qid < NR_QUEUES; qid++) {
		if (qid == 0) {
			err = kmem_cache_setup(cmd_cachep, "nvq_cmd",
					       sizeof(struct nvq_cmd), 0,
					       SLAB_HWCACHE_ALIGN, NULL);
			if (err)
				return err;
		}
		err = nvq_init_queue(qid);
		if (err)
			return err;
	}
	return 0;
}

/* The guard was lost in a refactoring: every queue sets the cache up. */
int __init nvq_setup_responses(void)
{
	int qid, err;

	for (qid = 0; qid < NR_QUEUES; qid++) {
		// CHECK: {{.*}}[[@LINE+1]]:9: warning: static cache 'rsp_cache' may already be set up on this path [kmem-resetup]
		err = kmem_cache_setup(rsp_cachep, "nvq_rsp",
				       sizeof(struct nvq_cmd), 0, 0, NULL);
		if (err)
			return err;
		err = nvq_init_queue(qid);
		if (err)
			return err;
	}
	return 0;
}

/* A guard that holds on every pass guards nothing. */
int __init nvq_setup_events(void)
{
	int qid, err;

	for (qid = 0; qid < NR_QUEUES; qid++) {
		if (qid >= 0) {
			// CHECK: {{.*}}[[@LINE+1]]:10: warning: static cache 'ev_cache' may already be set up on this path [kmem-resetup]
			err = kmem_cache_setup(ev_cachep, "nvq_ev",
					       sizeof(struct nvq_cmd), 0, 0,
					       NULL);
			if (err)
				return err;
		}
	}
	return 0;
}

/* A thousand passes, the setup on the last one only: silent, and cheap. */
int __init nvq_setup_big(void)
{
	int i, err;

	for (i = 0; i < 1000; i++) {
		err = nvq_init_queue(i);
		if (err)
			return err;
	}
	return kmem_cache_setup(big_cachep, "nvq_big", sizeof(struct nvq_cmd),
				0, 0, NULL);
}
