// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_ADDRESS_TAKEN %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_ADDRESS_TAKEN -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// An ops struct written at run time: its initializer names the default
// backend, and module init switches to the other one when asked.  What
// `zcache_backend.exit()` calls is no longer what the initializer says,
// so the call stays one that may reach anything, and module exit is not
// reported as leaking the cache the other backend sets up.
// With -DSLABCHECK_ADDRESS_TAKEN, the struct's address is handed to a
// helper that fills it in: once its address is taken, nothing says the
// initializer is what the struct still holds.
// The twin's module exit forgets to call the backend's exit at all.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct zcache_entry_min {
	struct list_head	lru;
	unsigned long		handle;
	unsigned int		length;
};

struct zcache_backend_ops {
	int (*init)(void);
	void (*exit)(void);
};

static struct kmem_cache_opaque zcache_lzo_cache;
#define zcache_lzo_cachep to_kmem_cache(&zcache_lzo_cache)
static struct kmem_cache_opaque zcache_zstd_cache;
#define zcache_zstd_cachep to_kmem_cache(&zcache_zstd_cache)

static bool use_zstd;
module_param(use_zstd, bool, 0444);

int zcache_register_frontend(void);
void zcache_unregister_frontend(void);

static int zcache_lzo_init(void)
{
	// TWIN: {{.*}}[[@LINE+2]]:9: warning: static cache 'zcache_lzo_cache' is not destroyed on every path out of module exit 'zcache_exit' [kmem-module-leak]
	//
	return kmem_cache_setup(zcache_lzo_cachep, "zcache_lzo",
				sizeof(struct zcache_entry_min), 0, 0, NULL);
}

static void zcache_lzo_exit(void)
{
	kmem_cache_destroy(zcache_lzo_cachep);
}

static int zcache_zstd_init(void)
{
	// TWIN: {{.*}}[[@LINE+2]]:9: warning: static cache 'zcache_zstd_cache' is not destroyed on every path out of module exit 'zcache_exit' [kmem-module-leak]
	//
	return kmem_cache_setup(zcache_zstd_cachep, "zcache_zstd",
				sizeof(struct zcache_entry_min), 0, 0, NULL);
}

static void zcache_zstd_exit(void)
{
	kmem_cache_destroy(zcache_zstd_cachep);
}

static struct zcache_backend_ops zcache_backend = {
	.init	= zcache_lzo_init,
	.exit	= zcache_lzo_exit,
};

#ifdef SLABCHECK_ADDRESS_TAKEN
static void __init zcache_select(struct zcache_backend_ops *ops)
{
	if (!use_zstd)
		return;
	ops->init = zcache_zstd_init;
	ops->exit = zcache_zstd_exit;
}
#endif

static int __init zcache_init(void)
{
	int ret;

#ifdef SLABCHECK_ADDRESS_TAKEN
	zcache_select(&zcache_backend);
#else
	if (use_zstd) {
		zcache_backend.init = zcache_zstd_init;
		zcache_backend.exit = zcache_zstd_exit;
	}
#endif
	ret = zcache_backend.init();
	if (ret)
		return ret;
	ret = zcache_register_frontend();
	if (ret)
		zcache_backend.exit();
	return ret;
}

static void __exit zcache_exit(void)
{
	zcache_unregister_frontend();
#ifndef SLABCHECK_TWIN
	zcache_backend.exit();
#endif
}

module_init(zcache_init);
module_exit(zcache_exit);
MODULE_LICENSE("GPL");
