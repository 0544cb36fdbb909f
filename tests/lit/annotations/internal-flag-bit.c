// RUN: %stock-sparse %s 2>&1 | %filecheck --allow-empty %s
// RUN: %stock-sparse -DSLABCHECK_TWIN %s 2>&1 | %filecheck --check-prefix=TWIN %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=OURS %s
//
// What stock sparse catches with the annotations of sparse-annotations/
// alone (docs/sparse-annotations.md): SLAB_PREALLOCATED's bit has a
// restricted type under __CHECKER__, so a flag made of it outside mm/ gets
// sparse's restricted-type warning; the flags callers may pass, and mm/'s
// own __force spelling, stay silent.  slabcheck-sparse sees the plain
// enumerator (__SLABCHECK__) and reports its own finding instead.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_page_min {
	unsigned long	index;
	unsigned int	offset;
};

static struct kmem_cache_opaque nfs_page_cache;
#define nfs_page_cachep to_kmem_cache(&nfs_page_cache)

slab_flags_t nfs_mm_flags(void);
int nfs_page_cache_init(void);

/* mm/'s spelling of its own flag: forced, so silent. */
slab_flags_t nfs_mm_flags(void)
{
	return __SLAB_FLAG_BIT((unsigned int __force)_SLAB_PREALLOCATED);
}

int __init nfs_page_cache_init(void)
{
	slab_flags_t flags = SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT;

#ifdef SLABCHECK_TWIN
	// TWIN: {{.*}}[[@LINE+2]]:{{[0-9]+}}: warning: restricted slab_internal_bit_t degrades to integer
	// OURS: {{.*}}[[@LINE+3]]:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	flags |= __SLAB_FLAG_BIT(_SLAB_PREALLOCATED);
#endif
	return kmem_cache_setup(nfs_page_cachep, "nfs_page",
				sizeof(struct nfs_page_min), 0, flags, NULL);
}
