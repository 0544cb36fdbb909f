// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: a module with module_init() and no
// module_exit() cannot be unloaded, so caches it never destroys are not
// leaked; and its init has no failure return after a successful setup.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct crypto_alg_ctx {
	u32			key_len;
	u32			rounds;
	u32			key_enc[60];
	u32			key_dec[60];
};

struct crypto_req_ctx {
	u8			iv[16];
	u8			tail[16];
	unsigned int		nbytes;
};

static struct kmem_cache_opaque alg_ctx_cache;
#define alg_ctx_cachep to_kmem_cache(&alg_ctx_cache)
static struct kmem_cache_opaque req_ctx_cache;
#define req_ctx_cachep to_kmem_cache(&req_ctx_cache)

int crypto_register_template(const char *name);
void crypto_unregister_template(const char *name);

static int __init aes_generic_mod_init(void)
{
	int err;

	err = crypto_register_template("aes-generic");
	if (err)
		return err;

	// TWIN: {{.*}}[[@LINE+2]]:8: warning: static cache 'alg_ctx_cache' stays set up when module init 'aes_generic_mod_init' fails [kmem-module-leak]
	//
	err = kmem_cache_setup(alg_ctx_cachep, "aes_ctx",
			       sizeof(struct crypto_alg_ctx), 0,
			       SLAB_HWCACHE_ALIGN, NULL);
	if (err) {
		crypto_unregister_template("aes-generic");
		return err;
	}
#ifdef SLABCHECK_TWIN
	/* The twin treats the optional cache as required: a failing init. */
	if (!KMEM_CACHE_SETUP(req_ctx_cachep, crypto_req_ctx, 0)) {
		crypto_unregister_template("aes-generic");
		return -ENOMEM;
	}
#else
	if (!KMEM_CACHE_SETUP(req_ctx_cachep, crypto_req_ctx, 0))
		pr_warn("aes-generic: no request cache, using the stack\n");
#endif
	return 0;
}

module_init(aes_generic_mod_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("AES (generic), cannot be unloaded");
