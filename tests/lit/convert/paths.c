// RUN: %convert %s | %filecheck %s
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert: the reasons that need paths, in built-in init code
// (each initcall is an entry of init), each with a look-alike that
// converts; and a creation that may fail and that nothing tests (its
// look-alike: panic_cachep, SLAB_PANIC), as kernel/sched/core.c creates
// task_group_cache.  A static instance is never NULL, so init's unwinding may not
// destroy a cache it may not have created, as kmem_cache_destroy(NULL)
// lets the dynamic code do; and an instance is set up once, so a cache
// destroyed and created again stays dynamic.
#include <linux/init.h>
#include <linux/slab.h>

struct blk_req {
	unsigned long	sector;
	void		*page;
};

static struct kmem_cache *req_cachep;
static struct kmem_cache *bio_cachep;
static struct kmem_cache *seg_cachep;
static struct kmem_cache *tag_cachep;
static struct kmem_cache *guard_cachep;
static struct kmem_cache *ladder_cachep;
static struct kmem_cache *later_cachep;
static struct kmem_cache *panic_cachep;
static struct kmem_cache *retry_cachep;
static struct kmem_cache *probe_cachep;
static struct kmem_cache *group_cachep;

// CHECK:      paths.c:[[#@LINE-12]]: req_cachep: refused (destroy-uncreated): it is destroyed in blk_destroy_caches on a path of init where it may not have been created: kmem_cache_destroy(NULL) does nothing, but a static instance is never NULL
// CHECK-NEXT: paths.c:[[#@LINE-12]]: bio_cachep: refused (destroy-uncreated): it is destroyed in blk_destroy_caches on a path
// CHECK-NEXT: paths.c:[[#@LINE-12]]: seg_cachep: refused (destroy-uncreated): it is destroyed in seg_init on a path
// CHECK-NEXT: paths.c:[[#@LINE-12]]: tag_cachep: refused (destroy-uncreated): it is destroyed in seg_init on a path
// CHECK-NEXT: paths.c:[[#@LINE-12]]: guard_cachep: refused (destroy-uncreated): it is destroyed in guard_init on a path
// CHECK-NEXT: paths.c:[[#@LINE-12]]: ladder_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// CHECK-NEXT: paths.c:[[#@LINE-12]]: later_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// CHECK-NEXT: paths.c:[[#@LINE-12]]: panic_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// CHECK-NEXT: paths.c:[[#@LINE-12]]: retry_cachep: refused (recreated): it is created again in retry_init after it was destroyed: an instance is set up once
// CHECK-NEXT: paths.c:[[#@LINE-12]]: probe_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// CHECK-NEXT: paths.c:[[#@LINE-12]]: group_cachep: refused (unchecked): its creation in group_init may fail (no SLAB_PANIC) and nothing tests it: converted, a failed setup would leave the instance zeroed (kmem-unchecked-setup)

/*
 * One cleanup for every failure, as many drivers write it: when the
 * first creation fails, it destroys both, the second never created.
 */
static void blk_destroy_caches(void)
{
	kmem_cache_destroy(bio_cachep);
	kmem_cache_destroy(req_cachep);
}

static int __init blk_init(void)
{
	req_cachep = KMEM_CACHE(blk_req, SLAB_HWCACHE_ALIGN);
	if (!req_cachep)
		goto fail;
	bio_cachep = KMEM_CACHE(blk_req, 0);
	if (!bio_cachep)
		goto fail;
	return 0;
fail:
	blk_destroy_caches();
	return -ENOMEM;
}
fs_initcall(blk_init);

/* The same, written out under one label. */
static int __init seg_init(void)
{
	seg_cachep = kmem_cache_create("seg", 64, 0, 0, NULL);
	if (seg_cachep == NULL)
		goto out;
	tag_cachep = kmem_cache_create("tag", 32, 0, 0, NULL);
	if (tag_cachep == NULL)
		goto out;
	return 0;
out:
	kmem_cache_destroy(tag_cachep);
	kmem_cache_destroy(seg_cachep);
	return -ENOMEM;
}
device_initcall(seg_init);

/*
 * A guard that tests the pointer: the converted test would always be
 * true, so the destroy would run for a cache never set up.
 */
int register_blk_guard(void);

static int __init guard_init(void)
{
	int err = register_blk_guard();

	if (err)
		goto out;
	guard_cachep = KMEM_CACHE(blk_req, 0);
	if (!guard_cachep) {
		err = -ENOMEM;
		goto out;
	}
	return 0;
out:
	if (guard_cachep)
		kmem_cache_destroy(guard_cachep);
	return err;
}
late_initcall(guard_init);

/*
 * Look-alikes: a ladder that destroys only what was created; a cache
 * nobody tests (SLAB_PANIC) destroyed when a later one fails; a cache
 * destroyed once by a helper after init created it.
 */
static int __init ladder_init(void)
{
	panic_cachep = kmem_cache_create("panic", 128, 0, SLAB_PANIC, NULL);
	ladder_cachep = KMEM_CACHE(blk_req, 0);
	if (!ladder_cachep)
		goto out_panic;
	later_cachep = KMEM_CACHE(blk_req, SLAB_ACCOUNT);
	if (!later_cachep)
		goto out_ladder;
	return 0;
out_ladder:
	kmem_cache_destroy(ladder_cachep);
out_panic:
	kmem_cache_destroy(panic_cachep);
	return -ENOMEM;
}
subsys_initcall(ladder_init);

/*
 * Destroyed and created again: a cache that does not pass its probe is
 * dropped and made anew, up to three times.
 */
static bool blk_cache_fits(struct kmem_cache *cache)
{
	return kmem_cache_size(cache) >= sizeof(struct blk_req);
}

static int __init retry_init(void)
{
	for (int tries = 0; tries < 3; tries++) {
		retry_cachep = KMEM_CACHE(blk_req, 0);
		if (!retry_cachep)
			return -ENOMEM;
		if (blk_cache_fits(retry_cachep))
			return 0;
		kmem_cache_destroy(retry_cachep);
	}
	return -ENODEV;
}
late_initcall(retry_init);

/* Its look-alike: probed, and destroyed only when init gives up. */
static int __init probe_init(void)
{
	probe_cachep = KMEM_CACHE(blk_req, 0);
	if (!probe_cachep)
		return -ENOMEM;
	if (blk_cache_fits(probe_cachep))
		return 0;
	kmem_cache_destroy(probe_cachep);
	return -ENODEV;
}
late_initcall(probe_init);

/* A creation that may fail, never tested: its setup's failure unseen. */
static int __init group_init(void)
{
	group_cachep = KMEM_CACHE(blk_req, 0);
	return 0;
}
late_initcall(group_init);
