// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_EXIT_FORGETS %s | %filecheck --check-prefix=FORGETS %s
// RUN: %check -DMODULE -DSLABCHECK_UNWIND_OFF_BY_ONE %s | %filecheck --check-prefix=UNWIND %s
// CHECK-NOT: warning
//
// kmem-module-leak through tables of functions, the drivers/md/dm.c shape.
// Done right: module init runs _inits[] and unwinds with _exits[] on
// failure, module exit runs _exits[] backwards, and local_exit() destroys
// what local_init() set up.  The calls through the tables are calls of
// the elements the loop counters pick, so every path is seen to destroy
// both caches.
// With -DSLABCHECK_TWIN, module exit stops before _exits[0], as the
// unwinding of a failed init rightly does: both caches leak on unload.
// With -DSLABCHECK_EXIT_FORGETS, local_exit() forgets one of the two
// caches: it leaks on unload, and when a later init fails.
// With -DSLABCHECK_UNWIND_OFF_BY_ONE, when an init after the first one
// fails, `while (--i > 0)` runs the exits of the elements before it but
// never _exits[0], so local_init()'s caches stay set up.  Module exit runs
// the whole table and is fine.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dm_rq_target_io_min {
	struct list_head	list;
	void			*ti;
	int			error;
	unsigned int		n_sectors;
};

struct dm_rq_clone_bio_info_min {
	void			*orig;
	void			*tio;
};

static struct kmem_cache_opaque _rq_tio_cache;
#define _rq_tio_cachep to_kmem_cache(&_rq_tio_cache)
static struct kmem_cache_opaque _rq_bio_info_cache;
#define _rq_bio_info_cachep to_kmem_cache(&_rq_bio_info_cache)

int dm_uevent_init(void);
void dm_uevent_exit(void);
int dm_target_init(void);
void dm_target_exit(void);
int dm_linear_init(void);
void dm_linear_exit(void);
int dm_stripe_init(void);
void dm_stripe_exit(void);
int register_blkdev(unsigned int major, const char *name);
void unregister_blkdev(unsigned int major, const char *name);

static unsigned int _major;
static const char *_name = "device-mapper";

static int __init local_init(void)
{
	int r;

	// UNWIND: {{.*}}[[@LINE+4]]:6: warning: static cache '_rq_tio_cache' stays set up when module init 'dm_init' fails [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+2]]:6: warning: static cache '_rq_tio_cache' is not destroyed on every path out of module exit 'dm_exit' [kmem-module-leak]
	//
	r = kmem_cache_setup(_rq_tio_cachep, "dm_rq_target_io",
			     sizeof(struct dm_rq_target_io_min), 0, 0, NULL);
	if (r)
		return r;

	// FORGETS: {{.*}}[[@LINE+8]]:7: warning: static cache '_rq_bio_info_cache' is not destroyed on every path out of module exit 'dm_exit' [kmem-module-leak]
	//
	// FORGETS: {{.*}}[[@LINE+6]]:7: warning: static cache '_rq_bio_info_cache' stays set up when module init 'dm_init' fails [kmem-module-leak]
	//
	// UNWIND: {{.*}}[[@LINE+4]]:7: warning: static cache '_rq_bio_info_cache' stays set up when module init 'dm_init' fails [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+2]]:7: warning: static cache '_rq_bio_info_cache' is not destroyed on every path out of module exit 'dm_exit' [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(_rq_bio_info_cachep, dm_rq_clone_bio_info_min, 0)) {
		r = -ENOMEM;
		goto out_free_rq_tio_cache;
	}

	r = dm_uevent_init();
	if (r)
		goto out_free_rq_bio_info_cache;

	r = register_blkdev(_major, _name);
	if (r < 0)
		goto out_uevent_exit;
	if (!_major)
		_major = r;
	return 0;

out_uevent_exit:
	dm_uevent_exit();
out_free_rq_bio_info_cache:
	kmem_cache_destroy(_rq_bio_info_cachep);
out_free_rq_tio_cache:
	kmem_cache_destroy(_rq_tio_cachep);
	return r;
}

static void local_exit(void)
{
#ifndef SLABCHECK_EXIT_FORGETS
	kmem_cache_destroy(_rq_bio_info_cachep);
#endif
	kmem_cache_destroy(_rq_tio_cachep);
	unregister_blkdev(_major, _name);
	dm_uevent_exit();
	_major = 0;
}

static int (*_inits[])(void) __initdata = {
	local_init,
	dm_target_init,
	dm_linear_init,
	dm_stripe_init,
};

static void (*_exits[])(void) = {
	local_exit,
	dm_target_exit,
	dm_linear_exit,
	dm_stripe_exit,
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
#ifdef SLABCHECK_UNWIND_OFF_BY_ONE
	while (--i > 0)
#else
	while (i--)
#endif
		_exits[i]();
	return r;
}

static void __exit dm_exit(void)
{
	int i = ARRAY_SIZE(_exits);

#ifdef SLABCHECK_TWIN
	while (--i > 0)
#else
	while (i--)
#endif
		_exits[i]();
}

module_init(dm_init);
module_exit(dm_exit);
MODULE_LICENSE("GPL");
