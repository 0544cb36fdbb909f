// RUN: %check --module -DMODULE %s %S/Inputs/fat-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/fat-cache.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// drivers/md/dm.c's shape across files: module init and exit run tables
// of init and exit functions, some of them in another file of the module
// (fat_cache_init() and fat_cache_destroy() are in the cache file).  The
// link follows the calls through the tables into that file.  In the twin
// the exit table forgets fat_cache_destroy(): the cache outlives the module.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

int fat_cache_init(void);
void fat_cache_destroy(void);

static int __init local_init(void)
{
	return 0;
}

static void local_exit(void)
{
}

static int (*_inits[])(void) __initdata = {
	local_init,
	fat_cache_init,
};

static void (*_exits[])(void) = {
	local_exit,
#ifndef SLABCHECK_TWIN
	fat_cache_destroy,
#endif
};

static int __init dm_like_init(void)
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

static void __exit dm_like_exit(void)
{
	int i = ARRAY_SIZE(_exits);

	while (i--)
		_exits[i]();
}

module_init(dm_like_init);
module_exit(dm_like_exit);
MODULE_LICENSE("GPL");
// TWIN: {{.*}}Inputs/fat-cache.c:28:9: warning: static cache 'fat_cache_instance' is not destroyed on every path out of module exit 'dm_like_exit' [kmem-module-leak]
//
