/*
 * Test stand-in for <linux/mempool.h>, modeled on Linux 6.12: the pool
 * constructors are functions of mm/mempool.c behind alloc_hooks(), and the
 * slab-backed pools are macros that pass the cache as pool_data.  Written
 * for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_MEMPOOL_H
#define _LINUX_MEMPOOL_H

#include <linux/gfp.h>
#include <linux/slab.h>

typedef void *(mempool_alloc_t)(gfp_t gfp_mask, void *pool_data);
typedef void (mempool_free_t)(void *element, void *pool_data);

typedef struct mempool_s {
	int		min_nr;
	int		curr_nr;
	void		**elements;
	void		*pool_data;
	mempool_alloc_t	*alloc;
	mempool_free_t	*free;
} mempool_t;

int mempool_init_node(mempool_t *pool, int min_nr, mempool_alloc_t *alloc_fn,
		      mempool_free_t *free_fn, void *pool_data,
		      gfp_t gfp_mask, int node_id);
int mempool_init_noprof(mempool_t *pool, int min_nr, mempool_alloc_t *alloc_fn,
			mempool_free_t *free_fn, void *pool_data);
#define mempool_init(...)	alloc_hooks(mempool_init_noprof(__VA_ARGS__))
void mempool_exit(mempool_t *pool);

mempool_t *mempool_create_node_noprof(int min_nr, mempool_alloc_t *alloc_fn,
				      mempool_free_t *free_fn, void *pool_data,
				      gfp_t gfp_mask, int nid);
#define mempool_create_node(...)					\
	alloc_hooks(mempool_create_node_noprof(__VA_ARGS__))
#define mempool_create(_min_nr, _alloc_fn, _free_fn, _pool_data)	\
	mempool_create_node(_min_nr, _alloc_fn, _free_fn, _pool_data,	\
			    GFP_KERNEL, NUMA_NO_NODE)
void mempool_destroy(mempool_t *pool);

void *mempool_alloc_noprof(mempool_t *pool, gfp_t gfp_mask);
#define mempool_alloc(...)	alloc_hooks(mempool_alloc_noprof(__VA_ARGS__))
void mempool_free(void *element, mempool_t *pool);

void *mempool_alloc_slab(gfp_t gfp_mask, void *pool_data);
void mempool_free_slab(void *element, void *pool_data);
#define mempool_init_slab_pool(_pool, _min_nr, _kc)			\
	mempool_init(_pool, (_min_nr), mempool_alloc_slab,		\
		     mempool_free_slab, (void *)(_kc))
#define mempool_create_slab_pool(_min_nr, _kc)				\
	mempool_create((_min_nr), mempool_alloc_slab, mempool_free_slab, \
		       (void *)(_kc))

void *mempool_kmalloc(gfp_t gfp_mask, void *pool_data);
void mempool_kfree(void *element, void *pool_data);
#define mempool_create_kmalloc_pool(_min_nr, _size)			\
	mempool_create((_min_nr), mempool_kmalloc, mempool_kfree,	\
		       (void *)(size_t)(_size))

#endif /* _LINUX_MEMPOOL_H */
