// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-size-mismatch on the free side: an object handed back to a static
// cache through a pointer to a bigger type than the cache holds.  Freeing
// through the right type, or through void *, stays silent.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct fib_alias {
	struct hlist_node	fa_list;
	void			*fa_info;
	u8			fa_dscp;
	u8			fa_type;
	u8			fa_state;
	u8			fa_slen;
	u32			tb_id;
	struct rcu_head		rcu;
};
static_assert(sizeof(struct fib_alias) == 48);

/* An alias with offload state: allocated with kmalloc, by design. */
struct fib_alias_offload {
	struct fib_alias	alias;
	u64			hw_flags;
	u32			hw_index;
	u32			hw_prio;
};
static_assert(sizeof(struct fib_alias_offload) == 64);

static struct kmem_cache_opaque fn_alias_cache;
#define fn_alias_kmem to_kmem_cache(&fn_alias_cache)

struct fib_alias *fib_alias_alloc(void)
{
	return kmem_cache_zalloc(fn_alias_kmem, GFP_KERNEL);
}

void fib_alias_free(struct fib_alias *fa)
{
	kmem_cache_free(fn_alias_kmem, fa);
}

void fib_alias_free_raw(void *p)
{
	kmem_cache_free(fn_alias_kmem, p);
}

/* Wrong cache for the offload variant: it came from kmalloc(). */
void fib_alias_offload_free(struct fib_alias_offload *fao)
{
	kmem_cache_free(fn_alias_kmem, fao);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: 'struct fib_alias_offload' (64 bytes) does not fit static cache 'fn_alias_cache' (48-byte objects) [kmem-size-mismatch]
}

static int __init fib_trie_init(void)
{
	if (!KMEM_CACHE_SETUP(fn_alias_kmem, fib_alias, SLAB_PANIC | SLAB_ACCOUNT))
		return -ENOMEM;
	return 0;
}

static void __exit fib_trie_exit(void)
{
	rcu_barrier();
	kmem_cache_destroy(fn_alias_kmem);
}

module_init(fib_trie_init);
module_exit(fib_trie_exit);
MODULE_LICENSE("GPL");
