// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup look-alikes: one instance with several setups in the
// source, but on mutually exclusive paths (if/else, switch cases, early
// return), so no path sets it up twice.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

enum pool_mode {
	POOL_MODE_SMALL,
	POOL_MODE_LARGE,
	POOL_MODE_DMA,
	POOL_MODE_DEFAULT,
};

struct pkt_small {
	u8	hdr[16];
	u8	data[112];
};

struct pkt_large {
	u8	hdr[16];
	u8	data[2032];
};

struct pkt_meta {
	u64	ts;
	u32	len;
	u32	flags;
};

static struct kmem_cache_opaque pkt_cache;
#define pkt_cachep to_kmem_cache(&pkt_cache)
static struct kmem_cache_opaque meta_cache;
#define meta_cachep to_kmem_cache(&meta_cache)
static struct kmem_cache_opaque stats_cache;
#define stats_cachep to_kmem_cache(&stats_cache)

extern bool pkt_jumbo_frames;
extern int pkt_debug;

int __init pkt_cache_init(enum pool_mode mode)
{
	int err;

	switch (mode) {
	case POOL_MODE_SMALL:
		err = kmem_cache_setup(pkt_cachep, "pkt",
				       sizeof(struct pkt_small), 0, 0, NULL);
		break;
	case POOL_MODE_LARGE:
		err = kmem_cache_setup(pkt_cachep, "pkt",
				       sizeof(struct pkt_large), 0, 0, NULL);
		break;
	case POOL_MODE_DMA:
		err = kmem_cache_setup(pkt_cachep, "pkt-dma",
				       sizeof(struct pkt_large), 0,
				       SLAB_CACHE_DMA, NULL);
		break;
	default:
		return -EINVAL;
	}
	return err;
}

int __init meta_cache_init(void)
{
	if (pkt_jumbo_frames)
		return kmem_cache_setup(meta_cachep, "pkt_meta",
					sizeof(struct pkt_meta), 0,
					SLAB_HWCACHE_ALIGN, NULL);
	else
		return kmem_cache_setup(meta_cachep, "pkt_meta",
					sizeof(struct pkt_meta), 0, 0, NULL);
}

void __init stats_cache_init(void)
{
	if (pkt_debug > 1) {
		KMEM_CACHE_SETUP(stats_cachep, pkt_meta,
				 SLAB_PANIC | SLAB_RED_ZONE | SLAB_POISON);
		pr_info("pkt: debugging stats cache\n");
#ifndef SLABCHECK_TWIN
		/* The twin falls through to the plain setup below. */
		return;
#endif
	}
	// TWIN: {{.*}}[[@LINE+1]]:2: warning: static cache 'stats_cache' may already be set up on this path [kmem-resetup]
	KMEM_CACHE_SETUP(stats_cachep, pkt_meta, SLAB_PANIC);
}
