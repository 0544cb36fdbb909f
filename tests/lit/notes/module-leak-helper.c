// RUN: %check --path=full -DMODULE %s | %filecheck %s
// RUN: %check --path=full -DMODULE -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// The events of a kmem-module-leak finding on a failing init: the finding
// is at the setup; its events are the call of the helper that holds the
// setup, and the return of init's failure that misses the destroy.  Plain:
// the setup is in a helper.  Twin: init's own, so only the return.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct fuse_req_min {
	unsigned long	flags;
	void		*args;
};

static struct kmem_cache_opaque fuse_req_cache;
#define fuse_req_cachep to_kmem_cache(&fuse_req_cache)

int fuse_dev_register(void);
void fuse_dev_unregister(void);

int fuse_req_cache_create(void)
{
	return kmem_cache_setup(fuse_req_cachep, "fuse_request",
				sizeof(struct fuse_req_min), 0, 0, NULL);
}

static int __init fuse_init(void)
{
	int err;

#ifndef SLABCHECK_TWIN
	err = fuse_req_cache_create();
#else
	err = kmem_cache_setup(fuse_req_cachep, "fuse_request",
			       sizeof(struct fuse_req_min), 0, 0, NULL);
#endif
	if (err)
		return err;
	err = fuse_dev_register();
	if (err)
		return err;
	return 0;
}

static void __exit fuse_exit(void)
{
	fuse_dev_unregister();
	kmem_cache_destroy(fuse_req_cachep);
}

module_init(fuse_init);
module_exit(fuse_exit);
// CHECK: {{.*}}[[@LINE-30]]:9: warning: static cache 'fuse_req_cache' stays set up when module init 'fuse_init' fails [kmem-module-leak]
// CHECK-NEXT: {{.*}}[[@LINE-22]]:8: note: 'fuse_req_cache_create' sets up 'fuse_req_cache', called here
// CHECK-NEXT: {{.*}}[[@LINE-14]]:10: note: 'fuse_init' returns failure here
// TWIN: {{.*}}[[@LINE-22]]:8: warning: static cache 'fuse_req_cache' stays set up when module init 'fuse_init' fails [kmem-module-leak]
// TWIN-NEXT: {{.*}}[[@LINE-16]]:10: note: 'fuse_init' returns failure here
