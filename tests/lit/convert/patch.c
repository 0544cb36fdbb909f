// RUN: %convert --patch %s -DMODULE > %t.diff
// RUN: %filecheck %s --check-prefix=PATCH < %t.diff
// RUN: %convert %s -DMODULE | %filecheck %s --check-prefix=TABLE
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/patch.c
// RUN: cd %t.d && git apply %t.diff
// RUN: %check %t.d/patch.c -DMODULE | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: the converted module with one destroy dropped from its exit.
// RUN: sed '/fold_exit/,/^}/{/kmem_cache_destroy(fold_cachep);/d}' %t.d/patch.c > %t.d/leak.c
// RUN: %check %t.d/leak.c -DMODULE | %filecheck %s --check-prefix=LEAK
// REQUIRES: slabcheck-clang
// slabcheck convert writes the patch in the series' shape, and the
// converted module is clean under every door.  Each creation is written
// the way drivers write it: the init_inodecache() helper whose NULL test
// and "return 0" fold into "return kmem_cache_setup(...)", a KMEM_CACHE()
// tested with unlikely(), a return of "p ? 0 : -ENOMEM", a SLAB_PANIC
// creation nobody tests, NULL written back after the destroy.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/cache.h>
#include <linux/printk.h>

struct fold_inode {
	unsigned long	ino;
	char		symlink[32];
};

struct pkt_entry {
	unsigned long	seq;
	void		*payload;
};

static struct kmem_cache * fold_cachep;
static struct kmem_cache *pkt_cachep __read_mostly;
static struct kmem_cache *req_cache;
static struct kmem_cache *panic_cachep __ro_after_init; /* never NULL */

// TABLE:      patch.c:[[#@LINE-5]]: fold_cachep: converted: kmem_cache_create_usercopy() becomes kmem_cache_setup_usercopy()
// TABLE-NEXT: patch.c:[[#@LINE-5]]: pkt_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// TABLE-NEXT: patch.c:[[#@LINE-5]]: req_cache: converted: kmem_cache_create() becomes kmem_cache_setup()
// TABLE-NEXT: patch.c:[[#@LINE-5]]: panic_cachep: converted: kmem_cache_create() becomes kmem_cache_setup(), __ro_after_init dropped

// PATCH:      --- a/patch.c
// PATCH-NEXT: +++ b/patch.c
// PATCH-NEXT: @@ -19,6 +19,7 @@
// PATCH-NEXT:  #include <linux/slab.h>
// PATCH-NEXT:  #include <linux/cache.h>
// PATCH-NEXT:  #include <linux/printk.h>
// PATCH-NEXT: +#include <linux/slab-static.h>
// PATCH-NEXT: {{^ $}}
// PATCH-NEXT:  struct fold_inode {
// PATCH-NEXT:  	unsigned long	ino;
// PATCH-NEXT: @@ -30,10 +31,14 @@
// PATCH-NEXT:  	void		*payload;
// PATCH-NEXT:  };
// PATCH-NEXT: {{^ $}}
// PATCH-NEXT: -static struct kmem_cache * fold_cachep;
// PATCH-NEXT: -static struct kmem_cache *pkt_cachep __read_mostly;
// PATCH-NEXT: -static struct kmem_cache *req_cache;
// PATCH-NEXT: -static struct kmem_cache *panic_cachep __ro_after_init; /* never NULL */
// PATCH-NEXT: +static struct kmem_cache_opaque fold_cache;
// PATCH-NEXT: +#define fold_cachep to_kmem_cache(&fold_cache)
// PATCH-NEXT: +static struct kmem_cache_opaque pkt_cache;
// PATCH-NEXT: +#define pkt_cachep to_kmem_cache(&pkt_cache)
// PATCH-NEXT: +static struct kmem_cache_opaque __req_cache;
// PATCH-NEXT: +#define req_cache to_kmem_cache(&__req_cache)
// PATCH-NEXT: +static struct kmem_cache_opaque panic_cache;
// PATCH-NEXT: +#define panic_cachep to_kmem_cache(&panic_cache) /* never NULL */

