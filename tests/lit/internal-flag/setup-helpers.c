// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-internal-flag: SLAB_PREALLOCATED passed to the static-cache setup
// helpers and macros.  The message names the function the compiler really
// calls: the inline helper itself, or __kmem_cache_create_args() behind
// the macros.  The same calls without the flag stay silent.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct io_kiocb {
	void			*file;
	u64			user_data;
	u32			flags;
	u32			opcode;
	struct list_head	list;
};

struct io_buffer {
	struct list_head	list;
	u64			addr;
	u32			len;
	u16			bid;
	u16			bgid;
	u8			data[64];
};

struct io_timeout {
	u64			off;
	u64			target_seq;
	struct list_head	list;
};

static struct kmem_cache_opaque req_cache;
#define req_cachep to_kmem_cache(&req_cache)
static struct kmem_cache_opaque buf_cache;
#define buf_cachep to_kmem_cache(&buf_cache)
static struct kmem_cache_opaque timeout_cache;
#define timeout_cachep to_kmem_cache(&timeout_cache)
static struct kmem_cache_opaque copy_cache;
#define copy_cachep to_kmem_cache(&copy_cache)
static struct kmem_cache_opaque ev_cache;
#define ev_cachep to_kmem_cache(&ev_cache)
static struct kmem_cache_opaque good_cache;
#define good_cachep to_kmem_cache(&good_cache)

void __init io_uring_caches_init(void)
{
	kmem_cache_setup(req_cachep, "io_kiocb", sizeof(struct io_kiocb), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_PREALLOCATED,
			 NULL);
	// CHECK: {{.*}}[[@LINE-3]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]

	kmem_cache_setup_usercopy(buf_cachep, "io_buffer",
				  sizeof(struct io_buffer), 0,
				  SLAB_PREALLOCATED | SLAB_PANIC,
				  offsetof(struct io_buffer, data),
				  sizeof_field(struct io_buffer, data), NULL);
	// CHECK: {{.*}}[[@LINE-5]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup_usercopy' [kmem-internal-flag]

	KMEM_CACHE_SETUP(timeout_cachep, io_timeout,
			 SLAB_PANIC | SLAB_ACCOUNT | SLAB_PREALLOCATED);
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	KMEM_CACHE_SETUP_USERCOPY(copy_cachep, io_buffer,
				  SLAB_PANIC | SLAB_PREALLOCATED, data);
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	__KMEM_CACHE_SETUP(ev_cachep, "io_ev", sizeof(struct io_timeout),
			   SLAB_PREALLOCATED | SLAB_NO_MERGE | SLAB_PANIC,
			   .align = 8);
	// CHECK: {{.*}}[[@LINE-3]]:2: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	/* No merging and no panic are fine: they are not mm/'s own bit. */
	kmem_cache_setup(good_cachep, "io_good", sizeof(struct io_kiocb), 0,
			 SLAB_NO_MERGE | SLAB_PANIC | SLAB_TYPESAFE_BY_RCU, NULL);
}
