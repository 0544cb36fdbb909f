// RUN: %check %s | %filecheck --check-prefix=CHECK %s
// RUN: %check --strict-size %s | %filecheck --check-prefixes=CHECK,STRICT %s
//
// By default only types bigger than the cache's objects are reported.
// --strict-size reports any size difference, so the smaller types show up
// too; a type of exactly the cache's size stays silent.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct xfrm_state_min {
	struct hlist_node	bydst;
	struct hlist_node	bysrc;
	u32			id;
	u32			flags;
	u64			lft[4];
};
static_assert(sizeof(struct xfrm_state_min) == 72);

struct xfrm_state_walk_min {
	struct list_head	all;
	u8			state;
	u8			dying;
	u8			proto;
	u32			seq;
};
static_assert(sizeof(struct xfrm_state_walk_min) == 24);

struct xfrm_state_offload {
	struct xfrm_state_min	x;
	u64			dev;
	u64			real_dev;
};
static_assert(sizeof(struct xfrm_state_offload) == 88);

struct xfrm_state_same {
	u64			words[9];
};
static_assert(sizeof(struct xfrm_state_same) == 72);

static struct kmem_cache_opaque xfrm_state_cache;
#define xfrm_state_cachep to_kmem_cache(&xfrm_state_cache)

void __init xfrm_state_init(void)
{
	KMEM_CACHE_SETUP(xfrm_state_cachep, xfrm_state_min,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC);
}

struct xfrm_state_walk_min *xfrm_state_walk_alloc(void)
{
	struct xfrm_state_walk_min *w;

	w = kmem_cache_alloc(xfrm_state_cachep, GFP_ATOMIC);
	// STRICT: {{.*}}[[@LINE-1]]:6: warning: 'struct xfrm_state_walk_min' (24 bytes) does not fit static cache 'xfrm_state_cache' (72-byte objects) [kmem-size-mismatch]
	return w;
}

struct xfrm_state_offload *xfrm_state_offload_alloc(void)
{
	struct xfrm_state_offload *xso;

	xso = kmem_cache_alloc(xfrm_state_cachep, GFP_ATOMIC);
	// CHECK: {{.*}}[[@LINE-1]]:8: warning: 'struct xfrm_state_offload' (88 bytes) does not fit static cache 'xfrm_state_cache' (72-byte objects) [kmem-size-mismatch]
	return xso;
}

void xfrm_state_walk_free(struct xfrm_state_walk_min *w)
{
	kmem_cache_free(xfrm_state_cachep, w);
	// STRICT: {{.*}}[[@LINE-1]]:2: warning: 'struct xfrm_state_walk_min' (24 bytes) does not fit static cache 'xfrm_state_cache' (72-byte objects) [kmem-size-mismatch]
}

void xfrm_state_same_free(struct xfrm_state_same *s)
{
	kmem_cache_free(xfrm_state_cachep, s);
}
