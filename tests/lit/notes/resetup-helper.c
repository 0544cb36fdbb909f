// RUN: %check --path=full %s | %filecheck %s
// RUN: %check --path=full -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// The events of a kmem-resetup finding at the call of a helper that sets
// the cache up again: the earlier setup (a call of the same helper, with
// the setup inside it), and the helper's own setup.  Plain: init calls
// the helper twice, once for the pool and once more on a retry that
// forgot the first call worked.  Twin: the first setup is init's own.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct bio_integrity_min {
	unsigned short	bip_vcnt;
	unsigned short	bip_max_vcnt;
	unsigned int	bip_flags;
};

static struct kmem_cache_opaque bip_slab;
#define bip_slabp to_kmem_cache(&bip_slab)

int bioset_integrity_register(void);

static int bip_slab_setup(void)
{
	return kmem_cache_setup(bip_slabp, "bio_integrity_payload",
				sizeof(struct bio_integrity_min), 0,
				SLAB_HWCACHE_ALIGN, NULL);
}

int __init bio_integrity_init(void)
{
	int err;

#ifndef SLABCHECK_TWIN
	err = bip_slab_setup();
#else
	err = kmem_cache_setup(bip_slabp, "bio_integrity_payload",
			       sizeof(struct bio_integrity_min), 0,
			       SLAB_HWCACHE_ALIGN, NULL);
#endif
	if (err)
		return err;
	if (bioset_integrity_register())
		err = bip_slab_setup();
	// CHECK: {{.*}}[[@LINE-1]]:9: warning: static cache 'bip_slab' may already be set up on this path (set up again in 'bip_slab_setup') [kmem-resetup]
	// CHECK-NEXT: {{.*}}[[@LINE-11]]:8: note: 'bip_slab_setup' sets up 'bip_slab', called here
	// CHECK-NEXT: {{.*}}[[@LINE-22]]:9: note: 'bip_slab' is set up here
	// CHECK-NEXT: {{.*}}[[@LINE-23]]:9: note: 'bip_slab' is set up again here
	// TWIN: {{.*}}[[@LINE-5]]:9: warning: static cache 'bip_slab' may already be set up on this path (set up again in 'bip_slab_setup') [kmem-resetup]
	// TWIN-NEXT: {{.*}}[[@LINE-13]]:8: note: 'bip_slab' is set up here
	// TWIN-NEXT: {{.*}}[[@LINE-26]]:9: note: 'bip_slab' is set up again here
	return err;
}
