// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-unchecked-setup look-alikes: results tested, returned, passed on
// or stored and tested later; SLAB_PANIC through a flags variable and
// through a subsystem macro; a failure that falls back to another cache.
// The twin's fallback allocates from the cache whose setup just failed.
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sk_msg_min {
	struct list_head	list;
	u32			size;
	u32			flags;
};

#define SKMSG_CACHE_FLAGS	(SLAB_HWCACHE_ALIGN | SLAB_PANIC)

static struct kmem_cache_opaque msg_cache;
#define msg_cachep to_kmem_cache(&msg_cache)
static struct kmem_cache_opaque psock_cache;
#define psock_cachep to_kmem_cache(&psock_cache)
static struct kmem_cache_opaque link_cache;
#define link_cachep to_kmem_cache(&link_cache)
static struct kmem_cache_opaque frag_cache;
#define frag_cachep to_kmem_cache(&frag_cache)
static struct kmem_cache_opaque spare_cache;
#define spare_cachep to_kmem_cache(&spare_cache)

int skmsg_report(int err);
static int skmsg_status;

int __init skmsg_init(void)
{
	slab_flags_t flags = SLAB_ACCOUNT | SLAB_PANIC;
	int err;

	kmem_cache_setup(msg_cachep, "sk_msg", sizeof(struct sk_msg_min), 0,
			 flags, NULL);
	KMEM_CACHE_SETUP(link_cachep, sk_msg_min, SKMSG_CACHE_FLAGS);
	err = skmsg_report(kmem_cache_setup(psock_cachep, "sk_psock",
					    sizeof(struct sk_msg_min), 0, 0,
					    NULL));
	if (err)
		return err;
	skmsg_status = kmem_cache_setup(spare_cachep, "sk_spare",
					sizeof(struct sk_msg_min), 0, 0, NULL);
	return kmem_cache_setup(frag_cachep, "sk_frag",
				sizeof(struct sk_msg_min), 0, 0, NULL);
}

struct sk_msg_min *skmsg_alloc(void)
{
	if (IS_ERR_OR_NULL(KMEM_CACHE_SETUP(frag_cachep, sk_msg_min, 0))) {
#ifdef SLABCHECK_TWIN
		// TWIN: {{.*}}[[@LINE+2]]:10: warning: static cache 'frag_cache' is passed to 'kmem_cache_alloc_noprof' on a path where its setup failed [kmem-unchecked-setup]
		//
		return kmem_cache_alloc(frag_cachep, GFP_KERNEL);
#else
		return kmem_cache_alloc(msg_cachep, GFP_KERNEL);
#endif
	}
	return kmem_cache_alloc(frag_cachep, GFP_KERNEL);
}
