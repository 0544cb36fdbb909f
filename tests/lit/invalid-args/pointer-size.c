// A custom free pointer's offset must be a multiple of the target's pointer
// size: 8 bytes on 64-bit targets, 4 on 32-bit ones (--32-bit: -m32, or
// the cross GCC's own option).  Offsets
// 4 and 12 fail the setup on the first and are fine on the second; offset 6
// fails on both.
// RUN: %check %s | %filecheck %s --check-prefixes=CHECK,WIDE
// RUN: %check --32-bit %s | %filecheck %s --check-prefixes=CHECK,NARROW
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct request_slot {
	unsigned int	tag;
	unsigned int	state;
	unsigned int	retries;
	unsigned int	flags;
	void		*owner;
	unsigned long	deadline;
};

static struct kmem_cache_opaque slot_cache;
#define slot_cachep to_kmem_cache(&slot_cache)
static struct kmem_cache_opaque retry_cache;
#define retry_cachep to_kmem_cache(&retry_cache)
static struct kmem_cache_opaque owner_cache;
#define owner_cachep to_kmem_cache(&owner_cache)
static struct kmem_cache_opaque odd_cache;
#define odd_cachep to_kmem_cache(&odd_cache)

static int __init slots_init(void)
{
	// WIDE: {{.*}}[[@LINE+2]]:7: warning: static cache 'slot_cache': the free pointer offset 4 is not aligned to a pointer; the setup fails [kmem-invalid-args]
	// NARROW-NOT: 'slot_cache'
	if (!__KMEM_CACHE_SETUP(slot_cachep, "request_slot",
				sizeof(struct request_slot),
				SLAB_TYPESAFE_BY_RCU,
				.freeptr_offset = offsetof(struct request_slot, state),
				.use_freeptr_offset = true))
		return -ENOMEM;
	// WIDE: {{.*}}[[@LINE+2]]:7: warning: static cache 'retry_cache': the free pointer offset 12 is not aligned to a pointer; the setup fails [kmem-invalid-args]
	// NARROW-NOT: 'retry_cache'
	if (!__KMEM_CACHE_SETUP(retry_cachep, "request_retry",
				sizeof(struct request_slot),
				SLAB_TYPESAFE_BY_RCU,
				.freeptr_offset = offsetof(struct request_slot, flags),
				.use_freeptr_offset = true))
		goto out_slot;
	/* The pointer member is aligned on every target. */
	if (!__KMEM_CACHE_SETUP(owner_cachep, "request_owner",
				sizeof(struct request_slot),
				SLAB_TYPESAFE_BY_RCU,
				.freeptr_offset = offsetof(struct request_slot, owner),
				.use_freeptr_offset = true))
		goto out_retry;
	// CHECK: {{.*}}[[@LINE+1]]:7: warning: static cache 'odd_cache': the free pointer offset 6 is not aligned to a pointer; the setup fails [kmem-invalid-args]
	if (!__KMEM_CACHE_SETUP(odd_cachep, "request_odd",
				sizeof(struct request_slot),
				SLAB_TYPESAFE_BY_RCU, .freeptr_offset = 6,
				.use_freeptr_offset = true))
		goto out_owner;
	return 0;

out_owner:
	kmem_cache_destroy(owner_cachep);
out_retry:
	kmem_cache_destroy(retry_cachep);
out_slot:
	kmem_cache_destroy(slot_cachep);
	return -ENOMEM;
}

static void __exit slots_exit(void)
{
	kmem_cache_destroy(odd_cachep);
	kmem_cache_destroy(owner_cachep);
	kmem_cache_destroy(retry_cachep);
	kmem_cache_destroy(slot_cachep);
}
module_init(slots_init);
module_exit(slots_exit);
// CHECK-NOT: warning:
