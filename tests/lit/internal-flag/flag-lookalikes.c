// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-internal-flag look-alikes: SLAB_PREALLOCATED named in code that
// does not pass it to a cache constructor.  A wrapper that strips it from
// caller-supplied flags, a check that rejects it, a debug print of it, and
// flags that merely sit next to it in the enum.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kvm_mmu_page {
	struct list_head	link;
	u64			gfn;
	u32			role;
	int			root_count;
	u64			*spt;
};

struct kvm_rmap_head {
	unsigned long		val;
};

static struct kmem_cache_opaque mmu_page_header_cache;
#define mmu_page_header_cachep to_kmem_cache(&mmu_page_header_cache)

void kvm_report_flags(const char *what, slab_flags_t flags);

/* Callers may hand in anything; mm/'s own bit never gets through. */
struct kmem_cache *kvm_create_cache(const char *name, unsigned int size,
				    slab_flags_t flags)
{
	return kmem_cache_create(name, size, 0, flags & ~SLAB_PREALLOCATED,
				 NULL);
}

int kvm_check_cache_flags(slab_flags_t flags)
{
	if (flags & SLAB_PREALLOCATED) {
		kvm_report_flags("rejected", flags);
		return -EINVAL;
	}
	return 0;
}

int __init kvm_mmu_vendor_module_init(void)
{
	slab_flags_t flags = SLAB_ACCOUNT | SLAB_NO_MERGE;

	pr_debug("kvm: internal bit is %#x\n", (unsigned int)SLAB_PREALLOCATED);
	kvm_report_flags("mmu_page_header", flags);

	if (kvm_check_cache_flags(flags))
		return -EINVAL;

#ifdef SLABCHECK_TWIN
	/* The check above ran on the flags before this bit joined them. */
	flags |= SLAB_PREALLOCATED;
#endif
	// TWIN: {{.*}}[[@LINE+1]]:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	return kmem_cache_setup(mmu_page_header_cachep, "kvm_mmu_page_header",
				sizeof(struct kvm_mmu_page), 0,
				flags | SLAB_NO_OBJ_EXT | SLAB_RECLAIM_ACCOUNT,
				NULL);
}
