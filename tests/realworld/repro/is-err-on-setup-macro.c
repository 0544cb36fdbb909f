// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-unchecked-setup (all four doors), a known limit in
 * docs/rules.md.  Shape of modules/xfrm6_tunnel, mutant
 * setup-tested-with-is-err: code ported from the RFC tree, where the
 * setup macros return an ERR_PTR on failure.
 *
 * In 6.12, KMEM_CACHE_SETUP() returns NULL on failure, which IS_ERR()
 * does not see: module init returns 0 with a zeroed instance, and the
 * first allocation crashes.
 *
 * slabcheck says nothing.  It should give a kmem-unchecked-setup finding
 * at the macro (line 37, column 13): the only test of the result is one
 * that a failure never passes.  The result is read, so it is not
 * "ignored"; "tested with IS_ERR() alone, which a NULL from a failed
 * setup does not pass" could be a message of its own (IS_ERR_OR_NULL()
 * and "!" are right).
 *
 *   slabcheck is-err-on-setup-macro.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo_spi {
	int a, b;
};

static struct kmem_cache_opaque foo_spi_kmem_instance;
#define foo_spi_kmem to_kmem_cache(&foo_spi_kmem_instance)

static int __init foo_init(void)
{
	if (IS_ERR(KMEM_CACHE_SETUP(foo_spi_kmem, foo_spi,
				    SLAB_HWCACHE_ALIGN)))
		return -ENOMEM;
	return 0;
}

static void __exit foo_exit(void)
{
	kmem_cache_destroy(foo_spi_kmem);
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: is-err-on-setup-macro.c:37:13: kmem-unchecked-setup
 */
