// SPDX-License-Identifier: GPL-2.0
/*
 * Wrong place, kmem-storage (slabcheck-sparse only).  Shape of
 * modules/target_core_user, mutant per-device-tmr-cache: a per-device
 * cache kept as a struct kmem_cache_opaque member of a kzalloc()ed
 * device.
 *
 * slabcheck --sparse says:
 *   sparse-heap-storage-location.c:41:6: warning: static cache storage
 *   'tmr_cache' is in memory from 'kzalloc_noprof', not static: freeing it
 *   frees a live cache [kmem-storage]
 * at the setup that uses the pointer.  The GCC plugin, the Clang plugin
 * and slabcheck-clang report it at the conversion, to_kmem_cache() on
 * line 40 column 6, where docs/rules.md says ("reported once per
 * allocation, at the first conversion"); docs/rules.md lists a similar
 * divergence of slabcheck-sparse for to_kmem_cache((void *)buf) only.
 *
 *   slabcheck --sparse sparse-heap-storage-location.c -- -DMODULE \
 *	-std=gnu11 -O2 -nostdinc -isystem tests/include
 */
#include <linux/slab.h>
#include <linux/slab-static.h>

struct tmr {
	int a, b;
};

struct dev {
	int id;
	struct kmem_cache_opaque tmr_cache;
};

struct dev *dev_alloc(void)
{
	struct dev *d = kzalloc(sizeof(*d), GFP_KERNEL);
	struct kmem_cache *s;

	if (!d)
		return NULL;
	s = to_kmem_cache(&d->tmr_cache);
	if (kmem_cache_setup(s, "tmr", sizeof(struct tmr), 0, 0, NULL)) {
		kfree(d);
		return NULL;
	}
	return d;
}

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: sparse-heap-storage-location.c:40:6: kmem-storage
 */
