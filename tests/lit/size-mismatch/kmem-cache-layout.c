// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_ALIGN %s | %filecheck --check-prefix=ALIGN %s
// CHECK-NOT: warning
//
// kmem-size-mismatch: a file that sees the real struct kmem_cache (mm/'s
// own files) and the opaque stand-in.  The two must agree in size and
// alignment, or static instances do not hold what mm/'s code expects
// there; here they agree (256 bytes, aligned to 64), as the generated
// header promises.  Reported at the tag of the struct kmem_cache
// definition: what the RFC's BUILD_BUG_ON in mm/slub.c guards.
// With -DSLABCHECK_TWIN the generated size is stale: a debugging field
// was added without regenerating it.
// With -DSLABCHECK_ALIGN the sizes agree but the alignment does not: a
// static instance aligned to 64 may not be where code built for a 128-byte
// aligned struct kmem_cache expects it.
#include <linux/cache.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kmem_cache_cpu;
struct kmem_cache_node;

struct kmem_cache_order_objects {
	unsigned int x;
};

// ALIGN: {{.*}}[[@LINE+2]]:8: warning: struct kmem_cache (256 bytes, aligned to 128) does not match struct kmem_cache_opaque (256 bytes, aligned to 64) [kmem-size-mismatch]
// TWIN: {{.*}}[[@LINE+1]]:8: warning: struct kmem_cache (320 bytes, aligned to 64) does not match struct kmem_cache_opaque (256 bytes, aligned to 64) [kmem-size-mismatch]
struct kmem_cache {
	struct kmem_cache_cpu		*cpu_slab;
	slab_flags_t			flags;
	unsigned long			min_partial;
	unsigned int			size;
	unsigned int			object_size;
	unsigned int			offset;
	unsigned int			cpu_partial;
	unsigned int			cpu_partial_slabs;
	struct kmem_cache_order_objects	oo;
	struct kmem_cache_order_objects	min;
	gfp_t				allocflags;
	int				refcount;
	void				(*ctor)(void *object);
	unsigned int			inuse;
	unsigned int			align;
	unsigned int			red_left_pad;
	const char			*name;
	struct list_head		list;
	struct kobject			kobj;
	struct kobject			*owner;
#ifdef SLABCHECK_TWIN
	/* A debugging field added without regenerating the opaque size. */
	unsigned long			debug_flags[8];
#endif
	unsigned long			random;
	unsigned int			remote_node_defrag_ratio;
	unsigned int			useroffset;
	unsigned int			usersize;
	struct kmem_cache_node		*node[8];
#ifdef SLABCHECK_ALIGN
} __aligned(128);
#else
} ____cacheline_aligned;
#endif
#if !defined(SLABCHECK_TWIN) && !defined(SLABCHECK_ALIGN)
static_assert(sizeof(struct kmem_cache) == 256);
static_assert(__alignof__(struct kmem_cache) == 64);
#endif

unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->object_size;
}
