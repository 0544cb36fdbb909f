// RUN: %check --module -DMODULE %s %S/Inputs/nfs-direct.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/nfs-direct.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// The cache is defined and set up in the main file; the direct-I/O file
// allocates from it and has an init step of its own, which module init
// also runs.  In the twin that init step sets the same instance up again:
// a second cache built over the live one.  Only the whole module shows it.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_direct_req {
	struct list_head	list;
	unsigned long		count;
	int			error;
	unsigned int		flags;
};

struct kmem_cache_opaque nfs_direct_cache;
#define nfs_direct_cachep to_kmem_cache(&nfs_direct_cache)

int nfs_init_directcache(void);

static int __init init_nfs_fs(void)
{
	int err;

	err = kmem_cache_setup(nfs_direct_cachep, "nfs_direct_cache",
			       sizeof(struct nfs_direct_req), 0,
			       SLAB_RECLAIM_ACCOUNT, NULL);
	if (err)
		return err;
	// TWIN: {{.*}}resetup-other-file.c:[[@LINE+1]]:8: warning: static cache 'nfs_direct_cache' may already be set up on this path (set up again in 'nfs_init_directcache') [kmem-resetup]
	err = nfs_init_directcache();
	if (err)
		goto out;
	return 0;
out:
	kmem_cache_destroy(nfs_direct_cachep);
	return err;
}

static void __exit exit_nfs_fs(void)
{
	kmem_cache_destroy(nfs_direct_cachep);
}

module_init(init_nfs_fs)
module_exit(exit_nfs_fs)
MODULE_LICENSE("GPL");
