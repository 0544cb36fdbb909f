// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --check-prefix=MOD %s
// CHECK-NOT: warning
//
// kmem-module-leak: SLAB_PANIC setups whose results are ignored may have
// succeeded, so a later failure return leaks both caches.  Each gets its
// own finding at its own setup; both notes point at the same return.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sctp_bind_bucket {
	unsigned short		port;
	signed char		fastreuse;
	signed char		fastreuseport;
	u32			fastuid;
	struct hlist_node	node;
	struct hlist_head	owner;
	void			*net;
};

struct sctp_chunk {
	struct list_head	list;
	u32			refcnt;
	int			sent_count;
	u64			tsn;
	void			*skb;
	void			*asoc;
};

static struct kmem_cache_opaque sctp_bucket_cache;
#define sctp_bucket_cachep to_kmem_cache(&sctp_bucket_cache)
static struct kmem_cache_opaque sctp_chunk_cache;
#define sctp_chunk_cachep to_kmem_cache(&sctp_chunk_cache)

void *sctp_alloc_port_hash(unsigned int *size);
void sctp_free_port_hash(void *hash);
static void *sctp_port_hashtable;
static unsigned int sctp_port_hashsize;

static int __init sctp_init(void)
{
	// MOD: {{.*}}[[@LINE+2]]:2: warning: static cache 'sctp_bucket_cache' stays set up when module init 'sctp_init' fails [kmem-module-leak]
	//
	kmem_cache_setup(sctp_bucket_cachep, "sctp_bind_bucket",
			 sizeof(struct sctp_bind_bucket), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
	// MOD: {{.*}}[[@LINE+2]]:2: warning: static cache 'sctp_chunk_cache' stays set up when module init 'sctp_init' fails [kmem-module-leak]
	//
	KMEM_CACHE_SETUP(sctp_chunk_cachep, sctp_chunk,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC);

	sctp_port_hashtable = sctp_alloc_port_hash(&sctp_port_hashsize);
	if (!sctp_port_hashtable) {
		pr_err("SCTP: Failed bind hash alloc\n");
		return -ENOMEM;
	}
	pr_info("SCTP: Hash tables configured (bind %u)\n", sctp_port_hashsize);
	return 0;
}

static void __exit sctp_exit(void)
{
	sctp_free_port_hash(sctp_port_hashtable);
	kmem_cache_destroy(sctp_chunk_cachep);
	kmem_cache_destroy(sctp_bucket_cachep);
}

module_init(sctp_init);
module_exit(sctp_exit);
MODULE_LICENSE("GPL");
