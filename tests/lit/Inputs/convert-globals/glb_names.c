/* Names glb_names_cachep, only to allocate from it; some runs of globals.c
 * do not read it. */
#include "glb_task.h"

void *glb_getname(void)
{
	return kmem_cache_alloc(glb_names_cachep, GFP_KERNEL);
}