static int __init init_foldcache(void)
{
	fold_cachep = kmem_cache_create_usercopy("fold_inode_cache",
				sizeof(struct fold_inode), 0,
				(SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT),
				offsetof(struct fold_inode, symlink),
				sizeof_field(struct fold_inode, symlink),
				NULL);
	if (fold_cachep == NULL)
		return -ENOMEM;
	return 0;
}
// PATCH:      -	fold_cachep = kmem_cache_create_usercopy("fold_inode_cache",
// PATCH-NEXT: +	return kmem_cache_setup_usercopy(fold_cachep, "fold_inode_cache",
// PATCH-NEXT:  				sizeof(struct fold_inode), 0,
// PATCH-NEXT:  				(SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT),
// PATCH-NEXT:  				offsetof(struct fold_inode, symlink),
// PATCH-NEXT:  				sizeof_field(struct fold_inode, symlink),
// PATCH-NEXT:  				NULL);
// PATCH-NEXT: -	if (fold_cachep == NULL)
// PATCH-NEXT: -		return -ENOMEM;
// PATCH-NEXT: -	return 0;
// PATCH-NEXT:  }

static int pkt_cache_init(void)
{
	pkt_cachep = KMEM_CACHE(pkt_entry, SLAB_HWCACHE_ALIGN);
	if (unlikely(!pkt_cachep)) {
		pr_err("pkt: no cache\n");
		return -ENOMEM;
	}
	return 0;
}
// PATCH:      -	pkt_cachep = KMEM_CACHE(pkt_entry, SLAB_HWCACHE_ALIGN);
// PATCH-NEXT: -	if (unlikely(!pkt_cachep)) {
// PATCH-NEXT: +	if (unlikely(!KMEM_CACHE_SETUP(pkt_cachep, pkt_entry, SLAB_HWCACHE_ALIGN))) {
// PATCH-NEXT:  		pr_err("pkt: no cache\n");

static int req_init(void)
{
	req_cache = kmem_cache_create("req_cache", 64, 0, SLAB_ACCOUNT, NULL);
	return req_cache ? 0 : -ENOMEM;
}
// PATCH:      -	req_cache = kmem_cache_create("req_cache", 64, 0, SLAB_ACCOUNT, NULL);
// PATCH-NEXT: -	return req_cache ? 0 : -ENOMEM;
// PATCH-NEXT: +	return kmem_cache_setup(req_cache, "req_cache", 64, 0, SLAB_ACCOUNT, NULL);

static int __init fold_init(void)
{
	int err;

	panic_cachep = kmem_cache_create("panic_cache", 128, 0,
					 SLAB_PANIC, NULL);
	err = init_foldcache();
	if (err)
		goto out_panic;
	err = pkt_cache_init();
	if (err)
		goto out_fold;
	err = req_init();
	if (err)
		goto out_pkt;
	return 0;
out_pkt:
	kmem_cache_destroy(pkt_cachep);
out_fold:
	kmem_cache_destroy(fold_cachep);
out_panic:
	kmem_cache_destroy(panic_cachep);
	return err;
}
// PATCH:      -	panic_cachep = kmem_cache_create("panic_cache", 128, 0,
// PATCH-NEXT: -					 SLAB_PANIC, NULL);
// PATCH-NEXT: +	kmem_cache_setup(panic_cachep, "panic_cache", 128, 0,
// PATCH-NEXT: +			 SLAB_PANIC, NULL);

static void __exit fold_exit(void)
{
	kmem_cache_destroy(req_cache);
	kmem_cache_destroy(pkt_cachep);
	pkt_cachep = NULL;
	kmem_cache_destroy(fold_cachep);
	kmem_cache_destroy(panic_cachep);
}
// PATCH:       	kmem_cache_destroy(pkt_cachep);
// PATCH-NEXT: -	pkt_cachep = NULL;
// PATCH-NEXT:  	kmem_cache_destroy(fold_cachep);

// CLEAN-NOT: [kmem-
// LEAK: leak.c:[[#]]:[[#]]: warning: static cache 'fold_cache' is not destroyed on every path out of module exit 'fold_exit' [kmem-module-leak]
//

module_init(fold_init);
module_exit(fold_exit);
MODULE_LICENSE("GPL");
