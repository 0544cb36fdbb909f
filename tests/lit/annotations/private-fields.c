// RUN: %stock-sparse %s 2>&1 | %filecheck --allow-empty %s
// RUN: %stock-sparse -DSLABCHECK_TWIN %s 2>&1 | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=OURS %s
//
// The annotations of sparse-annotations/ make .preallocated and .owner of
// struct kmem_cache_args __private (noderef): stock sparse warns when code
// reads or assigns them, and mm/ reads them through ACCESS_PRIVATE().
// The setup macros fill them in a compound literal's initializer, which
// sparse does not check, and so does code that fills them by hand in an
// initializer: that part of kmem-internal-flag only slabcheck finds.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct quota_entry_min {
	unsigned long	id;
	unsigned int	flags;
};

static struct kmem_cache_opaque quota_cache;
#define quota_cachep to_kmem_cache(&quota_cache)
static struct kmem_cache_opaque quota_hand_cache;

int quota_cache_init(void);
struct kmem_cache *quota_cache_storage(struct kmem_cache_args *args);

/* mm/'s way of reading the field: silent. */
struct kmem_cache *quota_cache_storage(struct kmem_cache_args *args)
{
	return ACCESS_PRIVATE(args, preallocated);
}

int __init quota_cache_init(void)
{
	struct kmem_cache_args args = { .align = 8 };

#ifdef SLABCHECK_TWIN
	// TWIN: {{.*}}[[@LINE+2]]:{{[0-9]+}}: warning: dereference of noderef expression
	// OURS: {{.*}}[[@LINE+1]]:22: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
	args.preallocated = to_kmem_cache(&quota_hand_cache);
#endif
	if (!__kmem_cache_create_args("quota_entry", sizeof(struct quota_entry_min),
				      &args, 0))
		return -ENOMEM;
	if (!KMEM_CACHE_SETUP(quota_cachep, quota_entry_min, 0))
		return -ENOMEM;
	return 0;
}
