// RUN: %check --path=full %s | %filecheck %s
// RUN: %check --path=full -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// The event of a kmem-unchecked-setup finding on a path where the setup
// failed and the cache is used all the same: the setup that failed.
// Plain: an int result, logged and ignored.  Twin: the macro's pointer,
// tested against NULL, logged and ignored.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sctp_chunk_min {
	unsigned int	chunk_hdr;
	unsigned int	sent_count;
};

static struct kmem_cache_opaque sctp_chunk_cache;
#define sctp_chunk_cachep to_kmem_cache(&sctp_chunk_cache)

struct sctp_chunk_min *sctp_chunk_first(void)
{
#ifndef SLABCHECK_TWIN
	if (kmem_cache_setup(sctp_chunk_cachep, "sctp_chunk",
			     sizeof(struct sctp_chunk_min), 0, 0, NULL))
		pr_warn("sctp: no chunk cache\n");
#else
	if (!KMEM_CACHE_SETUP(sctp_chunk_cachep, sctp_chunk_min, 0))
		pr_warn("sctp: no chunk cache\n");
#endif
	return kmem_cache_alloc(sctp_chunk_cachep, GFP_KERNEL);
}
// CHECK: {{.*}}[[@LINE-2]]:9: warning: static cache 'sctp_chunk_cache' is passed to 'kmem_cache_alloc_noprof' on a path where its setup failed [kmem-unchecked-setup]
// CHECK-NEXT: {{.*}}[[@LINE-10]]:6: note: the setup that failed
// TWIN: {{.*}}[[@LINE-4]]:9: warning: static cache 'sctp_chunk_cache' is passed to 'kmem_cache_alloc_noprof' on a path where its setup failed [kmem-unchecked-setup]
// TWIN-NEXT: {{.*}}[[@LINE-8]]:7: note: the setup that failed
