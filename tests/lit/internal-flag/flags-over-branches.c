// RUN: %check %s | %filecheck %s
//
// kmem-internal-flag: SLAB_PREALLOCATED or'ed into a flags variable that
// is built up over several statements and branches before the setup.  The
// bit is set on every path, so it reaches the setup whatever the branches
// decide; the variable's type is slab_flags_t, a __bitwise type to sparse.
// The look-alike builds its flags the same way without the bit.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct blkx_req {
	struct list_head	list;
	unsigned long		sector;
};

static struct kmem_cache_opaque blkx_req_cache;
#define blkx_req_cachep to_kmem_cache(&blkx_req_cache)
static struct kmem_cache_opaque blkx_tag_cache;
#define blkx_tag_cachep to_kmem_cache(&blkx_tag_cache)

extern int blkx_debug;

void __init blkx_init(void)
{
	slab_flags_t flags = SLAB_HWCACHE_ALIGN;

	if (blkx_debug)
		flags |= SLAB_RED_ZONE;
	flags |= SLAB_PREALLOCATED;
	if (blkx_debug > 1)
		flags |= SLAB_POISON;
	flags |= SLAB_PANIC;
	kmem_cache_setup(blkx_req_cachep, "blkx_req", sizeof(struct blkx_req),
			 0, flags, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]

	flags = SLAB_HWCACHE_ALIGN;
	if (blkx_debug)
		flags |= SLAB_RED_ZONE;
	flags |= SLAB_ACCOUNT;
	if (blkx_debug > 1)
		flags |= SLAB_POISON;
	flags |= SLAB_PANIC;
	kmem_cache_setup(blkx_tag_cachep, "blkx_tag", sizeof(struct blkx_req),
			 0, flags, NULL);
}
