// RUN: %check --path=full %s | %filecheck %s --check-prefix=FULL
// RUN: %check --path=short %s | %filecheck %s --check-prefix=SHORT
// RUN: %check --path=none %s | %filecheck %s --check-prefix=NONE
// RUN: %check --path=full -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// path=full prints every event of a finding's path, path=short (the
// default of every door) the key events first and then the calls that
// lead to them, three in all, and path=none the finding alone.  Here the
// earlier setup and the destroy each happen two helpers down: six events,
// of which short keeps the two key ones and the first call.  The twin does
// both in init itself: two events, which every mode but none prints.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dquot_min {
	unsigned long	dq_flags;
	long long	dq_dqb;
};

static struct kmem_cache_opaque dquot_cache;
#define dquot_cachep to_kmem_cache(&dquot_cache)

void dquot_cache_create(void)
{
	kmem_cache_setup(dquot_cachep, "dquot", sizeof(struct dquot_min), 0,
			 SLAB_PANIC, NULL);
}

void dquot_caches_create(void)
{
	dquot_cache_create();
}

void dquot_cache_release(void)
{
	kmem_cache_destroy(dquot_cachep);
}

void dquot_caches_release(void)
{
	dquot_cache_release();
}

void __init dquot_init(void)
{
#ifndef SLABCHECK_TWIN
	dquot_caches_create();
	dquot_caches_release();
#else
	kmem_cache_setup(dquot_cachep, "dquot", sizeof(struct dquot_min), 0,
			 SLAB_PANIC, NULL);
	kmem_cache_destroy(dquot_cachep);
#endif
	kmem_cache_setup(dquot_cachep, "dquot", sizeof(struct dquot_min), 0,
			 SLAB_PANIC | SLAB_RECLAIM_ACCOUNT, NULL);
	// FULL: {{.*}}[[@LINE-2]]:2: warning: static cache 'dquot_cache' may already be set up on this path [kmem-resetup]
	// FULL-NEXT: {{.*}}[[@LINE-10]]:2: note: 'dquot_caches_create' sets up 'dquot_cache', called here
	// FULL-NEXT: {{.*}}[[@LINE-27]]:2: note: 'dquot_cache_create' sets up 'dquot_cache', called here
	// FULL-NEXT: {{.*}}[[@LINE-34]]:2: note: 'dquot_cache' is set up here
	// FULL-NEXT: {{.*}}[[@LINE-12]]:2: note: 'dquot_caches_release' destroys 'dquot_cache', called here
	// FULL-NEXT: {{.*}}[[@LINE-20]]:2: note: 'dquot_cache_release' destroys 'dquot_cache', called here
	// FULL-NEXT: {{.*}}[[@LINE-26]]:2: note: 'dquot_cache' is destroyed here
	// SHORT: {{.*}}[[@LINE-9]]:2: warning: static cache 'dquot_cache' may already be set up on this path [kmem-resetup]
	// SHORT-NEXT: {{.*}}[[@LINE-17]]:2: note: 'dquot_caches_create' sets up 'dquot_cache', called here
	// SHORT-NEXT: {{.*}}[[@LINE-40]]:2: note: 'dquot_cache' is set up here
	// SHORT-NEXT: {{.*}}[[@LINE-30]]:2: note: 'dquot_cache' is destroyed here
	// NONE: {{.*}}[[@LINE-13]]:2: warning: static cache 'dquot_cache' may already be set up on this path [kmem-resetup]
	// TWIN: {{.*}}[[@LINE-14]]:2: warning: static cache 'dquot_cache' may already be set up on this path [kmem-resetup]
	// TWIN-NEXT: {{.*}}[[@LINE-19]]:2: note: 'dquot_cache' is set up here
	// TWIN-NEXT: {{.*}}[[@LINE-18]]:2: note: 'dquot_cache' is destroyed here
}
