// SPDX-License-Identifier: GPL-2.0
/* Module init and exit of dynamic-destroy-hides-exit-leak: see cache.c. */
#include <linux/init.h>
#include <linux/module.h>

int foo_init_caches(void);
void foo_destroy_caches(void);

static int __init foo_init(void)
{
	return foo_init_caches();
}

static void __exit foo_exit(void)
{
	foo_destroy_caches();
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: cache.c:42:9: kmem-module-leak
 */
