/* A user of two globals, as fs/exec.c uses sighand_cachep: it only passes
 * their values on. */
#include "glb_task.h"

struct glb_sighand *glb_exec_sighand(void)
{
	return kmem_cache_alloc(glb_sighand_cachep, GFP_KERNEL);
}

void glb_exec_release(struct glb_sighand *sighand)
{
	kmem_cache_free(glb_sighand_cachep, sighand);
}

struct glb_files *glb_dup_files(void)
{
	return kmem_cache_zalloc(glb_files_cachep, GFP_KERNEL);
}
