/*
 * Test stand-in for <linux/slab-static.h> from the static kmem_cache RFC,
 * modeled on Linux 6.12's slab API: storage for a struct kmem_cache
 * provided by the caller, and the kmem_cache_setup() family that creates a
 * cache in it.
 *
 *	static struct kmem_cache_opaque foo_cache;
 *	#define foo_cachep to_kmem_cache(&foo_cache)
 *	...
 *	err = kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0,
 *			       SLAB_HWCACHE_ALIGN, NULL);
 *
 * The helpers fill in kmem_cache_args.preallocated (the storage) and
 * .owner (the module's kobject, which stays pinned until mm/ has let go of
 * the cache; NULL for built-in code).  Objects come from the ordinary
 * kmem_cache_alloc()/kmem_cache_free().  An instance is set up at most
 * once, and a module destroys its instances before it goes away.
 *
 * As in 6.12, a failed setup returns NULL from the macros and -ENOMEM from
 * the functions.
 *
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_SLAB_STATIC_H
#define _LINUX_SLAB_STATIC_H

#include <linux/slab.h>
#include <linux/module.h>
#include <generated/kmem_cache_size.h>

/* Same size and alignment as mm/'s struct kmem_cache; contents hidden. */
struct kmem_cache_opaque {
	unsigned char opaque[KMEM_CACHE_SIZE];
} __aligned(KMEM_CACHE_ALIGN);

#ifdef MODULE
#define THIS_MODULE_KOBJ	(&THIS_MODULE->mkobj.kobj)
#else
#define THIS_MODULE_KOBJ	NULL
#endif

/*
 * Create a cache in @cache; the trailing arguments are further designated
 * initializers of struct kmem_cache_args (.align, .ctor, ...).
 */
#define __KMEM_CACHE_SETUP(cache, name, size, flags, ...)		\
	__kmem_cache_create_args((name), (size),			\
		&(struct kmem_cache_args){				\
			.owner		= THIS_MODULE_KOBJ,		\
			.preallocated	= (cache),			\
			__VA_ARGS__					\
		}, (flags))

/* kmem_cache_create_usercopy() for a static instance: 0 or -ENOMEM. */
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

	res = __KMEM_CACHE_SETUP(s, name, size, flags,
				 .align		= align,
				 .ctor		= ctor,
				 .useroffset	= useroffset,
				 .usersize	= usersize);
	return res ? 0 : -ENOMEM;
}

/*
 * kmem_cache_create() for a static instance: 0 or -ENOMEM.  As in our 6.12
 * port, one API helper calls the other (a compiler that inlines sees both).
 */
static inline int kmem_cache_setup(struct kmem_cache *s, const char *name,
				   unsigned int size, unsigned int align,
				   slab_flags_t flags, void (*ctor)(void *))
{
	return kmem_cache_setup_usercopy(s, name, size, align, flags, 0, 0,
					 ctor);
}

/* KMEM_CACHE() into @s; evaluates to the struct kmem_cache * or NULL. */
#define KMEM_CACHE_SETUP(s, __struct, __flags)				\
	__KMEM_CACHE_SETUP((s), #__struct, sizeof(struct __struct),	\
			   (__flags),					\
			   .align = __alignof__(struct __struct))

/* KMEM_CACHE_USERCOPY() into @s; the struct kmem_cache * or NULL. */
#define KMEM_CACHE_SETUP_USERCOPY(s, __struct, __flags, __field)	\
	__KMEM_CACHE_SETUP((s), #__struct, sizeof(struct __struct),	\
			   (__flags),					\
			   .align	= __alignof__(struct __struct),	\
			   .useroffset	= offsetof(struct __struct, __field), \
			   .usersize	= sizeof_field(struct __struct, __field))

#endif /* _LINUX_SLAB_STATIC_H */
