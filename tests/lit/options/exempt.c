// RUN: %check %s | %filecheck --check-prefixes=CHECK,FLAG %s
// RUN: %check --exempt=tests/ %s | %filecheck %s
// RUN: %check --exempt=drivers/,tests/lit/options/ %s | %filecheck %s
//
// --exempt=PATH[,PATH] treats code under those paths like mm/: it may
// name SLAB_PREALLOCATED and fill in .preallocated/.owner by hand.  The
// exemption is from kmem-internal-flag only; other findings remain.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kmem_test_obj {
	u64			a;
	u64			b;
};

static struct kmem_cache_opaque test_prealloc_cache;
#define test_prealloc_cachep to_kmem_cache(&test_prealloc_cache)

/* A slab self-test that builds the preallocated case by hand. */
int __init slab_prealloc_selftest(void)
{
	struct kmem_cache_args args = {
		.preallocated	= test_prealloc_cachep,
		// FLAG: {{.*}}[[@LINE-1]]:19: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
	};
	struct kmem_cache_opaque on_stack;
	// CHECK: {{.*}}[[@LINE-1]]:27: warning: static cache 'on_stack' has automatic storage duration [kmem-storage]

	if (!__kmem_cache_create_args("kmem_test", sizeof(struct kmem_test_obj),
				      &args, SLAB_PREALLOCATED))
		return -ENOMEM;
	// FLAG: {{.*}}[[@LINE-3]]:7: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	if (kmem_cache_setup(to_kmem_cache(&on_stack), "kmem_test_stack",
			     sizeof(struct kmem_test_obj), 0, 0, NULL))
		return -ENOMEM;
	kmem_cache_destroy(to_kmem_cache(&on_stack));
	return 0;
}
