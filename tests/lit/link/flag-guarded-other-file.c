// RUN: %check --module -DMODULE %s %S/Inputs/zcomp-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/zcomp-cache.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// A module in two files whose cache is destroyed under a "ready" flag in
// the other file (Inputs/zcomp-cache.c): linked as one module, the branch
// on the flag is module state the walk cannot know, as in one file
// (module-leak/flag-guarded-teardown.c), so the facts files carry it.  In
// the twin the cleanup returns early when the device is busy, a branch on
// an argument: the leak on that path is found by the link step.
#include <linux/init.h>
#include <linux/module.h>

int zcomp_cache_init(void);
void zcomp_cache_cleanup(bool busy);
bool zram_busy(void);

static int __init zram_init(void)
{
	return zcomp_cache_init();
}
module_init(zram_init);

// TWIN: {{.*}}zcomp-cache.c:{{[0-9]+}}:{{[0-9]+}}: warning: static cache 'zcomp_entry_cache' is not destroyed on every path out of module exit 'zram_exit' [kmem-module-leak]
//
static void __exit zram_exit(void)
{
	zcomp_cache_cleanup(zram_busy());
}
module_exit(zram_exit);
MODULE_LICENSE("GPL");
