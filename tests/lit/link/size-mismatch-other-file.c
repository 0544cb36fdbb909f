// RUN: %check --module -DMODULE %s %S/Inputs/nfs-direct.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_BIG_REQUEST %s %S/Inputs/nfs-direct.c | %filecheck --check-prefix=BIG %s
// CHECK-NOT: warning
//
// The cache is set up here for struct nfs_direct_req; the other file
// allocates from it through the extern declaration.  With
// -DSLABCHECK_BIG_REQUEST it allocates a struct that embeds a request and
// inline data: the objects are too small for it.  Neither file alone knows
// both sizes.
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

static int __init init_nfs_fs(void)
{
	return kmem_cache_setup(nfs_direct_cachep, "nfs_direct_cache",
				sizeof(struct nfs_direct_req), 0,
				SLAB_RECLAIM_ACCOUNT, NULL);
}

static void __exit exit_nfs_fs(void)
{
	kmem_cache_destroy(nfs_direct_cachep);
}

module_init(init_nfs_fs)
module_exit(exit_nfs_fs)
MODULE_LICENSE("GPL");
// BIG: {{.*}}Inputs/nfs-direct.c:41:8: warning: 'struct nfs_direct_req_big' (160 bytes) does not fit static cache 'nfs_direct_cache' (32-byte objects) [kmem-size-mismatch]
