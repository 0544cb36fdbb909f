// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-module-leak through a pointer to a const ops struct: module init
// and exit reach the file cache's setup and teardown through `ops->`,
// where ops holds the address of a const struct of functions.  Nothing
// can change what a const struct holds, so `ops->shutdown()` is a call of
// nfsd_file_cache_shutdown(), which forgets the mark cache: on unload,
// and on the unwinding of a failed init.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfsd_file_min {
	struct list_head	nf_lru;
	unsigned long		nf_flags;
	void			*nf_inode;
	unsigned char		nf_may;
};

struct nfsd_file_mark_min {
	void			*nfm_mark;
	int			nfm_ref;
};

struct nfsd_file_cache_ops {
	int (*init)(void);
	void (*shutdown)(void);
};

static struct kmem_cache_opaque nfsd_file_slab;
#define nfsd_file_slabp to_kmem_cache(&nfsd_file_slab)
static struct kmem_cache_opaque nfsd_file_mark_slab;
#define nfsd_file_mark_slabp to_kmem_cache(&nfsd_file_mark_slab)

int nfsd_register_fs(void);
void nfsd_unregister_fs(void);

static int nfsd_file_cache_init(void)
{
	if (!KMEM_CACHE_SETUP(nfsd_file_slabp, nfsd_file_min, 0))
		return -ENOMEM;
	// CHECK: {{.*}}[[@LINE+4]]:7: warning: static cache 'nfsd_file_mark_slab' is not destroyed on every path out of module exit 'exit_nfsd' [kmem-module-leak]
	//
	// CHECK: {{.*}}[[@LINE+2]]:7: warning: static cache 'nfsd_file_mark_slab' stays set up when module init 'init_nfsd' fails [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(nfsd_file_mark_slabp, nfsd_file_mark_min, 0)) {
		kmem_cache_destroy(nfsd_file_slabp);
		return -ENOMEM;
	}
	return 0;
}

static void nfsd_file_cache_shutdown(void)
{
	kmem_cache_destroy(nfsd_file_slabp);
}

static const struct nfsd_file_cache_ops nfsd_file_cache_ops = {
	.init		= nfsd_file_cache_init,
	.shutdown	= nfsd_file_cache_shutdown,
};

static int __init init_nfsd(void)
{
	const struct nfsd_file_cache_ops *ops = &nfsd_file_cache_ops;
	int retval;

	retval = ops->init();
	if (retval)
		return retval;
	retval = nfsd_register_fs();
	if (retval)
		goto out_shutdown;
	return 0;
out_shutdown:
	ops->shutdown();
	return retval;
}

static void __exit exit_nfsd(void)
{
	const struct nfsd_file_cache_ops *ops = &nfsd_file_cache_ops;

	nfsd_unregister_fs();
	ops->shutdown();
}

module_init(init_nfsd);
module_exit(exit_nfsd);
MODULE_LICENSE("GPL");
