// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-internal-flag: SLAB_PREALLOCATED passed to the ordinary cache
// constructors.  kmem_cache_create() dispatches on its third argument, so
// the message names the function it resolves to; KMEM_CACHE*() expand to
// __kmem_cache_create_args().  Dynamic caches are not static instances,
// so no other rule applies to them.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>

struct sk_buff_head_ext {
	struct list_head	list;
	u32			qlen;
	u32			flags;
};

struct skb_shared_info_ext {
	u8			flags;
	u8			meta_len;
	u8			nr_frags;
	u8			tx_flags;
	unsigned short		gso_size;
	unsigned short		gso_segs;
	u32			tskey;
	u8			cb[48];
};

struct kmem_cache *skbuff_ext_cache;
struct kmem_cache *skb_shinfo_cache;
struct kmem_cache *skb_head_cache;
struct kmem_cache *skb_small_cache;
struct kmem_cache *skb_fclone_cache;
struct kmem_cache *skb_copy_cache;

void __init skb_init(void)
{
	struct kmem_cache_args args = {
		.align		= 16,
		.useroffset	= offsetof(struct skb_shared_info_ext, cb),
		.usersize	= sizeof_field(struct skb_shared_info_ext, cb),
	};

	skbuff_ext_cache = kmem_cache_create("skbuff_ext_cache",
					     sizeof(struct sk_buff_head_ext), 0,
					     SLAB_HWCACHE_ALIGN | SLAB_PREALLOCATED,
					     NULL);
	// CHECK: {{.*}}[[@LINE-4]]:21: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create' [kmem-internal-flag]

	skb_shinfo_cache = kmem_cache_create("skb_shinfo",
					     sizeof(struct skb_shared_info_ext),
					     &args, SLAB_PREALLOCATED);
	// CHECK: {{.*}}[[@LINE-3]]:21: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	skb_head_cache = kmem_cache_create("skb_head", 256, NULL,
					   SLAB_PANIC | SLAB_PREALLOCATED);
	// CHECK: {{.*}}[[@LINE-2]]:19: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_default_args' [kmem-internal-flag]

	skb_small_cache = KMEM_CACHE(sk_buff_head_ext,
				     SLAB_PREALLOCATED | SLAB_PANIC);
	// CHECK: {{.*}}[[@LINE-2]]:20: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	skb_fclone_cache = KMEM_CACHE_USERCOPY(skb_shared_info_ext,
					       SLAB_PANIC | SLAB_PREALLOCATED,
					       cb);
	// CHECK: {{.*}}[[@LINE-3]]:21: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]

	skb_copy_cache = kmem_cache_create_usercopy("skb_copy",
					sizeof(struct skb_shared_info_ext), 0,
					SLAB_PREALLOCATED,
					offsetof(struct skb_shared_info_ext, cb),
					sizeof_field(struct skb_shared_info_ext, cb),
					NULL);
	// CHECK: {{.*}}[[@LINE-6]]:19: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_create_usercopy' [kmem-internal-flag]
}
