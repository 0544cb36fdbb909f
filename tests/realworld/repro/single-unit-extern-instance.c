// SPDX-License-Identifier: GPL-2.0
/*
 * Miss, kmem-module-leak (all four doors; by design, but worth a look).
 * Not from the corpus: every single-file module there keeps its
 * instances static.
 *
 * A module of one file whose instance has external linkage (the
 * "static" was forgotten, as sparse would point out) and whose exit
 * calls a kernel function before it forgets the destroy.
 *
 * slabcheck says nothing.  In one file, an instance with external
 * linkage may be destroyed by another file of the module once module
 * exit calls a function the file cannot see, so the exit check stays
 * silent and leaves it to the link step (docs/rules.md, "Teardown in
 * another file").  But a module of one unit is never linked ("A group of
 * one unit is not linked again", docs/link.md), not by "slabcheck
 * kbuild" either, where the .mod file says the module is complete.  So
 * the question is never answered.  It should say, at the setup (line
 * 43, column 9):
 *   warning: static cache 'foo_cache_instance' is not destroyed on every
 *   path out of module exit 'foo_exit' [kmem-module-leak]
 * as it does when the instance is static.
 *
 *   slabcheck single-unit-extern-instance.c -- -DMODULE -std=gnu11 -O2 \
 *	-nostdinc -isystem tests/include
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo {
	int a, b;
};

struct kmem_cache_opaque foo_cache_instance;	/* not static */
#define foo_cachep to_kmem_cache(&foo_cache_instance)

void kernel_unregister_thing(void);

static int __init foo_init(void)
{
	return kmem_cache_setup(foo_cachep, "foo", sizeof(struct foo), 0, 0, NULL);
}

static void __exit foo_exit(void)
{
	kernel_unregister_thing();
	/* kmem_cache_destroy(foo_cachep) forgotten */
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");

/*
 * Since commit 2a8d5a9, a module that kbuild's .mod file says is this one
 * unit is linked alone when it defines an instance with external linkage,
 * and the leak is reported (slabcheck kbuild, slabcheck link --kbuild;
 * tests/scripts/check-link.sh).  Given alone on the command line, as here,
 * the file may be one of several of its module: nothing is said.
 *
 * What slabcheck should print, for repro/check.sh (none: nothing):
 * Want: none
 */
