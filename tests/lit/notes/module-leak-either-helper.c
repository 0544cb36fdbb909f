// RUN: %check --path=full -DMODULE %s | %filecheck %s
// RUN: %check --path=full -DMODULE -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// A kmem-module-leak finding whose setup is in one of two helpers, picked
// by a module parameter: the finding is at the setup its notes lead to,
// on every door, not at the first setup a search of the helpers meets.
// Plain: init leaks the cache when the device fails to register.  Twin:
// init destroys it on that failure, and the exit forgets it instead (that
// finding is at each setup: the exit walk starts from every one).
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct mlx_ctx {
	unsigned long	flags;
	void		*ring;
};

static struct kmem_cache_opaque mlx_ctx_cache;
#define mlx_ctx_cachep to_kmem_cache(&mlx_ctx_cache)
extern int mlx_large_pages;
int mlx_register_device(void);
void mlx_unregister_device(void);

static int mlx_ctx_cache_small(void)
{
	return kmem_cache_setup(mlx_ctx_cachep, "mlx_ctx",
				sizeof(struct mlx_ctx), 0, 0, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:9: warning: static cache 'mlx_ctx_cache' stays set up when module init 'mlx_init' fails [kmem-module-leak]
	// CHECK-NEXT: {{.*}}[[@LINE+27]]:8: note: 'mlx_ctx_cache_create' sets up 'mlx_ctx_cache', called here
	// CHECK-NEXT: {{.*}}[[@LINE+19]]:9: note: 'mlx_ctx_cache_small' sets up 'mlx_ctx_cache', called here
	// CHECK-NEXT: {{.*}}[[@LINE+33]]:10: note: 'mlx_init' returns failure here
	// TWIN: {{.*}}[[@LINE-6]]:9: warning: static cache 'mlx_ctx_cache' is not destroyed on every path out of module exit 'mlx_exit' [kmem-module-leak]
	// TWIN-NEXT: {{.*}}[[@LINE+36]]:20: note: module exit 'mlx_exit' is defined here
	// TWIN: {{.*}}[[@LINE+6]]:9: warning: static cache 'mlx_ctx_cache' is not destroyed on every path out of module exit 'mlx_exit' [kmem-module-leak]
	// TWIN-NEXT: {{.*}}[[@LINE+34]]:20: note: module exit 'mlx_exit' is defined here
}

static int mlx_ctx_cache_large(void)
{
	return kmem_cache_setup(mlx_ctx_cachep, "mlx_ctx",
				sizeof(struct mlx_ctx), 0, SLAB_HWCACHE_ALIGN,
				NULL);
}

static int mlx_ctx_cache_create(void)
{
	if (mlx_large_pages)
		return mlx_ctx_cache_large();
	return mlx_ctx_cache_small();
}

static int __init mlx_init(void)
{
	int err;

	err = mlx_ctx_cache_create();
	if (err)
		return err;
	err = mlx_register_device();
	if (err) {
#ifdef SLABCHECK_TWIN
		kmem_cache_destroy(mlx_ctx_cachep);
#endif
		return err;
	}
	return 0;
}

static void __exit mlx_exit(void)
{
	mlx_unregister_device();
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(mlx_ctx_cachep);
#endif
}
module_init(mlx_init);
module_exit(mlx_exit);

MODULE_LICENSE("GPL");
