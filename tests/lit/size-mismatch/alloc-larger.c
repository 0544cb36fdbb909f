// RUN: %check %s | %filecheck %s
//
// kmem-size-mismatch: objects taken from a static cache through a pointer
// to a type bigger than the cache's objects, with each allocation entry
// point.  Allocating the type the cache was made for stays silent.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sock_common_min {
	u32			skc_daddr;
	u32			skc_rcv_saddr;
	u16			skc_dport;
	u16			skc_num;
	u16			skc_family;
	u8			skc_state;
	u8			skc_reuse;
};
static_assert(sizeof(struct sock_common_min) == 16);

/* The request socket grew; its cache did not. */
struct request_sock_min {
	struct sock_common_min	req_common;
	u64			ts_recent;
	u32			rcv_wnd;
	u32			mss;
};
static_assert(sizeof(struct request_sock_min) == 32);

struct timewait_sock_min {
	struct sock_common_min	tw_common;
	u32			tw_substate;
	u32			tw_rcv_nxt;
	u32			tw_snd_nxt;
	u32			tw_ts_recent;
	u64			tw_ts_recent_stamp;
};
static_assert(sizeof(struct timewait_sock_min) == 40);

static struct kmem_cache_opaque sock_common_cache;
#define sock_common_cachep to_kmem_cache(&sock_common_cache)

int __init sock_common_init(void)
{
	return kmem_cache_setup(sock_common_cachep, "sock_common",
				sizeof(struct sock_common_min), 0,
				SLAB_HWCACHE_ALIGN, NULL);
}

struct sock_common_min *sk_common_alloc(gfp_t gfp)
{
	struct sock_common_min *skc;

	skc = kmem_cache_alloc(sock_common_cachep, gfp);
	if (skc)
		skc->skc_state = 7;
	return skc;
}

struct request_sock_min *reqsk_alloc(gfp_t gfp)
{
	struct request_sock_min *req;

	req = kmem_cache_alloc(sock_common_cachep, gfp);
	// CHECK: {{.*}}[[@LINE-1]]:8: warning: 'struct request_sock_min' (32 bytes) does not fit static cache 'sock_common_cache' (16-byte objects) [kmem-size-mismatch]
	if (!req)
		return NULL;
	req->mss = 536;
	return req;
}

struct timewait_sock_min *inet_twsk_alloc(void)
{
	struct timewait_sock_min *tw = kmem_cache_zalloc(sock_common_cachep,
							 GFP_ATOMIC);
	// CHECK: {{.*}}[[@LINE-2]]:33: warning: 'struct timewait_sock_min' (40 bytes) does not fit static cache 'sock_common_cache' (16-byte objects) [kmem-size-mismatch]

	if (tw)
		tw->tw_substate = 1;
	return tw;
}

struct request_sock_min *reqsk_alloc_node(int node)
{
	struct request_sock_min *req;

	req = kmem_cache_alloc_node(sock_common_cachep, GFP_KERNEL, node);
	// CHECK: {{.*}}[[@LINE-1]]:8: warning: 'struct request_sock_min' (32 bytes) does not fit static cache 'sock_common_cache' (16-byte objects) [kmem-size-mismatch]
	return req;
}
