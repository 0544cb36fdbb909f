// RUN: %check -DMODULE %s | %filecheck %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
//
// kmem-use-after-destroy look-alikes: uses before the destroy, on the
// other side of a branch, of a different cache, and after the cache is
// set up again (a reset in a selftest); an unwinding ladder that destroys
// each cache once.  The twin's reset forgot to set the cache up again.
// The reset that sets the cache up again is kmem-resetup's finding: the
// series does not allow setup, destroy, setup on one instance.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kunit_obj {
	u64	key;
	u64	val;
};

static struct kmem_cache_opaque obj_cache;
#define obj_cachep to_kmem_cache(&obj_cache)
static struct kmem_cache_opaque spare_cache;
#define spare_cachep to_kmem_cache(&spare_cache)

bool kunit_keep_spare(void);

/* Reset between test cases: tear down, set up afresh, use. */
int kunit_obj_reset(void)
{
	struct kunit_obj *o;
	int err;

	// TWIN: {{.*}}[[@LINE+14]]:6: warning: static cache 'obj_cache' is passed to 'kmem_cache_alloc_noprof' after it was destroyed on this path [kmem-use-after-destroy]
	//
	// TWIN: {{.*}}[[@LINE+15]]:2: warning: static cache 'obj_cache' is passed to 'kmem_cache_free' after it was destroyed on this path [kmem-use-after-destroy]
	//
	kmem_cache_destroy(obj_cachep);
#ifndef SLABCHECK_TWIN
	// CHECK: {{.*}}[[@LINE+1]]:8: warning: static cache 'obj_cache' may already be set up on this path [kmem-resetup]
	err = kmem_cache_setup(obj_cachep, "kunit_obj", sizeof(struct kunit_obj),
			       0, 0, NULL);
	if (err)
		return err;
#else
	err = 0;
#endif
	o = kmem_cache_alloc(obj_cachep, GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	kmem_cache_free(obj_cachep, o);
	return err;
}

/* The spare cache goes away on one side; the other side still uses it. */
void kunit_trim(void)
{
	if (kunit_keep_spare())
		kmem_cache_shrink(spare_cachep);
	else
		kmem_cache_destroy(spare_cachep);
}

static int __init kunit_obj_init(void)
{
	int err;

	err = kmem_cache_setup(obj_cachep, "kunit_obj", sizeof(struct kunit_obj),
			       0, 0, NULL);
	if (err)
		return err;
	err = kmem_cache_setup(spare_cachep, "kunit_spare",
			       sizeof(struct kunit_obj), 0, 0, NULL);
	if (err)
		goto out_obj;
	return 0;

out_obj:
	kmem_cache_destroy(obj_cachep);
	return err;
}

static void __exit kunit_obj_exit(void)
{
	/* Size first, then the teardown: each cache destroyed once. */
	pr_info("kunit: %u-byte objects\n", kmem_cache_size(obj_cachep));
	kmem_cache_destroy(spare_cachep);
	kmem_cache_destroy(obj_cachep);
}

module_init(kunit_obj_init);
module_exit(kunit_obj_exit);
MODULE_LICENSE("GPL");
