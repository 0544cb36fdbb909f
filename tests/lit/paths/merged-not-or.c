// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -O2 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -O2 -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O2 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// `!(a || b)` and `!a && !b` on integers, which GCC folds into one test of
// `(a | b) == 0` before the plugin sees the function, and `a || b`, into
// `(a | b) != 0`.  After a registration failed and the cache was destroyed,
// the code goes on to allocate only when nothing failed; the engine must
// see that the failure already decided the test, or the allocation seems
// to use the destroyed cache (a false kmem-use-after-destroy).  The twins
// test the wrong value and do use it.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ext4_io_end {
	struct list_head	list;
	void			*handle;
	unsigned int		flag;
	int			result;
};

struct ext4_pending {
	u64			lclu;
	struct list_head	list;
};

static struct kmem_cache_opaque io_end_cache;
#define io_end_cachep to_kmem_cache(&io_end_cache)
static struct kmem_cache_opaque pending_cache;
#define pending_cachep to_kmem_cache(&pending_cache)

int ext4_register_io(void);
int ext4_register_pending(void);
void ext4_prime(struct ext4_io_end *io);
void ext4_prime_pending(struct ext4_pending *pr);

int __init ext4_init_io(int readonly)
{
	struct ext4_io_end *io;
	int err;

	err = kmem_cache_setup(io_end_cachep, "ext4_io_end",
			       sizeof(struct ext4_io_end), 0, 0, NULL);
	if (err)
		return err;
	err = ext4_register_io();
	if (err)
		kmem_cache_destroy(io_end_cachep);
#ifdef SLABCHECK_TWIN
	if (!readonly) {
#else
	if (!(err || readonly)) {
#endif
		// TWIN: {{.*}}[[@LINE+2]]:8: warning: static cache 'io_end_cache' is passed to 'kmem_cache_alloc_noprof' after it was destroyed on this path [kmem-use-after-destroy]
		//
		io = kmem_cache_alloc(io_end_cachep, GFP_KERNEL);
		ext4_prime(io);
	}
	return err;
}

int __init ext4_init_pending(int readonly)
{
	struct ext4_pending *pr;
	int err;

	err = kmem_cache_setup(pending_cachep, "ext4_pending",
			       sizeof(struct ext4_pending), 0, 0, NULL);
	if (err)
		return err;
	err = ext4_register_pending();
	if (err)
		kmem_cache_destroy(pending_cachep);
#ifdef SLABCHECK_TWIN
	if (readonly)
#else
	if (err || readonly)
#endif
		return err;
	// TWIN: {{.*}}[[@LINE+2]]:7: warning: static cache 'pending_cache' is passed to 'kmem_cache_alloc_noprof' after it was destroyed on this path [kmem-use-after-destroy]
	//
	pr = kmem_cache_alloc(pending_cachep, GFP_KERNEL);
	ext4_prime_pending(pr);
	return 0;
}
