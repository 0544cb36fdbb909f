// RUN: %check %s | %filecheck %s
//
// kmem-size-mismatch: a file that sees the real struct kmem_cache (mm/'s
// own files) and the opaque stand-in: the two must agree in size and
// alignment, or static instances are too small.  Reported at the tag of
// the struct kmem_cache definition.  (This is what the RFC's BUILD_BUG_ON
// in mm/slub.c guards; here the generated size is stale.)
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

struct kmem_cache {
// CHECK: {{.*}}[[@LINE-1]]:8: warning: struct kmem_cache (320 bytes, aligned to 64) does not match struct kmem_cache_opaque (256 bytes, aligned to 64) [kmem-size-mismatch]
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
	unsigned long			random;
	unsigned int			remote_node_defrag_ratio;
	unsigned int			useroffset;
	unsigned int			usersize;
	struct kmem_cache_node		*node[16];
} ____cacheline_aligned;
static_assert(sizeof(struct kmem_cache) == 320);
static_assert(__alignof__(struct kmem_cache) == 64);

unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->object_size;
}
