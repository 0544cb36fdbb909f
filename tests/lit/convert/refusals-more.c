// RUN: %convert %s -DMODULE | %filecheck %s
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert: the reasons refusals.c leaves out, each beside a
// cache of the same module that converts.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>

struct dbg_record {
	unsigned long	stamp;
	char		text[48];
};

/* Storage for a cache before the allocator runs, as mm/ keeps its own. */
static char dbg_early_storage[256] __aligned(8);
static struct kmem_cache *dbg_early_cachep =
	(struct kmem_cache *)dbg_early_storage;
static struct kmem_cache *dbg_trace_cachep;
static struct kmem_cache *dbg_record_cachep;

// CHECK:      refusals-more.c:[[#@LINE-5]]: dbg_early_cachep: refused (initialized): it has an initializer
// CHECK-NEXT: refusals-more.c:[[#@LINE-4]]: dbg_trace_cachep: refused (other-use): a use in dbg_init that is more than passing its value
// CHECK-NEXT: refusals-more.c:[[#@LINE-4]]: dbg_record_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()

static int __init dbg_init(void)
{
	dbg_trace_cachep = kmem_cache_create("dbg_trace", 64, 0, 0, NULL);
	if (!dbg_trace_cachep)
		return -ENOMEM;
	/* Its address for the log: a cast to an integer. */
	pr_debug("dbg: trace cache at %lx\n", (unsigned long)dbg_trace_cachep);
	dbg_record_cachep = KMEM_CACHE(dbg_record, 0);
	if (!dbg_record_cachep) {
		kmem_cache_destroy(dbg_trace_cachep);
		return -ENOMEM;
	}
	return 0;
}

static void __exit dbg_exit(void)
{
	kmem_cache_destroy(dbg_record_cachep);
	kmem_cache_destroy(dbg_trace_cachep);
	kmem_cache_destroy(dbg_early_cachep);
}

module_init(dbg_init);
module_exit(dbg_exit);
MODULE_LICENSE("GPL");
