// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak through dm.c's tables as 6.12 has them: eight init
// steps, the sixth of which, dm_kcopyd_init(), sets up the kcopyd job
// cache.  When a step fails, dm_init() unwinds with `while (i--)
// _exits[i]();`, and the walk enters that loop once from each step that
// can fail: with the passes of the init loop that makes more than sixteen
// states at the loop, which must not be taken for a loop too long to
// follow, since each pass changes which caches are set up or what the
// path knows of the counter's start.  Correct as it is; the twin's
// dm_kcopyd_exit() forgets the destroy: a leak on unload, and when one of
// the two steps after it fails.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kcopyd_job_min {
	void			*kc;
	struct list_head	list;
	unsigned long		flags;
	int			read_err;
	unsigned long		write_err;
};

static struct kmem_cache_opaque _job_cache_instance;
#define _job_cache to_kmem_cache(&_job_cache_instance)

int local_init(void);
void local_exit(void);
int dm_target_init(void);
void dm_target_exit(void);
int dm_linear_init(void);
void dm_linear_exit(void);
int dm_stripe_init(void);
void dm_stripe_exit(void);
int dm_io_init(void);
void dm_io_exit(void);
int dm_interface_init(void);
void dm_interface_exit(void);
int dm_statistics_init(void);
void dm_statistics_exit(void);

static int __init dm_kcopyd_init(void)
{
	if (!KMEM_CACHE_SETUP(_job_cache, kcopyd_job_min, 0))
	// TWIN: {{.*}}[[@LINE-1]]:7: warning: static cache '_job_cache_instance' is not destroyed on every path out of module exit 'dm_exit' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE-3]]:7: warning: static cache '_job_cache_instance' stays set up when module init 'dm_init' fails [kmem-module-leak]
	//
		return -ENOMEM;
	return 0;
}

static void dm_kcopyd_exit(void)
{
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(_job_cache);
#endif
}

static int (*_inits[])(void) __initdata = {
	local_init,
	dm_target_init,
	dm_linear_init,
	dm_stripe_init,
	dm_io_init,
	dm_kcopyd_init,
	dm_interface_init,
	dm_statistics_init,
};

static void (*_exits[])(void) = {
	local_exit,
	dm_target_exit,
	dm_linear_exit,
	dm_stripe_exit,
	dm_io_exit,
	dm_kcopyd_exit,
	dm_interface_exit,
	dm_statistics_exit,
};

static int __init dm_init(void)
{
	const int count = ARRAY_SIZE(_inits);
	int r, i;

	for (i = 0; i < count; i++) {
		r = _inits[i]();
		if (r)
			goto bad;
	}
	return 0;
bad:
	while (i--)
		_exits[i]();
	return r;
}

static void __exit dm_exit(void)
{
	int i = ARRAY_SIZE(_exits);

	while (i--)
		_exits[i]();
}

module_init(dm_init);
module_exit(dm_exit);
MODULE_LICENSE("GPL");
