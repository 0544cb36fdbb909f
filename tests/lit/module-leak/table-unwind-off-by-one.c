// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-module-leak through a table of functions, the drivers/md/dm.c
// shape, with an off-by-one in the unwinding: when an init after the
// first one fails, `while (--i > 0)` runs the exits of the elements
// before it but never _exits[0], so local_init()'s caches stay set up.
// Module exit runs the whole table and is fine.
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

	// CHECK: {{.*}}[[@LINE+2]]:6: warning: static cache '_rq_tio_cache' stays set up when module init 'dm_init' fails [kmem-module-leak]
	// CHECK-NEXT: {{.*}}[[@LINE+70]]:9: note: 'dm_init' returns failure here
	r = kmem_cache_setup(_rq_tio_cachep, "dm_rq_target_io",
			     sizeof(struct dm_rq_target_io_min), 0, 0, NULL);
	if (r)
		return r;

	// CHECK: {{.*}}[[@LINE+2]]:7: warning: static cache '_rq_bio_info_cache' stays set up when module init 'dm_init' fails [kmem-module-leak]
	// CHECK-NEXT: {{.*}}[[@LINE+63]]:9: note: 'dm_init' returns failure here
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
	kmem_cache_destroy(_rq_bio_info_cachep);
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
	while (--i > 0)
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
