/*
 * Test stand-in for <linux/slab.h>, modeled on Linux 6.12 with the static
 * kmem_cache RFC applied (SLAB_PREALLOCATED, struct kmem_cache_opaque,
 * to_kmem_cache(), kmem_cache_args.preallocated and .owner).
 *
 * The shapes follow 6.12: kmem_cache_create() is a _Generic dispatcher,
 * KMEM_CACHE() builds a compound literal of struct kmem_cache_args, and the
 * allocation entry points are *_noprof() functions wrapped in alloc_hooks()
 * as with CONFIG_MEM_ALLOC_PROFILING.  __kmem_cache_create_args() returns
 * NULL on failure, as in 6.12.
 *
 * Every optional flag bit is present, as in a configuration that enables
 * all of them, so SLAB_PREALLOCATED is bit 23 (0x00800000).
 *
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/gfp.h>
#include <linux/err.h>
#include <linux/bug.h>

enum _slab_flag_bits {
	_SLAB_CONSISTENCY_CHECKS,
	_SLAB_RED_ZONE,
	_SLAB_POISON,
	_SLAB_KMALLOC,
	_SLAB_HWCACHE_ALIGN,
	_SLAB_CACHE_DMA,
	_SLAB_CACHE_DMA32,
	_SLAB_STORE_USER,
	_SLAB_PANIC,
	_SLAB_TYPESAFE_BY_RCU,
	_SLAB_TRACE,
	_SLAB_DEBUG_OBJECTS,
	_SLAB_NOLEAKTRACE,
	_SLAB_NO_MERGE,
	_SLAB_FAILSLAB,
	_SLAB_ACCOUNT,
	_SLAB_KASAN,
	_SLAB_NO_USER_FLAGS,
	_SLAB_SKIP_KFENCE,
	_SLAB_RECLAIM_ACCOUNT,
	_SLAB_OBJECT_POISON,
	_SLAB_CMPXCHG_DOUBLE,
	_SLAB_NO_OBJ_EXT,
#if defined(__CHECKER__) && !defined(__SLABCHECK__)
	__SLAB_PREALLOCATED_BIT,
#else
	_SLAB_PREALLOCATED,
#endif
	_SLAB_FLAGS_LAST_BIT
};

#if defined(__CHECKER__) && !defined(__SLABCHECK__)
/*
 * sparse-annotations/ (docs/sparse-annotations.md), for stock sparse only:
 * mm/'s own flag bit has a restricted type, so that a flag made of it
 * outside mm/ gets "restricted slab_internal_bit_t degrades to integer";
 * mm/ says __force.  slabcheck-sparse defines __SLABCHECK__ and sees the
 * plain enumerator, as compilers do.
 */
typedef unsigned int __bitwise slab_internal_bit_t;
#define _SLAB_PREALLOCATED ((slab_internal_bit_t __force)__SLAB_PREALLOCATED_BIT)
#endif

#define __SLAB_FLAG_BIT(nr)	((slab_flags_t __force)(1U << (nr)))
#define __SLAB_FLAG_UNUSED	((slab_flags_t __force)(0U))

