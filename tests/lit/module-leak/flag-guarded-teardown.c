// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: a "cache ready" flag.  Init sets the flag
// once the cache is set up; one cleanup helper, called from init's error
// path and from module exit, destroys the cache only `if (ready)` and
// clears the flag.  The walk cannot know the flag's value in module exit
// (init wrote it), so the side that skips the destroy is no leak: the
// branch on the flag makes the cache's state unknown there.  A device
// pointer stored by init and then tested (`IS_ERR(zram_dev)`) is a test of
// what init just did, not of state from elsewhere: the twin forgets the
// cleanup on that failure, and the leak is still found.
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct zcomp_entry {
	unsigned long	handle;
	unsigned int	flags;
	unsigned int	length;
};

struct zram_dev;

static struct kmem_cache_opaque zcomp_entry_cache;
#define zcomp_entry_cachep to_kmem_cache(&zcomp_entry_cache)
static bool zcomp_cache_ready;
static struct zram_dev *zram_dev;

struct zram_dev *zram_dev_create(const char *name);
void zram_dev_destroy(struct zram_dev *dev);
int zram_register_sysfs(void);
void zram_unregister_sysfs(void);

static void zcomp_cleanup(void)
{
	if (zcomp_cache_ready) {
		kmem_cache_destroy(zcomp_entry_cachep);
		zcomp_cache_ready = false;
	}
}

static int __init zram_init(void)
{
	int err;

	// TWIN: {{.*}}flag-guarded-teardown.c:[[@LINE+1]]:8: warning: static cache 'zcomp_entry_cache' stays set up when module init 'zram_init' fails [kmem-module-leak]
	err = KMEM_CACHE_SETUP(zcomp_entry_cachep, zcomp_entry, 0) ?
		      0 : -ENOMEM;
	if (err)
		return err;
	zcomp_cache_ready = true;

	zram_dev = zram_dev_create("zram0");
	if (IS_ERR(zram_dev)) {
#ifndef SLABCHECK_TWIN
		zcomp_cleanup();
#endif
		return PTR_ERR(zram_dev);
		//
	}

	err = zram_register_sysfs();
	if (err) {
		zram_dev_destroy(zram_dev);
		zcomp_cleanup();
	}
	return err;
}

static void __exit zram_exit(void)
{
	zram_unregister_sysfs();
	zram_dev_destroy(zram_dev);
	zcomp_cleanup();
}

module_init(zram_init);
module_exit(zram_exit);
MODULE_LICENSE("GPL");
