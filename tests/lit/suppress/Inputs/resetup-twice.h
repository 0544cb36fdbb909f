/* A selftest that sets its cache up twice: a kmem-resetup finding. */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ion_buffer_min {
	struct list_head	list;
	size_t			size;
	unsigned long		flags;
};

static struct kmem_cache_opaque ion_cache;
#define ion_cachep to_kmem_cache(&ion_cache)
