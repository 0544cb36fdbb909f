// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: optional caches.  A module parameter says
// whether the object cache is used at all, and a static configuration
// struct whether the debug records get a cache of their own; init sets
// each up only when asked, exit destroys each under the same test.  Module
// exit cannot know what the parameters were when init ran, so the sides
// that skip a destroy are no leak.  A branch on module state that guards
// no setup or destroy changes nothing: in the twin, exit tests `verbose`
// only to print, forgets the debug cache, and the leak is found.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nullb_cmd {
	void		*rq;
	unsigned int	tag;
	int		error;
};

struct nullb_debug_record {
	unsigned long	when;
	unsigned int	op;
	unsigned int	len;
};

static bool use_cmd_cache = true;
module_param(use_cmd_cache, bool, 0444);
static bool verbose;
module_param(verbose, bool, 0644);

static struct {
	bool		debug_records;
	unsigned int	queue_depth;
} nullb_config = { .queue_depth = 64 };

static struct kmem_cache_opaque nullb_cmd_cache;
#define nullb_cmd_cachep to_kmem_cache(&nullb_cmd_cache)
static struct kmem_cache_opaque nullb_debug_cache;
#define nullb_debug_cachep to_kmem_cache(&nullb_debug_cache)

int null_validate_conf(void *config);
int null_register_blkdev(void);
void null_unregister_blkdev(void);

static int __init null_init(void)
{
	int ret;

	ret = null_validate_conf(&nullb_config);
	if (ret)
		return ret;
	if (use_cmd_cache) {
		ret = kmem_cache_setup(nullb_cmd_cachep, "nullb_cmd",
				       sizeof(struct nullb_cmd), 0, 0, NULL);
		if (ret)
			return ret;
	}
	if (nullb_config.debug_records) {
		// TWIN: {{.*}}param-guarded-cache.c:[[@LINE+1]]:8: warning: static cache 'nullb_debug_cache' is not destroyed on every path out of module exit 'null_exit' [kmem-module-leak]
		if (!KMEM_CACHE_SETUP(nullb_debug_cachep, nullb_debug_record,
				      0)) {
			ret = -ENOMEM;
			goto out_cmd;
		}
	}
	ret = null_register_blkdev();
	if (ret)
		goto out_debug;
	return 0;

out_debug:
	if (nullb_config.debug_records)
		kmem_cache_destroy(nullb_debug_cachep);
out_cmd:
	if (use_cmd_cache)
		kmem_cache_destroy(nullb_cmd_cachep);
	return ret;
}

//
static void __exit null_exit(void)
{
	null_unregister_blkdev();
	if (use_cmd_cache)
		kmem_cache_destroy(nullb_cmd_cachep);
	if (verbose)
		pr_info("null_blk: module unloaded\n");
#ifndef SLABCHECK_TWIN
	if (nullb_config.debug_records)
		kmem_cache_destroy(nullb_debug_cachep);
#endif
}

module_init(null_init);
module_exit(null_exit);
MODULE_LICENSE("GPL");
