// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak: a module with three static caches set up in init with
// the usual goto ladder (each label undoes one more step), and an exit
// function that destroys them all in reverse order.  The twin's ladder
// lacks one step: the page cache was added to init and to exit but not to
// the unwinding, so the two failure paths taken after it is set up
// (workers, target) return with it still set up.  Both reach the one
// failing return; the other caches are undone.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define DM_MSG_PREFIX "kcopyd"

struct kcopyd_job {
	struct list_head	list;
	void			*kc;
	unsigned long		flags;
	int			read_err;
	unsigned long		write_err;
	unsigned int		num_dests;
	u64			source_sector;
	u64			source_count;
	void			(*fn)(int read_err, unsigned long write_err,
				      void *context);
	void			*context;
};

struct kcopyd_region {
	u64			sector;
	u64			count;
	u32			dev;
	u32			flags;
};

struct kcopyd_page {
	struct kcopyd_page	*next;
	void			*page;
	u8			scratch[56];
};

struct target_type {
	const char		*name;
	unsigned int		version[3];
	struct list_head	list;
};

static struct kmem_cache_opaque kcopyd_job_cache;
#define _job_cache to_kmem_cache(&kcopyd_job_cache)
static struct kmem_cache_opaque kcopyd_region_cache;
#define _region_cache to_kmem_cache(&kcopyd_region_cache)
static struct kmem_cache_opaque kcopyd_page_cache;
#define _page_cache to_kmem_cache(&kcopyd_page_cache)

int dm_register_target(struct target_type *tt);
void dm_unregister_target(struct target_type *tt);
int kcopyd_start_workers(void);
void kcopyd_stop_workers(void);

static struct target_type kcopyd_target = {
	.name		= "kcopyd-test",
	.version	= {1, 2, 0},
};

static int __init dm_kcopyd_init(void)
{
	int r;

	if (!KMEM_CACHE_SETUP(_job_cache, kcopyd_job, 0))
		return -ENOMEM;

	r = kmem_cache_setup(_region_cache, "kcopyd_region",
			     sizeof(struct kcopyd_region), 0,
			     SLAB_HWCACHE_ALIGN, NULL);
	if (r)
		goto bad_region_cache;

	// TWIN: {{.*}}[[@LINE+2]]:6: warning: static cache 'kcopyd_page_cache' stays set up when module init 'dm_kcopyd_init' fails [kmem-module-leak]
	//
	r = kmem_cache_setup_usercopy(_page_cache, "kcopyd_page",
				      sizeof(struct kcopyd_page), 0, 0,
				      offsetof(struct kcopyd_page, scratch),
				      sizeof_field(struct kcopyd_page, scratch),
				      NULL);
	if (r)
		goto bad_page_cache;

	r = kcopyd_start_workers();
	if (r)
		goto bad_workers;

	r = dm_register_target(&kcopyd_target);
	if (r < 0) {
		pr_err(DM_MSG_PREFIX ": register failed %d\n", r);
		goto bad_target;
	}
	return 0;

bad_target:
	kcopyd_stop_workers();
bad_workers:
#ifndef SLABCHECK_TWIN
	/* The twin's ladder lost the step that undoes the page cache. */
	kmem_cache_destroy(_page_cache);
#endif
bad_page_cache:
	kmem_cache_destroy(_region_cache);
bad_region_cache:
	kmem_cache_destroy(_job_cache);
	return r;
}

static void __exit dm_kcopyd_exit(void)
{
	dm_unregister_target(&kcopyd_target);
	kcopyd_stop_workers();
	kmem_cache_destroy(_page_cache);
	kmem_cache_destroy(_region_cache);
	kmem_cache_destroy(_job_cache);
}

module_init(dm_kcopyd_init);
module_exit(dm_kcopyd_exit);

MODULE_DESCRIPTION(DM_MSG_PREFIX " test target");
MODULE_LICENSE("GPL");
