/*
 * Input for options/exempt-mm.c: code that lives under an mm/ directory,
 * as the slab allocator's own does.  It may fill in kmem_cache_args'
 * .preallocated and .owner by hand and name SLAB_PREALLOCATED; none of
 * that is a kmem-internal-flag finding here.  Nothing else in it is a
 * finding either.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kmem_cache_node_min {
	unsigned long		nr_partial;
	struct list_head	partial;
	atomic_t		nr_slabs;
};

static struct kmem_cache_opaque boot_node_cache;
struct kobject *boot_cache_owner(const char *name);

/* Bring up a preallocated cache before the setup helpers can be used. */
static struct kmem_cache * __init
bootstrap_cache(struct kmem_cache *s, const char *name, unsigned int size)
{
	struct kmem_cache_args args = {
		.align		= ARCH_KMALLOC_MINALIGN,
		.preallocated	= s,
	};

	args.owner = boot_cache_owner(name);
	return __kmem_cache_create_args(name, size, &args,
					SLAB_HWCACHE_ALIGN | SLAB_PANIC |
					SLAB_NO_MERGE | SLAB_PREALLOCATED);
}

bool slab_cache_is_preallocated(slab_flags_t flags)
{
	return flags & SLAB_PREALLOCATED;
}

void __init kmem_cache_node_bootstrap(void)
{
	bootstrap_cache(to_kmem_cache(&boot_node_cache), "kmem_cache_node",
			sizeof(struct kmem_cache_node_min));
}
