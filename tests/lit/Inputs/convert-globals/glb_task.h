/* The header that declares the globals of globals.c, as <linux/signal.h>
 * declares sighand_cachep for kernel/fork.c. */
#ifndef GLB_TASK_H
#define GLB_TASK_H

#include <linux/slab.h>

struct glb_sighand {
	unsigned long	count;
	void		*action[64];
};

struct glb_files {
	unsigned long	count;
	void		*fd[32];
};

extern struct kmem_cache *glb_sighand_cachep;
extern struct kmem_cache *glb_files_cachep;
extern struct kmem_cache *glb_fs_cachep;
extern struct kmem_cache *glb_names_cachep;
extern struct kmem_cache *glb_mm_cachep;
extern struct kmem_cache *glb_vm_cachep;

struct glb_sighand *glb_exec_sighand(void);
void glb_exec_release(struct glb_sighand *sighand);
struct glb_files *glb_dup_files(void);
void *glb_fs_alloc(void);

#endif
