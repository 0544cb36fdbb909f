/*
 * <linux/slab-static.h> with kmem_cache_setup_usercopy() keeping its errno
 * in a local variable set on the failing branch, and kmem_cache_setup()
 * written out on its own with the stand-in's `res ? 0 : -ENOMEM`.
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
	struct kmem_cache *res;
	int err = 0;

	res = __KMEM_CACHE_SETUP(s, name, size, flags,
				 .align		= align,
				 .ctor		= ctor,
				 .useroffset	= useroffset,
				 .usersize	= usersize);
	if (IS_ERR_OR_NULL(res))
		err = res ? PTR_ERR(res) : -ENOMEM;
	return err;
}

static inline int kmem_cache_setup(struct kmem_cache *s, const char *name,
				   unsigned int size, unsigned int align,
				   slab_flags_t flags, void (*ctor)(void *))
{
	struct kmem_cache *res = __KMEM_CACHE_SETUP(s, name, size, flags,
						    .align = align,
						    .ctor = ctor);

	return res ? 0 : -ENOMEM;
}

#endif /* _LINUX_SLAB_STATIC_H */
