/* A user that tests a global for NULL: a static instance never is. */
#include "glb_task.h"

void *glb_fs_alloc(void)
{
	if (!glb_fs_cachep)
		return NULL;
	return kmem_cache_alloc(glb_fs_cachep, GFP_KERNEL);
}
