// RUN: %check -O0 -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -O2 -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -Os -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O2 -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module init that returns `ret > 0 ? 0 : ret` (a registration that
// returns a count on success): GCC's front-end makes MIN_EXPR <ret, 0> of
// it at every level, before the plugin sees the function.  The engine
// must see the branch it was, or init seems to return a failure with the
// cache set up (a false kmem-module-leak).  The twin forgets to destroy
// the cache when the registration fails.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dm_bio_details {
	void			*bi_bdev;
	unsigned long		bi_flags;
	u64			bi_sector;
	unsigned int		bi_size;
};

static struct kmem_cache_opaque dm_details_cache;
#define dm_details_cachep to_kmem_cache(&dm_details_cache)

int dm_register_targets(void);

static int __init dm_details_init(void)
{
	int ret;

	// TWIN: {{.*}}[[@LINE+1]]:8: warning: static cache 'dm_details_cache' stays set up when module init 'dm_details_init' fails [kmem-module-leak]
	ret = kmem_cache_setup(dm_details_cachep, "dm_bio_details",
			       sizeof(struct dm_bio_details), 0, 0, NULL);
	if (ret)
		return ret;
	ret = dm_register_targets();
	if (ret < 0) {
#ifndef SLABCHECK_TWIN
		kmem_cache_destroy(dm_details_cachep);
#endif
		//
		return ret;
	}
	return ret > 0 ? 0 : ret;
}

static void __exit dm_details_exit(void)
{
	kmem_cache_destroy(dm_details_cachep);
}

module_init(dm_details_init);
module_exit(dm_details_exit);
MODULE_LICENSE("GPL");
