/*
 * <linux/slab-static.h> with the helpers' bodies as the series' header
 * writes them: the setup's result handed straight to PTR_ERR_OR_ZERO().
 * Each helper is written out on its own.
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
	return PTR_ERR_OR_ZERO(__KMEM_CACHE_SETUP(s, name, size, flags,
						  .align = align,
						  .ctor = ctor,
						  .useroffset = useroffset,
						  .usersize = usersize));
}

static inline int kmem_cache_setup(struct kmem_cache *s, const char *name,
				   unsigned int size, unsigned int align,
				   slab_flags_t flags, void (*ctor)(void *))
{
	return PTR_ERR_OR_ZERO(__KMEM_CACHE_SETUP(s, name, size, flags,
						  .align = align,
						  .ctor = ctor));
}

#endif /* _LINUX_SLAB_STATIC_H */
