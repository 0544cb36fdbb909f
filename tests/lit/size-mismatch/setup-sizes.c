// RUN: %check %s | %filecheck %s
//
// kmem-size-mismatch takes the object size from however the instance was
// set up: sizeof(struct X) through KMEM_CACHE_SETUP(), a usercopy setup,
// or a plain constant.  Types that fit (smaller or equal) are silent by
// default; bigger ones are reported.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct kioctx_min {
	u64			user_id;
	unsigned long		mmap_base;
	unsigned int		max_reqs;
	unsigned int		nr_pages;
};
static_assert(sizeof(struct kioctx_min) == 24);

/* The header that every request starts with. */
struct aio_hdr {
	u64			ki_res;
};
static_assert(sizeof(struct aio_hdr) == 8);

struct aio_kiocb_min {
	struct aio_hdr		hdr;
	void			*ki_ctx;
	struct list_head	ki_list;
	u32			ki_flags;
	u32			ki_eventfd;
};
static_assert(sizeof(struct aio_kiocb_min) == 40);

struct aio_poll_req {
	struct aio_kiocb_min	iocb;
	u32			events;
	u32			cancelled;
	struct list_head	wait;
};
static_assert(sizeof(struct aio_poll_req) == 64);

struct aio_ring_page {
	u8			data[96];
};

struct aio_big_page {
	u8			data[192];
};

static struct kmem_cache_opaque kioctx_cache;
#define kioctx_cachep to_kmem_cache(&kioctx_cache)
static struct kmem_cache_opaque kiocb_cache;
#define kiocb_cachep to_kmem_cache(&kiocb_cache)
static struct kmem_cache_opaque ring_cache;
#define ring_cachep to_kmem_cache(&ring_cache)

void __init aio_setup(void)
{
	KMEM_CACHE_SETUP(kioctx_cachep, kioctx_min, SLAB_HWCACHE_ALIGN | SLAB_PANIC);
	kmem_cache_setup_usercopy(kiocb_cachep, "aio_kiocb",
				  sizeof(struct aio_kiocb_min), 0, SLAB_PANIC,
				  offsetof(struct aio_kiocb_min, ki_flags),
				  sizeof_field(struct aio_kiocb_min, ki_flags),
				  NULL);
	kmem_cache_setup(ring_cachep, "aio_ring", 128, 0, SLAB_PANIC, NULL);
}

struct kioctx_min *ioctx_alloc(void)
{
	return kmem_cache_zalloc(kioctx_cachep, GFP_KERNEL);
}

struct aio_kiocb_min *aio_get_req(void)
{
	struct aio_kiocb_min *req;

	req = kmem_cache_alloc(kiocb_cachep, GFP_KERNEL);
	return req;
}

/* Reading only the header of a fresh request: it fits. */
u64 aio_peek_res(void)
{
	struct aio_hdr *hdr = kmem_cache_alloc(kiocb_cachep, GFP_KERNEL);
	u64 res = 0;

	if (hdr) {
		res = hdr->ki_res;
		kmem_cache_free(kiocb_cachep, hdr);
	}
	return res;
}

/* Poll requests need more room than a plain kiocb. */
struct aio_poll_req *aio_poll_alloc(void)
{
	struct aio_poll_req *pr;

	pr = kmem_cache_alloc(kiocb_cachep, GFP_KERNEL);
	// CHECK: {{.*}}[[@LINE-1]]:7: warning: 'struct aio_poll_req' (64 bytes) does not fit static cache 'kiocb_cache' (40-byte objects) [kmem-size-mismatch]
	return pr;
}

struct aio_ring_page *aio_ring_alloc(void)
{
	struct aio_ring_page *p = kmem_cache_alloc(ring_cachep, GFP_KERNEL);

	return p;
}

struct aio_big_page *aio_big_alloc(void)
{
	struct aio_big_page *p = kmem_cache_alloc(ring_cachep, GFP_KERNEL);
	// CHECK: {{.*}}[[@LINE-1]]:27: warning: 'struct aio_big_page' (192 bytes) does not fit static cache 'ring_cache' (128-byte objects) [kmem-size-mismatch]

	return p;
}

/* The ring buffer as bytes, and kioctx freed as itself: both fine. */
void aio_release(struct kioctx_min *ctx, u8 *ring)
{
	kmem_cache_free(kioctx_cachep, ctx);
	kmem_cache_free(ring_cachep, ring);
}
