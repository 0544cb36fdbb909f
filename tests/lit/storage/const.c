// RUN: %check %s | %filecheck %s
//
// kmem-storage: a const struct kmem_cache_opaque ends up in read-only
// memory; mm/ writes the cache into it at setup.  Reported at the
// declaration whether it is static or global, used or not.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct bdi_writeback_min {
	struct list_head	b_dirty;
	struct list_head	b_io;
	unsigned long		state;
	unsigned long		last_old_flush;
};

/* "It never changes after boot", so someone made it const. */
static const struct kmem_cache_opaque bdi_wb_cache;
// CHECK: {{.*}}[[@LINE-1]]:39: warning: static cache 'bdi_wb_cache' is const [kmem-storage]
#define bdi_wb_cachep \
	to_kmem_cache((struct kmem_cache_opaque *)&bdi_wb_cache)

const struct kmem_cache_opaque bdi_bio_cache;
// CHECK: {{.*}}[[@LINE-1]]:32: warning: static cache 'bdi_bio_cache' is const [kmem-storage]

void __init bdi_caches_init(void)
{
	KMEM_CACHE_SETUP(bdi_wb_cachep, bdi_writeback_min, SLAB_PANIC);
}