#define SLAB_CONSISTENCY_CHECKS	__SLAB_FLAG_BIT(_SLAB_CONSISTENCY_CHECKS)
#define SLAB_RED_ZONE		__SLAB_FLAG_BIT(_SLAB_RED_ZONE)
#define SLAB_POISON		__SLAB_FLAG_BIT(_SLAB_POISON)
#define SLAB_KMALLOC		__SLAB_FLAG_BIT(_SLAB_KMALLOC)
#define SLAB_HWCACHE_ALIGN	__SLAB_FLAG_BIT(_SLAB_HWCACHE_ALIGN)
#define SLAB_CACHE_DMA		__SLAB_FLAG_BIT(_SLAB_CACHE_DMA)
#define SLAB_CACHE_DMA32	__SLAB_FLAG_BIT(_SLAB_CACHE_DMA32)
#define SLAB_STORE_USER		__SLAB_FLAG_BIT(_SLAB_STORE_USER)
#define SLAB_PANIC		__SLAB_FLAG_BIT(_SLAB_PANIC)
#define SLAB_TYPESAFE_BY_RCU	__SLAB_FLAG_BIT(_SLAB_TYPESAFE_BY_RCU)
#define SLAB_TRACE		__SLAB_FLAG_BIT(_SLAB_TRACE)
#define SLAB_DEBUG_OBJECTS	__SLAB_FLAG_BIT(_SLAB_DEBUG_OBJECTS)
#define SLAB_NOLEAKTRACE	__SLAB_FLAG_BIT(_SLAB_NOLEAKTRACE)
#define SLAB_NO_MERGE		__SLAB_FLAG_BIT(_SLAB_NO_MERGE)
#define SLAB_FAILSLAB		__SLAB_FLAG_BIT(_SLAB_FAILSLAB)
#define SLAB_ACCOUNT		__SLAB_FLAG_BIT(_SLAB_ACCOUNT)
#define SLAB_KASAN		__SLAB_FLAG_BIT(_SLAB_KASAN)
#define SLAB_NO_USER_FLAGS	__SLAB_FLAG_BIT(_SLAB_NO_USER_FLAGS)
#define SLAB_SKIP_KFENCE	__SLAB_FLAG_BIT(_SLAB_SKIP_KFENCE)
#define SLAB_RECLAIM_ACCOUNT	__SLAB_FLAG_BIT(_SLAB_RECLAIM_ACCOUNT)
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT
#define SLAB_NO_OBJ_EXT		__SLAB_FLAG_BIT(_SLAB_NO_OBJ_EXT)

/*
 * Set by mm/ on caches whose struct kmem_cache lives in caller-provided
 * storage (struct kmem_cache_opaque).  Internal to mm/: callers never pass
 * it; the setup helpers in <linux/slab-static.h> are the way in.
 */
#define SLAB_PREALLOCATED	__SLAB_FLAG_BIT(_SLAB_PREALLOCATED)

#define ZERO_SIZE_PTR		((void *)16)
#define ARCH_KMALLOC_MINALIGN	8

struct list_lru;
struct kobject;
struct kmem_cache;
struct kmem_cache_opaque;

bool slab_is_available(void);

/* A static instance is used through the ordinary struct kmem_cache API. */
static inline struct kmem_cache *to_kmem_cache(struct kmem_cache_opaque *p)
{
	return (struct kmem_cache *)p;
}

/*
 * The less common arguments of a cache: everything beyond name, object
 * size and flags.  @preallocated and @owner belong to the setup helpers of
 * <linux/slab-static.h>; nobody else fills them in.
 */
struct kmem_cache_args {
	unsigned int align;
	unsigned int useroffset;
	unsigned int usersize;
	unsigned int freeptr_offset;
	bool use_freeptr_offset;
	void (*ctor)(void *);
	/* mm/'s: stock sparse warns on a plain access (ACCESS_PRIVATE()). */
	struct kmem_cache * __private preallocated;
	struct kobject * __private owner;
};

struct kmem_cache *__kmem_cache_create_args(const char *name,
					    unsigned int object_size,
					    struct kmem_cache_args *args,
					    slab_flags_t flags);

/* The 5-argument form: kmem_cache_create(name, size, align, flags, ctor). */
static inline struct kmem_cache *
__kmem_cache_create(const char *name, unsigned int size, unsigned int align,
		    slab_flags_t flags, void (*ctor)(void *))
{
	struct kmem_cache_args kmem_args = {
		.align	= align,
		.ctor	= ctor,
	};

	return __kmem_cache_create_args(name, size, &kmem_args, flags);
}

static inline struct kmem_cache *
kmem_cache_create_usercopy(const char *name, unsigned int size,
			   unsigned int align, slab_flags_t flags,
			   unsigned int useroffset, unsigned int usersize,
			   void (*ctor)(void *))
{
	struct kmem_cache_args kmem_args = {
		.align		= align,
		.ctor		= ctor,
		.useroffset	= useroffset,
		.usersize	= usersize,
	};

	return __kmem_cache_create_args(name, size, &kmem_args, flags);
}

