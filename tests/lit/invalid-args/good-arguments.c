// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-invalid-args look-alikes: the arguments real setups pass.  Default
// and power-of-two alignments, a usercopy region that is one field (by
// offsetof and sizeof_field), a custom free pointer inside the object of a
// SLAB_TYPESAFE_BY_RCU cache, the largest objects the allocator takes, and
// sizes and regions that are not constants (not judged).  The twin's free
// pointer offset points into the middle of a word.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>
#include <linux/spinlock.h>

struct file_min {
	spinlock_t		f_lock;
	unsigned int		f_flags;
	void			*f_op;
	u64			f_pos;
	char			f_name[32];
};

struct big_frame {
	u8	payload[4 << 20];
};

static struct kmem_cache_opaque filp_cache;
#define filp_cachep to_kmem_cache(&filp_cache)
static struct kmem_cache_opaque name_cache;
#define name_cachep to_kmem_cache(&name_cache)
static struct kmem_cache_opaque rcu_file_cache;
#define rcu_file_cachep to_kmem_cache(&rcu_file_cache)
static struct kmem_cache_opaque big_cache;
#define big_cachep to_kmem_cache(&big_cache)
static struct kmem_cache_opaque sized_cache;
#define sized_cachep to_kmem_cache(&sized_cache)

extern unsigned int frame_size;

void __init files_caches_init(void)
{
	kmem_cache_setup(filp_cachep, "filp", sizeof(struct file_min), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
	KMEM_CACHE_SETUP_USERCOPY(name_cachep, file_min, SLAB_PANIC, f_name);
#ifdef SLABCHECK_TWIN
	// TWIN: {{.*}}[[@LINE+1]]:2: warning: static cache 'rcu_file_cache': the free pointer offset 12 is not aligned to a pointer; the setup fails [kmem-invalid-args]
	__KMEM_CACHE_SETUP(rcu_file_cachep, "rcu_file", sizeof(struct file_min),
			   SLAB_PANIC | SLAB_TYPESAFE_BY_RCU,
			   .freeptr_offset = offsetof(struct file_min, f_flags) + 8,
			   .use_freeptr_offset = true, .align = 64);
#else
	__KMEM_CACHE_SETUP(rcu_file_cachep, "rcu_file", sizeof(struct file_min),
			   SLAB_PANIC | SLAB_TYPESAFE_BY_RCU,
			   .freeptr_offset = offsetof(struct file_min, f_op),
			   .use_freeptr_offset = true, .align = 64);
#endif
	KMEM_CACHE_SETUP(big_cachep, big_frame, SLAB_PANIC);
	kmem_cache_setup_usercopy(sized_cachep, "sized", frame_size, 0,
				  SLAB_PANIC, 0, frame_size, NULL);
}
