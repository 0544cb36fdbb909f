// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module split over files: the cache has external linkage and its
// teardown, fscache_cookies_exit(), is in another file of the module.
// This file cannot see that function destroy it, so it says nothing
// (the module link step decides).  The twin makes the cache static: no
// other file can name it, so the exit here really leaves it set up.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct fscache_cookie_min {
	struct list_head	hash_link;
	unsigned long		flags;
	unsigned int		debug_id;
	u64			key_hash;
};

#ifdef SLABCHECK_TWIN
static struct kmem_cache_opaque fscache_cookie_cache;
#else
struct kmem_cache_opaque fscache_cookie_cache;
#endif
#define fscache_cookie_cachep to_kmem_cache(&fscache_cookie_cache)

int fscache_proc_init(void);
void fscache_proc_cleanup(void);
/* cookie.c: destroys fscache_cookie_cache after draining the hash. */
void fscache_cookies_exit(void);

static int __init fscache_init(void)
{
	int ret;

	ret = fscache_proc_init();
	if (ret)
		return ret;
	// TWIN: {{.*}}[[@LINE+2]]:7: warning: static cache 'fscache_cookie_cache' is not destroyed on every path out of module exit 'fscache_exit' [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(fscache_cookie_cachep, fscache_cookie_min,
			      SLAB_HWCACHE_ALIGN)) {
		fscache_proc_cleanup();
		return -ENOMEM;
	}
	return 0;
}
module_init(fscache_init);

static void __exit fscache_exit(void)
{
	fscache_cookies_exit();
	fscache_proc_cleanup();
}
module_exit(fscache_exit);
MODULE_LICENSE("GPL");
