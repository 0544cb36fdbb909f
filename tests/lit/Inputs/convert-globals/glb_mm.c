/* Declares glb_mm_cachep itself instead of through glb_task.h. */
#include <linux/slab.h>

extern struct kmem_cache *glb_mm_cachep;

void *glb_mm_alloc(void)
{
	return kmem_cache_alloc(glb_mm_cachep, GFP_KERNEL);
}
