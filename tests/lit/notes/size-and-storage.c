// RUN: %check --path=full -Wno-psabi %s | %filecheck %s
// RUN: %check --path=full -Wno-psabi -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// The events of kmem-size-mismatch (the setup that fixed the object size)
// and of kmem-storage's copy (the instance it copies).  Plain: a setup by
// size and an assignment.  Twin: KMEM_CACHE_SETUP()'s struct, and the
// cache passed by value.  (-Wno-psabi: x86-64 GCC notes that passing a
// 64-byte aligned struct by value changed ABI in GCC 4.6.)
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nfs_page_min {
	unsigned long	wb_flags;
	unsigned int	wb_pgbase;
	unsigned int	wb_bytes;
};

struct nfs_page_big {
	struct nfs_page_min	req;
	unsigned long		wb_index[8];
};

static struct kmem_cache_opaque nfs_page_cache;
#define nfs_page_cachep to_kmem_cache(&nfs_page_cache)
struct kmem_cache_opaque nfs_page_snapshot;

void nfs_dump_cache(struct kmem_cache_opaque cache);

int __init nfs_init_nfspagecache(void)
{
#ifndef SLABCHECK_TWIN
	return kmem_cache_setup(nfs_page_cachep, "nfs_page",
				sizeof(struct nfs_page_min), 0,
				SLAB_HWCACHE_ALIGN, NULL);
#else
	if (!KMEM_CACHE_SETUP(nfs_page_cachep, nfs_page_min,
			      SLAB_HWCACHE_ALIGN))
		return -12;
	return 0;
#endif
}

struct nfs_page_big *nfs_page_big_alloc(void)
{
	return kmem_cache_alloc(nfs_page_cachep, GFP_KERNEL);
}

void nfs_page_debug(void)
{
#ifndef SLABCHECK_TWIN
	nfs_page_snapshot = nfs_page_cache;
#else
	nfs_dump_cache(nfs_page_cache);
#endif
}
// CHECK: {{.*}}[[@LINE-11]]:9: warning: 'struct nfs_page_big' (80 bytes) does not fit static cache 'nfs_page_cache' (16-byte objects) [kmem-size-mismatch]
// CHECK-NEXT: {{.*}}[[@LINE-25]]:9: note: 'nfs_page_cache' is set up for 16-byte objects here
// CHECK: {{.*}}[[@LINE-7]]:20: warning: static cache 'nfs_page_cache' is copied by value [kmem-storage]
// CHECK-NEXT: {{.*}}[[@LINE-36]]:33: note: 'nfs_page_cache' is defined here
// TWIN: {{.*}}[[@LINE-15]]:9: warning: 'struct nfs_page_big' (80 bytes) does not fit static cache 'nfs_page_cache' (16-byte objects) [kmem-size-mismatch]
// TWIN-NEXT: {{.*}}[[@LINE-25]]:7: note: 'nfs_page_cache' is set up for 16-byte objects here
// TWIN: {{.*}}[[@LINE-9]]:2: warning: static cache 'nfs_page_cache' is copied by value [kmem-storage]
// TWIN-NEXT: {{.*}}[[@LINE-40]]:33: note: 'nfs_page_cache' is defined here
