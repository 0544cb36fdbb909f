// The cache half of a zram-like module (see ../flag-guarded-other-file.c):
// the cache and its "ready" flag live here; the cleanup the other half
// calls from module exit destroys the cache only if the flag says init set
// it up.  The twin's cleanup destroys nothing when the device is busy.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct zcomp_entry {
	unsigned long	handle;
	unsigned int	flags;
	unsigned int	length;
};

static struct kmem_cache_opaque zcomp_entry_cache;
#define zcomp_entry_cachep to_kmem_cache(&zcomp_entry_cache)
static bool zcomp_cache_ready;

int __init zcomp_cache_init(void)
{
	if (!KMEM_CACHE_SETUP(zcomp_entry_cachep, zcomp_entry, 0))
		return -ENOMEM;
	zcomp_cache_ready = true;
	return 0;
}

void zcomp_cache_cleanup(bool busy)
{
#ifdef SLABCHECK_TWIN
	if (busy)
		return;
#endif
	if (zcomp_cache_ready) {
		kmem_cache_destroy(zcomp_entry_cachep);
		zcomp_cache_ready = false;
	}
}
