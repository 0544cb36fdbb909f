// RUN: %check -DMODULE --disable=kmem-unchecked-setup %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE --disable=kmem-unchecked-setup -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alikes: the pointer-returning setup macros
// (KMEM_CACHE_SETUP(), KMEM_CACHE_SETUP_USERCOPY(), __KMEM_CACHE_SETUP())
// tested with IS_ERR() and returned with PTR_ERR(), the shape of the RFC's
// own setup helpers.  Returning PTR_ERR() of a setup that failed leaves
// nothing set up.  (IS_ERR() alone never sees the NULL a failed setup
// returns: kmem-unchecked-setup reports that, in
// unchecked-setup/error-pointer-test.c, and is off here.)  sparse inlines IS_ERR() and PTR_ERR()
// and its optimizer makes PTR_ERR(s) the pointer itself: the init must
// still be seen to return an errno there, not the cache.  The twin's
// unwinding forgets the first cache.
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct seq_op_rec {
	struct list_head	list;
	unsigned long		flags;
	char			buf[32];
};

static struct kmem_cache_opaque seq_rec_cache;
#define seq_rec_cachep to_kmem_cache(&seq_rec_cache)
static struct kmem_cache_opaque seq_buf_cache;
#define seq_buf_cachep to_kmem_cache(&seq_buf_cache)
static struct kmem_cache_opaque seq_raw_cache;
#define seq_raw_cachep to_kmem_cache(&seq_raw_cache)

int seq_ops_register(void);
void seq_ops_unregister(void);

static int __init seq_ops_init(void)
{
	struct kmem_cache *s;
	int err;

	s = KMEM_CACHE_SETUP(seq_rec_cachep, seq_op_rec, SLAB_ACCOUNT);
	// TWIN: {{.*}}[[@LINE-1]]:6: warning: static cache 'seq_rec_cache' stays set up when module init 'seq_ops_init' fails [kmem-module-leak]
	//
	if (IS_ERR(s))
		return PTR_ERR(s);
	s = KMEM_CACHE_SETUP_USERCOPY(seq_buf_cachep, seq_op_rec, 0, buf);
	if (IS_ERR(s)) {
		err = PTR_ERR(s);
		goto out_rec;
	}
	s = __KMEM_CACHE_SETUP(seq_raw_cachep, "seq_raw", 64, SLAB_HWCACHE_ALIGN);
	if (IS_ERR(s)) {
		err = PTR_ERR(s);
		goto out_buf;
	}
	err = seq_ops_register();
	if (err)
		goto out_raw;
	return 0;

out_raw:
	kmem_cache_destroy(seq_raw_cachep);
out_buf:
	kmem_cache_destroy(seq_buf_cachep);
out_rec:
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(seq_rec_cachep);
#endif
	return err;
}

static void __exit seq_ops_exit(void)
{
	seq_ops_unregister();
	kmem_cache_destroy(seq_raw_cachep);
	kmem_cache_destroy(seq_buf_cachep);
	kmem_cache_destroy(seq_rec_cachep);
}
module_init(seq_ops_init);
module_exit(seq_ops_exit);
