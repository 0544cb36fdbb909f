// The decisions on paths (--no-verify): exit does not destroy every
// cache here, which the check of the converted code would hold against
// the conversions.
// RUN: %convert --no-verify %s -DMODULE | %filecheck %s
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// One file of a module of several, the way xfs writes each btree's cursor
// cache (fs/xfs/libxfs/xfs_rmap_btree.c): created in an __init function
// that other files call, destroyed in a function that other files call,
// and another file's unwinding (xfs_btree_init_cur_caches() calls every
// destroy when one creation fails) may destroy a cache never created:
// kmem_cache_destroy(NULL) does nothing, a static instance is never NULL.
// This file cannot show that unwinding, so the cache stays a pointer
// unless its creation cannot fail or one of the two is this file's own.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct uw_cursor {
	unsigned long	level;
	void		*path[8];
};

static struct kmem_cache *uw_rmap_cur_cache;
static struct kmem_cache *uw_ialloc_cur_cache;
static struct kmem_cache *uw_refc_cur_cache;
static struct kmem_cache *uw_bmap_cur_cache;
static struct kmem_cache *uw_dev_req_cache;

// CHECK:      unwound.c:[[#@LINE-6]]: uw_rmap_cur_cache: refused (unwound-elsewhere): it is created in uw_rmap_init_cur_cache and destroyed in uw_rmap_destroy_cur_cache, which other files call: a creation that may fail, whose unwinding is in another file, which may destroy it uncreated (a static instance is never NULL)
// CHECK-NEXT: unwound.c:[[#@LINE-6]]: uw_ialloc_cur_cache: refused (unwound-elsewhere): it is created in uw_ialloc_init_cur_cache and destroyed in uw_destroy_caches, which other files call
// CHECK-NEXT: unwound.c:[[#@LINE-6]]: uw_refc_cur_cache: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// CHECK-NEXT: unwound.c:[[#@LINE-6]]: uw_bmap_cur_cache: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// CHECK-NEXT: unwound.c:[[#@LINE-6]]: uw_dev_req_cache: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()

int uw_rmap_init_cur_cache(void);
void uw_rmap_destroy_cur_cache(void);
int uw_refc_init_cur_cache(void);
void uw_refc_destroy_cur_cache(void);
int uw_bmap_init_cur_cache(void);
int uw_init_caches(void);
void uw_destroy_caches(void);
int uw_dev_init(void);
int uw_register_dev(void);

int __init uw_rmap_init_cur_cache(void)
{
	uw_rmap_cur_cache = KMEM_CACHE(uw_cursor, 0);
	if (!uw_rmap_cur_cache)
		return -ENOMEM;
	return 0;
}

void uw_rmap_destroy_cur_cache(void)
{
	kmem_cache_destroy(uw_rmap_cur_cache);
	uw_rmap_cur_cache = NULL;
}

/* A helper of this file's, which a function other files call runs. */
static int __init uw_ialloc_init_cur_cache(void)
{
	uw_ialloc_cur_cache = KMEM_CACHE(uw_cursor, 0);
	if (!uw_ialloc_cur_cache)
		return -ENOMEM;
	return 0;
}

int __init uw_init_caches(void)
{
	return uw_ialloc_init_cur_cache();
}

void uw_destroy_caches(void)
{
	kmem_cache_destroy(uw_ialloc_cur_cache);
}

/* Look-alike: its creation cannot fail. */
int __init uw_refc_init_cur_cache(void)
{
	uw_refc_cur_cache = KMEM_CACHE(uw_cursor, SLAB_PANIC);
	return 0;
}

void uw_refc_destroy_cur_cache(void)
{
	kmem_cache_destroy(uw_refc_cur_cache);
}

/*
 * Look-alike: no other file can destroy it; this file's release, which
 * only its module exit calls, does.
 */
int __init uw_bmap_init_cur_cache(void)
{
	uw_bmap_cur_cache = KMEM_CACHE(uw_cursor, 0);
	return uw_bmap_cur_cache ? 0 : -ENOMEM;
}

static void uw_bmap_destroy_cur_cache(void)
{
	kmem_cache_destroy(uw_bmap_cur_cache);
}

static void __exit uw_exit(void)
{
	uw_bmap_destroy_cur_cache();
}

module_exit(uw_exit);

/*
 * Look-alike (fs/fuse's fuse_dev_init()): the function other files call
 * destroys the cache itself when its next step fails, which this file
 * shows; no other function of theirs destroys it.
 */
int __init uw_dev_init(void)
{
	uw_dev_req_cache = KMEM_CACHE(uw_cursor, 0);
	if (!uw_dev_req_cache)
		return -ENOMEM;
	if (uw_register_dev()) {
		kmem_cache_destroy(uw_dev_req_cache);
		return -EBUSY;
	}
	return 0;
}
