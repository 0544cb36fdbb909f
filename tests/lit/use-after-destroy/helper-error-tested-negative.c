// RUN: %check -DMODULE %s | %filecheck %s
// RUN: %check %s | %filecheck %s
//
// kmem-use-after-destroy and a helper's error code, in the shape of
// drivers/target once converted: init_se_kmem_caches() sets its caches
// up, destroys them again when a later step fails and returns -ENOMEM;
// module init tests the result with `< 0` and goes on only when it is
// not negative.  -ENOMEM is negative, so the destroying outcome never
// reaches the code that uses the cache: silent.  The twin returns 1 from
// its failing path, which `< 0` lets through with the cache destroyed.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct se_cmd_min {
	unsigned long	tag;
	void		*sense;
};

static struct kmem_cache_opaque se_sess_cache_instance;
#define se_sess_cache to_kmem_cache(&se_sess_cache_instance)
static struct kmem_cache_opaque se_ua_cache_instance;
#define se_ua_cache to_kmem_cache(&se_ua_cache_instance)

int se_register_configfs(void);
void se_unregister_configfs(void);
int se_alloc_workqueue(void);

static int init_se_sess_cache(void)
{
	if (kmem_cache_setup(se_sess_cache, "se_sess_cache",
			     sizeof(struct se_cmd_min), 0, 0, NULL))
		goto out;
	if (se_register_configfs())
		goto out_free_sess_cache;
	return 0;

out_free_sess_cache:
	kmem_cache_destroy(se_sess_cache);
out:
	return -ENOMEM;
}

/* Returns 1, not an error code, when the later step fails. */
static int init_se_ua_cache(void)
{
	if (kmem_cache_setup(se_ua_cache, "se_ua_cache",
			     sizeof(struct se_cmd_min), 0, 0, NULL))
		return -ENOMEM;
	if (se_alloc_workqueue()) {
		kmem_cache_destroy(se_ua_cache);
		return 1;
	}
	return 0;
}

static void release_se_kmem_caches(void)
{
	se_unregister_configfs();
	kmem_cache_destroy(se_sess_cache);
}

static int __init target_core_init(void)
{
	int ret;

	ret = init_se_sess_cache();
	if (ret < 0)
		return ret;
	ret = init_se_ua_cache();
	if (ret < 0)
		goto out_release;
	kmem_cache_shrink(se_ua_cache);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: static cache 'se_ua_cache_instance' is passed to 'kmem_cache_shrink' after it was destroyed on this path [kmem-use-after-destroy]
	//
	return 0;

out_release:
	release_se_kmem_caches();
	return ret;
}

static void __exit target_core_exit(void)
{
	kmem_cache_destroy(se_ua_cache);
	release_se_kmem_caches();
}

module_init(target_core_init);
module_exit(target_core_exit);
MODULE_LICENSE("GPL");
