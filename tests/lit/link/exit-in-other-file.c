// RUN: %check --module -DMODULE %s %S/Inputs/fscache-cookie.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/fscache-cookie.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module split over two files: the cache is defined and set up here, and
// destroyed by fscache_cookies_exit() in the other file, which module exit
// calls.  Linked as one module, the destroy is seen and nothing is said.
// In the twin the other file forgets the destroy: only the whole module
// shows it (single-file mode stays silent on either file).
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

struct kmem_cache_opaque fscache_cookie_cache;
#define fscache_cookie_cachep to_kmem_cache(&fscache_cookie_cache)

int fscache_proc_init(void);
void fscache_proc_cleanup(void);
void fscache_cookies_exit(void);

static int __init fscache_init(void)
{
	int ret;

	ret = fscache_proc_init();
	if (ret)
		return ret;
	// TWIN: {{.*}}exit-in-other-file.c:[[@LINE+2]]:7: warning: static cache 'fscache_cookie_cache' is not destroyed on every path out of module exit 'fscache_exit' [kmem-module-leak]
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
