// RUN: %check --module -DMODULE %s %S/Inputs/fat-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/fat-cache.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Module exit trims the cache before it destroys it: fat_cache_shrink() and
// fat_cache_destroy() are in the other file.  In the twin the two calls are
// swapped in a cleanup, and the shrink works on a destroyed cache: only the
// whole module shows it, and the finding is on the use, in the other file.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

int fat_cache_init(void);
void fat_cache_destroy(void);
void fat_cache_shrink(void);

static int __init init_fat_fs(void)
{
	return fat_cache_init();
}

static void __exit exit_fat_fs(void)
{
#ifndef SLABCHECK_TWIN
	fat_cache_shrink();
	fat_cache_destroy();
#else
	fat_cache_destroy();
	fat_cache_shrink();
#endif
}

module_init(init_fat_fs)
module_exit(exit_fat_fs)
MODULE_LICENSE("GPL");
// TWIN: {{.*}}Inputs/fat-cache.c:41:2: warning: static cache 'fat_cache_instance' is passed to 'kmem_cache_shrink' after it was destroyed on this path [kmem-use-after-destroy]
//
//
