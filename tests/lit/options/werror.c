// RUN: %check %s | %filecheck --check-prefix=WARN %s
// RUN: not %check --werror %s | %filecheck %s
//
// --werror makes findings fail the compile.  Without it the same findings
// are warnings and the compile succeeds (the first RUN line would fail on
// a non-zero exit status).  With it every front-end prints them as
// errors, with the same text.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sk_psock_min {
	void			*sk;
	u32			apply_bytes;
	u32			cork_bytes;
	struct list_head	link;
};

static struct kmem_cache_opaque psock_cache;
#define psock_cachep to_kmem_cache(&psock_cache)

void __init sk_psock_init(void)
{
	struct kmem_cache_opaque tmp_cache;
	// WARN: {{.*}}[[@LINE-1]]:27: warning: static cache 'tmp_cache' has automatic storage duration [kmem-storage]
	// CHECK: {{.*}}[[@LINE-2]]:27: error: static cache 'tmp_cache' has automatic storage duration [kmem-storage]

	KMEM_CACHE_SETUP(psock_cachep, sk_psock_min, SLAB_PANIC);
	if (!KMEM_CACHE_SETUP(to_kmem_cache(&tmp_cache), sk_psock_min, 0))
		return;
	kmem_cache_destroy(to_kmem_cache(&tmp_cache));
}
