// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -I %include-dir/variants/to-kmem-cache-macro %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN -I %include-dir/variants/to-kmem-cache-macro %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// The setup macros' pointer tested by the caller with the error-pointer
// helpers, with to_kmem_cache() an inline function and a cast
// (tests/include/variants/to-kmem-cache-macro): the instance is the same
// either way.  (<linux/err.h>'s helpers calling each other are
// is-err-or-null-nested.c's.)  IS_ERR_OR_NULL(), `!`
// and a NULL test after IS_ERR() see a failed setup; the unwinding
// destroys what was set up.  The twin tests one setup with IS_ERR() only,
// which lets its NULL through.
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct bio_integrity_min {
	void			*bip_bio;
	unsigned short		bip_vcnt;
	unsigned short		bip_max_vcnt;
	unsigned short		bip_flags;
	unsigned char		bip_inline[32];
};

static struct kmem_cache_opaque bip_cache;
#define bip_slab to_kmem_cache(&bip_cache)
static struct kmem_cache_opaque bip_vec_cache;
#define bip_vec_slab to_kmem_cache(&bip_vec_cache)
static struct kmem_cache_opaque bip_inline_cache;
#define bip_inline_slab to_kmem_cache(&bip_inline_cache)

static int __init bio_integrity_init(void)
{
	struct kmem_cache *s;

	if (IS_ERR_OR_NULL(KMEM_CACHE_SETUP(bip_slab, bio_integrity_min,
					    SLAB_HWCACHE_ALIGN)))
		return -ENOMEM;

	s = KMEM_CACHE_SETUP(bip_vec_slab, bio_integrity_min, 0);
	if (!s)
		goto out_bip;

#ifdef SLABCHECK_TWIN
	// TWIN: {{.*}}[[@LINE+1]]:6: warning: the result of '__kmem_cache_create_args' is only tested for an error pointer: it fails with NULL, so static cache 'bip_inline_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	s = KMEM_CACHE_SETUP_USERCOPY(bip_inline_slab, bio_integrity_min, 0,
				      bip_inline);
	if (IS_ERR(s))
		goto out_vec;
#else
	s = KMEM_CACHE_SETUP_USERCOPY(bip_inline_slab, bio_integrity_min, 0,
				      bip_inline);
	if (IS_ERR(s) || !s)
		goto out_vec;
#endif
	return 0;

out_vec:
	kmem_cache_destroy(bip_vec_slab);
out_bip:
	kmem_cache_destroy(bip_slab);
	return -ENOMEM;
}

static void __exit bio_integrity_exit(void)
{
	kmem_cache_destroy(bip_inline_slab);
	kmem_cache_destroy(bip_vec_slab);
	kmem_cache_destroy(bip_slab);
}

module_init(bio_integrity_init);
module_exit(bio_integrity_exit);

MODULE_LICENSE("GPL");
