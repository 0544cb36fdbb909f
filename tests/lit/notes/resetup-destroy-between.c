// RUN: %check --path=full %s | %filecheck %s
// RUN: %check --path=full -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// The events of a kmem-resetup finding: the earlier setup, and the destroy
// in between.  Plain: a reset path that destroys the cache and sets it up
// again, in module init itself.  Twin: the destroy and the second setup in
// a debug helper that init calls after its own setup (the shape of
// examples/ringbuf): the helper's own walk sees only the destroy, so the
// caller's path brings the earlier setup and the call to the helper.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nf_conn_min {
	unsigned long	status;
	void		*master;
	unsigned int	timeout;
};

static struct kmem_cache_opaque nf_conn_cache;
#define nf_conn_cachep to_kmem_cache(&nf_conn_cache)

static bool nf_conn_debug;

#ifndef SLABCHECK_TWIN
static int __init nf_conn_init(void)
{
	int err;

	err = kmem_cache_setup(nf_conn_cachep, "nf_conn",
			       sizeof(struct nf_conn_min), 0, 0, NULL);
	if (err)
		return err;
	if (nf_conn_debug) {
		kmem_cache_destroy(nf_conn_cachep);
		err = kmem_cache_setup(nf_conn_cachep, "nf_conn",
				       sizeof(struct nf_conn_min), 0,
				       SLAB_RED_ZONE | SLAB_POISON, NULL);
		// CHECK: {{.*}}[[@LINE-3]]:9: warning: static cache 'nf_conn_cache' may already be set up on this path [kmem-resetup]
		// CHECK-NEXT: {{.*}}[[@LINE-10]]:8: note: 'nf_conn_cache' is set up here
		// CHECK-NEXT: {{.*}}[[@LINE-6]]:3: note: 'nf_conn_cache' is destroyed here
		if (err)
			return err;
	}
	return 0;
}
#else
static int nf_conn_debug_reset(void)
{
	kmem_cache_destroy(nf_conn_cachep);
	return kmem_cache_setup(nf_conn_cachep, "nf_conn",
				sizeof(struct nf_conn_min), 0,
				SLAB_RED_ZONE | SLAB_POISON, NULL);
	// TWIN: {{.*}}[[@LINE-3]]:9: warning: static cache 'nf_conn_cache' may already be set up on this path [kmem-resetup]
	// TWIN-NEXT: {{.*}}[[@LINE+9]]:8: note: 'nf_conn_cache' is set up here
	// TWIN-NEXT: {{.*}}[[@LINE+13]]:10: note: 'nf_conn_debug_reset' destroys 'nf_conn_cache' and sets it up again, called here
	// TWIN-NEXT: {{.*}}[[@LINE-7]]:2: note: 'nf_conn_cache' is destroyed here
}

static int __init nf_conn_init(void)
{
	int err;

	err = kmem_cache_setup(nf_conn_cachep, "nf_conn",
			       sizeof(struct nf_conn_min), 0, 0, NULL);
	if (err)
		return err;
	if (nf_conn_debug)
		return nf_conn_debug_reset();
	return 0;
}
#endif

static void __exit nf_conn_exit(void)
{
	kmem_cache_destroy(nf_conn_cachep);
}

module_init(nf_conn_init);
module_exit(nf_conn_exit);
