// The series' first header for modules included nothing that completes
// struct module, which its setup helpers dereference (THIS_MODULE_KOBJ).
// RUN: rm -rf %t.first && cp -r %include-dir %t.first
// RUN: sed -i '/#include <linux\/module.h>/d' %t.first/linux/slab-static.h
// RUN: %convert --headers %t.first %s -DMODULE | %filecheck %s --check-prefix=REFUSED
// Look-alikes that convert: built in, where the owner is NULL; and in the
// module with a header that includes what it needs.
// RUN: %convert --headers %t.first %s | %filecheck %s
// RUN: %convert %s -DMODULE | %filecheck %s
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// One file of a module of several, the way fs/ext4/extents_status.c is
// written: its cache is created in an __init helper that the module's init,
// in another file, calls, and it never includes <linux/module.h>.  (Its
// creation cannot fail here: else another file's unwinding, which this one
// cannot show, would refuse it first; unwound.c.)
#include <linux/init.h>
#include <linux/slab.h>

struct part_extent {
	unsigned long	start;
	unsigned long	length;
};

static struct kmem_cache *part_extent_cachep;

// REFUSED:   include-part.c:[[#@LINE-2]]: part_extent_cachep: refused (cannot-include): this file cannot include <linux/slab-static.h>, which every setup needs: {{.*(THIS_MODULE|struct module).*}}
// CHECK:     include-part.c:[[#@LINE-3]]: part_extent_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()

int __init part_init_extents(void)
{
	part_extent_cachep = KMEM_CACHE(part_extent,
					SLAB_RECLAIM_ACCOUNT | SLAB_PANIC);
	if (!part_extent_cachep)
		return -ENOMEM;
	return 0;
}

void part_exit_extents(void)
{
	kmem_cache_destroy(part_extent_cachep);
}

struct part_extent *part_alloc_extent(gfp_t flags)
{
	return kmem_cache_alloc(part_extent_cachep, flags);
}

void part_free_extent(struct part_extent *extent)
{
	kmem_cache_free(part_extent_cachep, extent);
}
