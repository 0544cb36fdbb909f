// The reasons decided on paths (--no-verify): init does not unwind the
// clean cache when a later one fails, which the check of the converted
// code would hold against it (kmem-module-leak).
// RUN: %convert --no-verify %s -DMODULE | %filecheck %s
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert: each reason a cache pointer stays a pointer, one cache
// each, the way drivers write them; the one clean cache converts.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct req_min {
	unsigned long	flags;
	char		payload[32];
};

struct req_owner {
	struct kmem_cache *cache;
};

static struct kmem_cache *req_cachep __ro_after_init;
static struct kmem_cache *cmp_cachep;
static struct kmem_cache *addr_cachep;
static struct kmem_cache *kept_cachep;
static struct kmem_cache *late_cachep;
static struct kmem_cache *probe_cachep;
static struct kmem_cache *ring_cachep[4];
static struct kmem_cache *twice_cachep;
static struct kmem_cache *alias_cachep;
static struct kmem_cache *never_cachep;
/* Its extern, as a header declares it before the definition. */
extern struct kmem_cache *shared_cachep;
struct kmem_cache *shared_cachep;
static struct kmem_cache *reinit_cachep;
static struct req_owner owner;

struct kmem_cache *req_find_cache(const char *name);

// CHECK:      refusals.c:[[#@LINE-18]]: req_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP(), __ro_after_init dropped
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: cmp_cachep: refused (compared): it is compared with another pointer in req_is_small
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: addr_cachep: refused (address-taken): its address is taken in req_pick
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: kept_cachep: refused (stored-elsewhere): its value is kept in other storage in req_own
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: late_cachep: refused (outside-init): it is created outside init, in req_late_setup
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: probe_cachep: refused (null-tested): it is tested for NULL in req_probe_alloc
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: ring_cachep: refused (array): an array of caches
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: twice_cachep: refused (assigned-twice): it is assigned more than once (again in req_init)
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: alias_cachep: refused (not-a-creation): it is assigned something other than a creation the series has a setup for, in req_init
// CHECK-NEXT: refusals.c:[[#@LINE-18]]: never_cachep: refused (never-created): this file never creates it
// CHECK-NEXT: refusals.c:[[#@LINE-16]]: shared_cachep: refused (extern-shape): it is not declared once, by an extern in a header that every file naming it includes, where the instance's would go: this file declares it itself
// CHECK-NEXT: refusals.c:[[#@LINE-16]]: reinit_cachep: refused (outside-init): it is created outside init, in req_make_cache
// CHECK-NOT:  owner

static bool req_is_small(struct kmem_cache *cache)
{
	return cache == cmp_cachep;
}

static struct kmem_cache **req_pick(void)
{
	return &addr_cachep;
}

static void req_own(void)
{
	owner.cache = kept_cachep;
}

/* Called from init, and again on reset: not init code only. */
static int req_make_cache(void)
{
	reinit_cachep = KMEM_CACHE(req_min, 0);
	return reinit_cachep ? 0 : -ENOMEM;
}

void req_reset(void)
{
	req_make_cache();
}

void req_late_setup(void)
{
	late_cachep = kmem_cache_create("req_late", sizeof(struct req_min), 0,
					0, NULL);
}

void *req_probe_alloc(void)
{
	if (!probe_cachep)
		return NULL;
	return kmem_cache_alloc(probe_cachep, GFP_KERNEL);
}

void *req_shared_alloc(void)
{
	return kmem_cache_alloc(shared_cachep, GFP_KERNEL);
}

void req_never_free(void *object)
{
	kmem_cache_free(never_cachep, object);
}

static int __init req_init(void)
{
	int i;

	req_cachep = KMEM_CACHE(req_min, SLAB_HWCACHE_ALIGN);
	if (!req_cachep)
		return -ENOMEM;
	cmp_cachep = KMEM_CACHE(req_min, 0);
	addr_cachep = KMEM_CACHE(req_min, 0);
	kept_cachep = KMEM_CACHE(req_min, 0);
	probe_cachep = KMEM_CACHE(req_min, 0);
	shared_cachep = KMEM_CACHE(req_min, SLAB_PANIC);
	for (i = 0; i < 4; i++)
		ring_cachep[i] = KMEM_CACHE(req_min, 0);
	twice_cachep = KMEM_CACHE(req_min, 0);
	twice_cachep = KMEM_CACHE(req_min, SLAB_ACCOUNT);
	alias_cachep = req_find_cache("req_min");
	req_own();
	if (req_make_cache())
		return -ENOMEM;
	return req_is_small(*req_pick()) ? 0 : -EINVAL;
}

static void __exit req_exit(void)
{
	kmem_cache_destroy(req_cachep);
}

module_init(req_init);
module_exit(req_exit);
