// RUN: %check %s | %filecheck %s
//
// kmem-resetup counts __kmem_cache_create_args() with .preallocated set as
// a setup even when it is written by hand (which is itself a
// kmem-internal-flag finding at the field).
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct vmap_area {
	unsigned long		va_start;
	unsigned long		va_end;
	struct list_head	list;
	unsigned long		subtree_max_size;
};

static struct kmem_cache_opaque vmap_area_cache;
#define vmap_area_cachep to_kmem_cache(&vmap_area_cache)

void __init vmalloc_init(void)
{
	__kmem_cache_create_args("vmap_area", sizeof(struct vmap_area),
				 &(struct kmem_cache_args){
					.align = __alignof__(struct vmap_area),
					.preallocated = vmap_area_cachep,
					// CHECK: {{.*}}[[@LINE-1]]:22: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
				 }, SLAB_PANIC);

	pr_info("vmalloc: %zu-byte areas\n", sizeof(struct vmap_area));

	__kmem_cache_create_args("vmap_area", sizeof(struct vmap_area),
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: static cache 'vmap_area_cache' may already be set up on this path [kmem-resetup]
				 &(struct kmem_cache_args){
					.preallocated = vmap_area_cachep,
					// CHECK: {{.*}}[[@LINE-1]]:22: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
				 }, SLAB_PANIC);
}
