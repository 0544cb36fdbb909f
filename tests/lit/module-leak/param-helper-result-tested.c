// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak and a helper that takes the cache to set up, its result
// tested in the same expression as the call, in the shape of fs/dlm once
// converted: dlm_memory_init() sets its caches up through helpers of
// lowcomms.c and midcomms.c, `if (dlm_lowcomms_msg_cache_setup(cachep))`.
// The argument is to_kmem_cache(), which sparse inlines: the test of the
// helper's result is still the caller's test, and a failed setup leaves
// nothing set up: silent.  The twin forgets the message cache when the rsb
// cache cannot be set up: reported at the call that hands the instance to
// the helper, where the fix goes, not at module init's call.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dlm_msg_min {
	unsigned int	h_length;
	char		payload[60];
};

struct dlm_lkb_min {
	unsigned int	lkb_id;
	void		*lkb_resource;
};

struct dlm_rsb_min {
	unsigned int	res_length;
	char		res_name[64];
};

static int dlm_msg_cache_setup(struct kmem_cache *cache)
{
	return kmem_cache_setup(cache, "dlm_msg", sizeof(struct dlm_msg_min),
				0, 0, NULL);
}

static struct kmem_cache_opaque dlm_msg_cache_instance;
#define dlm_msg_cache to_kmem_cache(&dlm_msg_cache_instance)
static struct kmem_cache_opaque dlm_lkb_cache_instance;
#define dlm_lkb_cache to_kmem_cache(&dlm_lkb_cache_instance)
static struct kmem_cache_opaque dlm_rsb_cache_instance;
#define dlm_rsb_cache to_kmem_cache(&dlm_rsb_cache_instance)

static int dlm_memory_init(void)
{
	if (dlm_msg_cache_setup(dlm_msg_cache))
	// TWIN: {{.*}}[[@LINE-1]]:6: warning: static cache 'dlm_msg_cache_instance' stays set up when module init 'init_dlm' fails [kmem-module-leak]
		goto out;
	if (kmem_cache_setup(dlm_lkb_cache, "dlm_lkb",
			     sizeof(struct dlm_lkb_min), 0, 0, NULL))
		goto msg;
	if (!kmem_cache_setup(dlm_rsb_cache, "dlm_rsb",
			      sizeof(struct dlm_rsb_min), 0, 0, NULL))
		return 0;
	kmem_cache_destroy(dlm_lkb_cache);
#ifdef SLABCHECK_TWIN
	return -ENOMEM;
#endif
msg:
	kmem_cache_destroy(dlm_msg_cache);
out:
	return -ENOMEM;
}

static void dlm_memory_exit(void)
{
	kmem_cache_destroy(dlm_rsb_cache);
	kmem_cache_destroy(dlm_lkb_cache);
	kmem_cache_destroy(dlm_msg_cache);
}

static int __init init_dlm(void)
{
	return dlm_memory_init();
	//
}

static void __exit exit_dlm(void)
{
	dlm_memory_exit();
}

module_init(init_dlm);
module_exit(exit_dlm);
MODULE_LICENSE("GPL");
