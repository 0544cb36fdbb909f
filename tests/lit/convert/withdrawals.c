// RUN: %convert %s -DMODULE | %filecheck %s
// RUN: %convert --patch %s -DMODULE > %t.diff
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/withdrawals.c
// RUN: cd %t.d && git apply %t.diff
// RUN: %check %t.d/withdrawals.c -DMODULE | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: the one converted cache's destroy dropped from exit.
// RUN: sed '/wd_exit/,/^}/{/kmem_cache_destroy(solo_cachep);/d}' %t.d/withdrawals.c > %t.d/leak.c
// RUN: %check %t.d/leak.c -DMODULE | %filecheck %s --check-prefix=LEAK
// REQUIRES: slabcheck-clang
// slabcheck convert: each cache the decision accepts but the patch cannot
// write is withdrawn with its reason, and the rest of the file still
// converts: the patch applies, and the file, half converted, is clean
// under every door.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/printk.h>

struct wd_item {
	unsigned long	key;
	void		*freeptr;
};

static struct kmem_cache *pair_a_cachep, *pair_b_cachep;
static struct kmem_cache *inline_cachep;
static struct kmem_cache *shared_args_a_cachep;
static struct kmem_cache *shared_args_b_cachep;
static struct kmem_cache *late_test_cachep;
static struct kmem_cache *busy_cachep;
static struct kmem_cache *solo_cachep;

// CHECK:      withdrawals.c:[[#@LINE-8]]: pair_a_cachep: refused (declaration-shape): its definition is not a declaration of its own, on a line of its own, written out in this file: the patch would have to guess
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: pair_b_cachep: refused (declaration-shape)
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: inline_cachep: refused (creation-shape): in wd_init it is assigned in an expression, not in a statement of its own that the patch can rewrite
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: shared_args_a_cachep: refused (args-form): its creation in wd_init takes a struct of arguments that the patch cannot write out as the setup's fields (one used elsewhere, a field not designated, a comment among them)
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: shared_args_b_cachep: refused (args-form)
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: late_test_cachep: refused (test-shape): its NULL test in wd_init is not an if or a return right after the creation, which the patch moves onto the setup
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: busy_cachep: refused (name-taken): the names the instance would take are used in this unit
// CHECK-NEXT: withdrawals.c:[[#@LINE-9]]: solo_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()

/* Every name the instance of busy_cachep could take is in use. */
static int busy_cache;
static int __busy_cachep;
static int busy_cachep_instance;

static int __init wd_init(void)
{
	struct kmem_cache_args args = {
		.use_freeptr_offset = true,
		.freeptr_offset = offsetof(struct wd_item, freeptr),
	};

	pair_a_cachep = KMEM_CACHE(wd_item, 0);
	if (!pair_a_cachep)
		return -ENOMEM;
	pair_b_cachep = KMEM_CACHE(wd_item, 0);
	if (!pair_b_cachep)
		goto out_a;
	if (!(inline_cachep = KMEM_CACHE(wd_item, 0)))
		goto out_b;
	shared_args_a_cachep = kmem_cache_create("wd_a", sizeof(struct wd_item),
						 &args, 0);
	if (!shared_args_a_cachep)
		goto out_inline;
	shared_args_b_cachep = kmem_cache_create("wd_b", sizeof(struct wd_item),
						 &args, 0);
	if (!shared_args_b_cachep)
		goto out_shared_a;
	late_test_cachep = KMEM_CACHE(wd_item, 0);
	pr_info("wd: caches created\n");
	if (!late_test_cachep)
		goto out_shared_b;
	busy_cachep = KMEM_CACHE(wd_item, 0);
	if (!busy_cachep)
		goto out_late;
	solo_cachep = KMEM_CACHE(wd_item, 0);
	if (!solo_cachep)
		goto out_busy;
	busy_cache = __busy_cachep = busy_cachep_instance = 1;
	return 0;

out_busy:
	kmem_cache_destroy(busy_cachep);
out_late:
	kmem_cache_destroy(late_test_cachep);
out_shared_b:
	kmem_cache_destroy(shared_args_b_cachep);
out_shared_a:
	kmem_cache_destroy(shared_args_a_cachep);
out_inline:
	kmem_cache_destroy(inline_cachep);
out_b:
	kmem_cache_destroy(pair_b_cachep);
out_a:
	kmem_cache_destroy(pair_a_cachep);
	return -ENOMEM;
}

static void __exit wd_exit(void)
{
	kmem_cache_destroy(solo_cachep);
	kmem_cache_destroy(busy_cachep);
	kmem_cache_destroy(late_test_cachep);
	kmem_cache_destroy(shared_args_b_cachep);
	kmem_cache_destroy(shared_args_a_cachep);
	kmem_cache_destroy(inline_cachep);
	kmem_cache_destroy(pair_b_cachep);
	kmem_cache_destroy(pair_a_cachep);
}

module_init(wd_init);
module_exit(wd_exit);
MODULE_LICENSE("GPL");

// CLEAN-NOT: [kmem-
// LEAK: leak.c:[[#]]:[[#]]: warning: static cache 'solo_cache' is not destroyed on every path out of module exit 'wd_exit' [kmem-module-leak]
//
