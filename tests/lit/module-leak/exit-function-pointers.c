// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// The drivers/md/dm.c shape: module init and exit run tables of
// functions, and the exit table's first entry destroys the cache.  The
// loop counter picks each element in turn, so the exit is seen to call
// dm_io_cache_exit(), and the entries of other files are calls to unseen
// functions.  The twin's exit lost the table loop: nothing destroys the
// cache at all.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dm_io_min {
	unsigned int		magic;
	atomic_t		io_count;
	struct list_head	list;
	unsigned long		start_time;
};

static struct kmem_cache_opaque dm_io_cache;
#define dm_io_cachep to_kmem_cache(&dm_io_cache)

int dm_target_init(void);
void dm_target_exit(void);
int dm_linear_init(void);
void dm_linear_exit(void);

static int __init dm_io_cache_init(void)
{
	// TWIN: {{.*}}[[@LINE+2]]:9: warning: static cache 'dm_io_cache' is not destroyed on every path out of module exit 'dm_exit' [kmem-module-leak]
	//
	return kmem_cache_setup(dm_io_cachep, "dm_io", sizeof(struct dm_io_min),
				0, 0, NULL);
}

static void dm_io_cache_exit(void)
{
	kmem_cache_destroy(dm_io_cachep);
}

static int (*_inits[])(void) __initdata = {
	dm_io_cache_init,
	dm_target_init,
	dm_linear_init,
};

static void (*_exits[])(void) = {
	dm_io_cache_exit,
	dm_target_exit,
	dm_linear_exit,
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
#ifndef SLABCHECK_TWIN
	int i = ARRAY_SIZE(_exits);

	while (i--)
		_exits[i]();
#endif
}

module_init(dm_init);
module_exit(dm_exit);
MODULE_LICENSE("GPL");
