// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: a flag that init itself computes.  Init
// decides once whether the lock cache is worth having, records it in
// dlm_use_lkb_cache, sets the cache up only if so, and its error path and
// module exit destroy it under the same flag.  The walk does not know that
// init's two tests of the flag agree; the second test, with no write since
// the first, is taken as a test of module state, so the path where they
// would disagree is not reported.  The first test, right after the write,
// is still init's own result: the twin's error path forgets the destroy,
// and that leak is found.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dlm_lkb_min {
	u32		lkb_id;
	u32		lkb_nodeid;
	int		lkb_status;
	unsigned long	lkb_flags;
};

static bool lkb_cache_off;
module_param(lkb_cache_off, bool, 0444);
static bool dlm_use_lkb_cache;

static struct kmem_cache_opaque dlm_lkb_cache;
#define dlm_lkb_cachep to_kmem_cache(&dlm_lkb_cache)

int dlm_nr_cpus(void);
int dlm_register_debugfs(void);
void dlm_unregister_debugfs(void);
int dlm_lockspace_init(void);
void dlm_lockspace_exit(void);

static int __init init_dlm(void)
{
	int ret;

	dlm_use_lkb_cache = !lkb_cache_off && dlm_nr_cpus() > 1;
	ret = dlm_register_debugfs();
	if (ret)
		return ret;
	if (dlm_use_lkb_cache) {
		// TWIN: {{.*}}flag-written-by-init.c:[[@LINE+1]]:8: warning: static cache 'dlm_lkb_cache' stays set up when module init 'init_dlm' fails [kmem-module-leak]
		if (!KMEM_CACHE_SETUP(dlm_lkb_cachep, dlm_lkb_min, 0)) {
			ret = -ENOMEM;
			goto out_debugfs;
		}
	}
	ret = dlm_lockspace_init();
	if (ret)
		goto out_cache;
	return 0;

out_cache:
#ifndef SLABCHECK_TWIN
	if (dlm_use_lkb_cache)
		kmem_cache_destroy(dlm_lkb_cachep);
#endif
out_debugfs:
	dlm_unregister_debugfs();
	//
	return ret;
}

static void __exit exit_dlm(void)
{
	dlm_lockspace_exit();
	if (dlm_use_lkb_cache)
		kmem_cache_destroy(dlm_lkb_cachep);
	dlm_unregister_debugfs();
}

module_init(init_dlm);
module_exit(exit_dlm);
MODULE_LICENSE("GPL");
