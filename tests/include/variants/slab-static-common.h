/*
 * What every variant of <linux/slab-static.h> under tests/include/variants/
 * shares with the stand-in tests/include/linux/slab-static.h: the opaque
 * storage, the owner and the setup macros.  Each variant adds
 * kmem_cache_setup() and kmem_cache_setup_usercopy() with bodies written
 * its own way, as a later version of the series may write them: the
 * checkers must know the helpers by name, whatever their bodies.
 *
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _SLABCHECK_VARIANT_SLAB_STATIC_COMMON_H
#define _SLABCHECK_VARIANT_SLAB_STATIC_COMMON_H

#include <linux/err.h>
#include <linux/slab.h>
#include <linux/module.h>
#include <generated/kmem_cache_size.h>

struct kmem_cache_opaque {
	unsigned char opaque[KMEM_CACHE_SIZE];
} __aligned(KMEM_CACHE_ALIGN);

#ifdef MODULE
#define THIS_MODULE_KOBJ	(&THIS_MODULE->mkobj.kobj)
#else
#define THIS_MODULE_KOBJ	NULL
#endif

#define __KMEM_CACHE_SETUP(cache, name, size, flags, ...)		\
	__kmem_cache_create_args((name), (size),			\
		&(struct kmem_cache_args){				\
			.owner		= THIS_MODULE_KOBJ,		\
			.preallocated	= (cache),			\
			__VA_ARGS__					\
		}, (flags))

#define KMEM_CACHE_SETUP(s, __struct, __flags)				\
	__KMEM_CACHE_SETUP((s), #__struct, sizeof(struct __struct),	\
			   (__flags),					\
			   .align = __alignof__(struct __struct))

#define KMEM_CACHE_SETUP_USERCOPY(s, __struct, __flags, __field)	\
	__KMEM_CACHE_SETUP((s), #__struct, sizeof(struct __struct),	\
			   (__flags),					\
			   .align	= __alignof__(struct __struct),	\
			   .useroffset	= offsetof(struct __struct, __field), \
			   .usersize	= sizeof_field(struct __struct, __field))

#endif /* _SLABCHECK_VARIANT_SLAB_STATIC_COMMON_H */
