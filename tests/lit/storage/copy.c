// RUN: %check -Wno-psabi %s | %filecheck %s
//
// kmem-storage: copying a struct kmem_cache_opaque by value duplicates a
// live cache that mm/ tracks by address (an assignment, reported at its
// '=', or a by-value argument, reported at the call).  Taking its address, its size or its type copies nothing.
// (-Wno-psabi: x86-64 GCC otherwise notes that passing a 64-byte aligned
// struct by value changed ABI in GCC 4.6.)
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kvm_vcpu_min {
	int			cpu;
	int			vcpu_id;
	u64			requests;
	struct list_head	blocked_vcpu_list;
};

static struct kmem_cache_opaque kvm_vcpu_cache;
#define kvm_vcpu_cachep to_kmem_cache(&kvm_vcpu_cache)

/* Meant as a debugging snapshot. */
static struct kmem_cache_opaque kvm_vcpu_cache_snapshot;

void kvm_dump_cache_state(struct kmem_cache_opaque state);
void kvm_dump_cache_ptr(const struct kmem_cache_opaque *state, size_t size);

int __init kvm_vcpu_cache_init(void)
{
	return kmem_cache_setup_usercopy(kvm_vcpu_cachep, "kvm_vcpu",
					 sizeof(struct kvm_vcpu_min), 0,
					 SLAB_ACCOUNT,
					 offsetof(struct kvm_vcpu_min, requests),
					 sizeof_field(struct kvm_vcpu_min, requests),
					 NULL);
}

void kvm_debug_snapshot(void)
{
	kvm_vcpu_cache_snapshot = kvm_vcpu_cache;
	// CHECK: {{.*}}[[@LINE-1]]:26: warning: static cache 'kvm_vcpu_cache' is copied by value [kmem-storage]
}

void kvm_debug_dump(void)
{
	typeof(kvm_vcpu_cache) *p = &kvm_vcpu_cache;

	kvm_dump_cache_ptr(p, sizeof(kvm_vcpu_cache));
	kvm_dump_cache_state(kvm_vcpu_cache);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: static cache 'kvm_vcpu_cache' is copied by value [kmem-storage]
}
