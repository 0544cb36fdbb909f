// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-size-mismatch look-alikes: allocations through the cache's own
// type, a smaller type, void *, a byte pointer, or a different struct of
// the same size; caches set up in another file (size unknown here); and
// dynamic caches, which are not static instances at all.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct anon_vma_chain {
	void			*vma;
	void			*anon_vma;
	struct list_head	same_vma;
	unsigned long		rb_subtree_last;
};
static_assert(sizeof(struct anon_vma_chain) == 40);

/* Same size, different layout: fits, and is not this rule's business. */
struct anon_vma_chain_v2 {
	u64			words[5];
#ifdef SLABCHECK_TWIN
	/* Grown by a later patch; the cache still has 40-byte objects. */
	u64			generation;
#endif
};
#ifndef SLABCHECK_TWIN
static_assert(sizeof(struct anon_vma_chain_v2) == 40);
#endif

struct avc_head {
	void			*vma;
};

struct anon_vma_big {
	u64			words[32];
};

static struct kmem_cache_opaque anon_vma_chain_cache;
#define anon_vma_chain_cachep to_kmem_cache(&anon_vma_chain_cache)

/* Set up in another file: nothing is known about its object size. */
extern struct kmem_cache_opaque vm_area_cache;
#define vm_area_cachep to_kmem_cache(&vm_area_cache)

static struct kmem_cache *anon_vma_big_cachep;

void __init anon_vma_init(void)
{
	KMEM_CACHE_SETUP(anon_vma_chain_cachep, anon_vma_chain,
			 SLAB_PANIC | SLAB_ACCOUNT);
	anon_vma_big_cachep = KMEM_CACHE(anon_vma_chain,
					 SLAB_PANIC | SLAB_ACCOUNT);
}

struct anon_vma_chain *anon_vma_chain_alloc(gfp_t gfp)
{
	return kmem_cache_alloc(anon_vma_chain_cachep, gfp);
}

void anon_vma_chain_free(struct anon_vma_chain *avc)
{
	kmem_cache_free(anon_vma_chain_cachep, avc);
}

struct anon_vma_chain_v2 *anon_vma_chain_alloc_v2(void)
{
	struct anon_vma_chain_v2 *avc;

	// TWIN: {{.*}}[[@LINE+1]]:8: warning: 'struct anon_vma_chain_v2' (48 bytes) does not fit static cache 'anon_vma_chain_cache' (40-byte objects) [kmem-size-mismatch]
	avc = kmem_cache_alloc(anon_vma_chain_cachep, GFP_KERNEL);
	return avc;
}

void *anon_vma_chain_raw(void)
{
	void *p = kmem_cache_zalloc(anon_vma_chain_cachep, GFP_KERNEL);

	return p;
}

u8 *anon_vma_chain_bytes(void)
{
	u8 *p = kmem_cache_alloc(anon_vma_chain_cachep, GFP_KERNEL);

	return p;
}

void *anon_vma_chain_head(void)
{
	struct avc_head *h = kmem_cache_alloc(anon_vma_chain_cachep, GFP_KERNEL);

	if (h)
		h->vma = NULL;
	return h;
}

struct anon_vma_big *vm_area_alloc_big(void)
{
	struct anon_vma_big *p = kmem_cache_alloc(vm_area_cachep, GFP_KERNEL);

	return p;
}

/* A dynamic cache: its size is mm/'s business, not a static instance. */
struct anon_vma_big *anon_vma_big_alloc(void)
{
	struct anon_vma_big *p = kmem_cache_alloc(anon_vma_big_cachep,
						  GFP_KERNEL);

	return p;
}
