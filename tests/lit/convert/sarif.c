// RUN: %convert --sarif %s -DMODULE > %t.sarif
// RUN: %sarif-fixes results %t.sarif | %filecheck %s --check-prefix=RESULTS
// Every fix applied gives the text the unified diff gives.
// RUN: %convert --patch %s -DMODULE > %t.diff
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/sarif.c
// RUN: cd %t.d && git apply %t.diff
// RUN: %sarif-fixes apply %t.sarif %s all > %t.all.c
// RUN: diff %t.d/sarif.c %t.all.c
// Each fix applies on its own: the file builds and is clean with one
// cache converted, and the converted cache's twin (its destroy dropped
// from exit) is caught.
// RUN: %sarif-fixes apply %t.sarif %s blk_cachep > %t.d/blk.c
// RUN: %check %t.d/blk.c -DMODULE | %filecheck --allow-empty %s --check-prefix=CLEAN
// RUN: sed '/^static void __exit/,/^}/{/kmem_cache_destroy(blk_cachep);/d}' %t.d/blk.c > %t.d/blk-leak.c
// RUN: %check %t.d/blk-leak.c -DMODULE | %filecheck %s --check-prefix=LEAK
// RUN: %sarif-fixes apply %t.sarif %s seg_cachep > %t.d/seg.c
// RUN: %check %t.d/seg.c -DMODULE | %filecheck --allow-empty %s --check-prefix=CLEAN
// REQUIRES: slabcheck-clang
// slabcheck convert --format=sarif: each pointer a result at its
// definition, a conversion with its fix, a refusal with its reason; the
// fixes place their edits by code points, and the comment below is not
// ASCII, so that counting bytes would put every later edit off.
//
// Blöcke und Segmente: zwei Caches für den Treiber, einer geprüft.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct blk_req {
	unsigned long	sector;
	void		*page;
};

struct seg_desc {
	unsigned int	length;
	char		name[16];
};

static struct kmem_cache *blk_cachep __ro_after_init;
static struct kmem_cache *seg_cachep;
static struct kmem_cache *probe_cachep;

// RESULTS:      convert warning blk_cachep KMEM_CACHE_SETUP fixes=1 sarif.c:[[#@LINE-4]]
// RESULTS-NEXT: convert warning seg_cachep kmem_cache_setup_usercopy fixes=1 sarif.c:[[#@LINE-4]]
// RESULTS-NEXT: convert-refused note probe_cachep null-tested fixes=0 sarif.c:[[#@LINE-4]]

// CLEAN-NOT: warning:
// LEAK: blk-leak.c:[[#]]:[[#]]: warning: static cache 'blk_cache' is not destroyed on every path out of module exit 'blk_exit' [kmem-module-leak]
//

bool blk_probe_ready(void)
{
	return probe_cachep != NULL;
}

static int __init blk_init(void)
{
	blk_cachep = KMEM_CACHE(blk_req, SLAB_HWCACHE_ALIGN);
	if (!blk_cachep)
		return -ENOMEM;
	seg_cachep = kmem_cache_create_usercopy("seg_desc",
				sizeof(struct seg_desc), 0, SLAB_ACCOUNT,
				offsetof(struct seg_desc, name),
				sizeof_field(struct seg_desc, name), NULL);
	if (!seg_cachep) {
		kmem_cache_destroy(blk_cachep);
		return -ENOMEM;
	}
	probe_cachep = KMEM_CACHE(blk_req, 0);
	return 0;
}

static void __exit blk_exit(void)
{
	kmem_cache_destroy(probe_cachep);
	kmem_cache_destroy(seg_cachep);
	kmem_cache_destroy(blk_cachep);
}

module_init(blk_init);
module_exit(blk_exit);
MODULE_LICENSE("GPL");
