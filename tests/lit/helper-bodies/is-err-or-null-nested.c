// RUN: %check -DMODULE -I %include-dir/variants/nested-err %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN -I %include-dir/variants/nested-err %s | %filecheck --check-prefix=TWIN %s
// XFAIL-sparse: sparse threads the caller's test of IS_ERR_OR_NULL() into the helper's own `!ptr || IS_ERR(ptr)` branches, which are not described: a false kmem-module-leak
// CHECK-NOT: warning
//
// IS_ERR_OR_NULL() written through IS_ERR() (tests/include/variants/
// nested-err), testing a setup macro's pointer: a failed setup returns
// before anything else was set up, so nothing leaks.  The twin's exit
// path forgets the cache.
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct crypto_tfm_min {
	u32			crt_flags;
	int			node;
	void			*__crt_alg;
	void			*__crt_ctx[4];
};

static struct kmem_cache_opaque tfm_cache;
#define tfm_cachep to_kmem_cache(&tfm_cache)

int crypto_register_template_min(void);

static int __init crypto_tfm_init(void)
{
	// TWIN: {{.*}}[[@LINE+2]]:21: warning: static cache 'tfm_cache' stays set up when module init 'crypto_tfm_init' fails [kmem-module-leak]
	//
	if (IS_ERR_OR_NULL(KMEM_CACHE_SETUP(tfm_cachep, crypto_tfm_min,
					    SLAB_HWCACHE_ALIGN)))
		return -ENOMEM;

	if (crypto_register_template_min()) {
#ifndef SLABCHECK_TWIN
		kmem_cache_destroy(tfm_cachep);
#endif
		return -EINVAL;
	}
	return 0;
}

static void __exit crypto_tfm_exit(void)
{
	kmem_cache_destroy(tfm_cachep);
}

module_init(crypto_tfm_init);
module_exit(crypto_tfm_exit);

MODULE_LICENSE("GPL");
