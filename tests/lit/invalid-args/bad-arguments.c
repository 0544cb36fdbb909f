// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-invalid-args: constants that make a setup fail or build another
// cache than the one asked for, through each setup spelling.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sctp_chunk_min {
	struct list_head	list;
	u32			tsn;
	u16			len;
	u16			flags;
	u8			data[64];
};

struct jumbo_frame {
	u8	payload[8 << 20];
};

static struct kmem_cache_opaque chunk_cache;
#define chunk_cachep to_kmem_cache(&chunk_cache)
static struct kmem_cache_opaque bind_cache;
#define bind_cachep to_kmem_cache(&bind_cache)
static struct kmem_cache_opaque jumbo_cache;
#define jumbo_cachep to_kmem_cache(&jumbo_cache)
static struct kmem_cache_opaque anon_cache;
#define anon_cachep to_kmem_cache(&anon_cache)
static struct kmem_cache_opaque user_cache;
#define user_cachep to_kmem_cache(&user_cache)
static struct kmem_cache_opaque rcu_cache;
#define rcu_cachep to_kmem_cache(&rcu_cache)
static struct kmem_cache_opaque empty_cache;
#define empty_cachep to_kmem_cache(&empty_cache)

void __init sctp_caches_init(void)
{
	/* Three words of alignment is not an alignment. */
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'chunk_cache': the alignment 24 is not a power of two; object sizes are rounded as if it were [kmem-invalid-args]
	kmem_cache_setup(chunk_cachep, "sctp_chunk",
			 sizeof(struct sctp_chunk_min), 24, SLAB_PANIC, NULL);
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'bind_cache': the alignment 48 is not a power of two; object sizes are rounded as if it were [kmem-invalid-args]
	__KMEM_CACHE_SETUP(bind_cachep, "sctp_bind", sizeof(struct sctp_chunk_min),
			   SLAB_PANIC, .align = 48);
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'jumbo_cache': objects of 8388608 bytes are larger than the slab allocator's largest (4194304); the setup fails [kmem-invalid-args]
	KMEM_CACHE_SETUP(jumbo_cachep, jumbo_frame, SLAB_PANIC);
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'anon_cache' is set up without a name; the setup fails or crashes in sysfs [kmem-invalid-args]
	kmem_cache_setup(anon_cachep, NULL, sizeof(struct sctp_chunk_min), 0,
			 SLAB_PANIC, NULL);
	/* The region was meant to be data[], but the size is the struct's. */
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'user_cache': the usercopy region (offset 24, 88 bytes) does not fit in 88-byte objects; the region is dropped [kmem-invalid-args]
	kmem_cache_setup_usercopy(user_cachep, "sctp_user",
				  sizeof(struct sctp_chunk_min), 0, SLAB_PANIC,
				  offsetof(struct sctp_chunk_min, data),
				  sizeof(struct sctp_chunk_min), NULL);
	/* A custom free pointer needs SLAB_TYPESAFE_BY_RCU. */
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'rcu_cache': the free pointer offset 16 is given without SLAB_TYPESAFE_BY_RCU; the setup fails [kmem-invalid-args]
	__KMEM_CACHE_SETUP(rcu_cachep, "sctp_rcu", sizeof(struct sctp_chunk_min),
			   SLAB_PANIC, .freeptr_offset = 16,
			   .use_freeptr_offset = true);
	/* A size computed from an empty configuration. */
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: static cache 'empty_cache' is set up with an object size of 0; the setup fails [kmem-invalid-args]
	kmem_cache_setup(empty_cachep, "sctp_empty", 0 * sizeof(u64), 0,
			 SLAB_PANIC, NULL);
}
