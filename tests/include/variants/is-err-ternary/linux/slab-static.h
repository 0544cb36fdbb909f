/*
 * <linux/slab-static.h> with the helpers' bodies written as one
 * conditional expression, `IS_ERR(res) ? PTR_ERR(res) : 0`, and
 * kmem_cache_setup() calling kmem_cache_setup_usercopy().
 *
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_SLAB_STATIC_H
#define _LINUX_SLAB_STATIC_H

#include "../../slab-static-common.h"

static inline int kmem_cache_setup_usercopy(struct kmem_cache *s,
					    const char *name,
					    unsigned int size,
					    unsigned int align,
					    slab_flags_t flags,
					    unsigned int useroffset,
					    unsigned int usersize,
					    void (*ctor)(void *))
{
	struct kmem_cache *res = __KMEM_CACHE_SETUP(s, name, size, flags,
						    .align = align,
						    .ctor = ctor,
						    .useroffset = useroffset,
						    .usersize = usersize);

	return IS_ERR(res) ? PTR_ERR(res) : 0;
}

static inline int kmem_cache_setup(struct kmem_cache *s, const char *name,
				   unsigned int size, unsigned int align,
				   slab_flags_t flags, void (*ctor)(void *))
{
	return kmem_cache_setup_usercopy(s, name, size, align, flags, 0, 0,
					 ctor);
}

#endif /* _LINUX_SLAB_STATIC_H */
