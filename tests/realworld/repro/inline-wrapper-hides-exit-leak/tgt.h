/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the two files of inline-wrapper-hides-exit-leak. */
struct gp {
	int a, b;
};

extern struct kmem_cache_opaque gp_cache_instance;
#define gp_cachep to_kmem_cache(&gp_cache_instance)
extern struct kmem_cache_opaque map_cache_instance;
#define map_cachep to_kmem_cache(&map_cache_instance)

void gp_free(struct gp *gp);
