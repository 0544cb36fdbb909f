// RUN: %check --debug %s 2>&1 | %filecheck --check-prefix=DEBUG %s
// RUN: %check %s | %filecheck %s
//
// --debug says when an analysis limit changes what the engine knows: a
// loop up to a large bound has its counter forgotten (widening), and the
// setup after it is judged on paths the engine had to guess, so nothing is
// reported from them.  The limit never turns into a finding; the double
// setup before the loop, on an exact path, is reported either way.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct hv_msg {
	u64	id;
	u32	len;
	u32	flags;
};

static struct kmem_cache_opaque hv_msg_cache;
#define hv_msg_cachep to_kmem_cache(&hv_msg_cache)
static struct kmem_cache_opaque hv_ring_cache;
#define hv_ring_cachep to_kmem_cache(&hv_ring_cache)

int hv_probe_channel(int index);

void __init hv_caches_init(void)
{
	int i;

	kmem_cache_setup(hv_ring_cachep, "hv_ring", sizeof(struct hv_msg), 0,
			 SLAB_PANIC, NULL);
	// DEBUG: slabcheck: debug: hv_caches_init: widening: block {{[0-9]+}} entered 16 times
	// DEBUG: slabcheck: debug: hv_caches_init: imprecise: some paths tested forgotten constants
	// DEBUG: {{.*}}[[@LINE+2]]:2: warning: static cache 'hv_ring_cache' may already be set up on this path [kmem-resetup]
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'hv_ring_cache' may already be set up on this path [kmem-resetup]
	kmem_cache_setup(hv_ring_cachep, "hv_ring", sizeof(struct hv_msg), 0,
			 SLAB_PANIC, NULL);
	for (i = 0; i < 4096; i++)
		if (hv_probe_channel(i) && i == 4095)
			kmem_cache_setup(hv_msg_cachep, "hv_msg",
					 sizeof(struct hv_msg), 0, SLAB_PANIC,
					 NULL);
}