/* A SLAB_TYPESAFE_BY_RCU cache with its free pointer placed (6.12). */
struct kmem_cache *kmem_cache_create_rcu(const char *name, unsigned int size,
					 unsigned int freeptr_offset,
					 slab_flags_t flags);

/* kmem_cache_create(name, size, NULL, flags): all defaults. */
static inline struct kmem_cache *
__kmem_cache_default_args(const char *name, unsigned int size,
			  struct kmem_cache_args *args, slab_flags_t flags)
{
	struct kmem_cache_args kmem_default_args = {};

	if (WARN_ON_ONCE(args))
		return NULL;

	return __kmem_cache_create_args(name, size, &kmem_default_args, flags);
}

/*
 * kmem_cache_create(name, size, args, flags) with a struct kmem_cache_args
 * pointer (or NULL), or the older kmem_cache_create(name, size, align,
 * flags, ctor): the type of the third argument picks the function.
 */
#define kmem_cache_create(__name, __object_size, __args, ...)		\
	_Generic((__args),						\
		struct kmem_cache_args *: __kmem_cache_create_args,	\
		void *: __kmem_cache_default_args,			\
		default: __kmem_cache_create)(__name, __object_size, __args, __VA_ARGS__)

/* A cache for struct __struct, named after it. */
#define KMEM_CACHE(__struct, __flags)					\
	__kmem_cache_create_args(#__struct, sizeof(struct __struct),	\
		&(struct kmem_cache_args) {				\
			.align	= __alignof__(struct __struct),		\
		}, (__flags))

/* The same, with __field as the only region copied to/from user space. */
#define KMEM_CACHE_USERCOPY(__struct, __flags, __field)			\
	__kmem_cache_create_args(#__struct, sizeof(struct __struct),	\
		&(struct kmem_cache_args) {				\
			.align		= __alignof__(struct __struct),	\
			.useroffset	= offsetof(struct __struct, __field), \
			.usersize	= sizeof_field(struct __struct, __field), \
		}, (__flags))

void kmem_cache_destroy(struct kmem_cache *s);
int kmem_cache_shrink(struct kmem_cache *s);
unsigned int kmem_cache_size(struct kmem_cache *s);

/*
 * Allocation profiling wraps every allocation in a statement expression
 * that charges it to its call site.
 */
#define alloc_hooks(_do_alloc)						\
({									\
	typeof(_do_alloc) _res = _do_alloc;				\
	_res;								\
})

void *kmem_cache_alloc_noprof(struct kmem_cache *cachep, gfp_t flags);
void *kmem_cache_alloc_lru_noprof(struct kmem_cache *s, struct list_lru *lru,
				  gfp_t gfpflags);
void *kmem_cache_alloc_node_noprof(struct kmem_cache *s, gfp_t flags,
				   int node);
void kmem_cache_free(struct kmem_cache *s, void *objp);

#define kmem_cache_alloc(...)	alloc_hooks(kmem_cache_alloc_noprof(__VA_ARGS__))
#define kmem_cache_alloc_lru(...) \
	alloc_hooks(kmem_cache_alloc_lru_noprof(__VA_ARGS__))
#define kmem_cache_alloc_node(...) \
	alloc_hooks(kmem_cache_alloc_node_noprof(__VA_ARGS__))
#define kmem_cache_zalloc(_k, _flags)	kmem_cache_alloc(_k, (_flags)|__GFP_ZERO)

/* General-purpose allocations, for the code around the caches. */
void *__kmalloc_noprof(size_t size, gfp_t flags);
void *kmalloc_array_noprof(size_t n, size_t size, gfp_t flags);
void kfree(const void *objp);

#define kmalloc(...)		alloc_hooks(__kmalloc_noprof(__VA_ARGS__))
#define kzalloc(_size, _flags)	kmalloc(_size, (_flags)|__GFP_ZERO)
#define kmalloc_array(...)	alloc_hooks(kmalloc_array_noprof(__VA_ARGS__))
#define kcalloc(_n, _size, _flags) \
	kmalloc_array(_n, _size, (_flags)|__GFP_ZERO)

#endif /* _LINUX_SLAB_H */
