// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --check-prefix=MOD %s
// CHECK-NOT: warning
//
// kmem-module-leak: the exit function destroys one cache only when no
// objects are outstanding, so on the other path it stays set up while the
// module's memory goes away.  The second cache is destroyed on every path
// (both arms of an if/else) and stays silent.
#include <linux/atomic.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nf_conntrack_expect {
	struct hlist_node	hnode;
	struct hlist_node	lnode;
	u32			flags;
	u32			class;
	unsigned long		timeout;
	void			*master;
	atomic_t		use;
};

struct nf_ct_helper_ext {
	void			*helper;
	u8			data[48];
};

static struct kmem_cache_opaque nf_ct_expect_cache;
#define nf_ct_expect_cachep to_kmem_cache(&nf_ct_expect_cache)
static struct kmem_cache_opaque nf_ct_helper_cache;
#define nf_ct_helper_cachep to_kmem_cache(&nf_ct_helper_cache)

static atomic_t nf_ct_expect_count = ATOMIC_INIT(0);
extern bool nf_ct_helper_debug;

static int __init nf_conntrack_expect_init(void)
{
	// MOD: {{.*}}[[@LINE+2]]:7: warning: static cache 'nf_ct_expect_cache' is not destroyed on every path out of module exit 'nf_conntrack_expect_fini' [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(nf_ct_expect_cachep, nf_conntrack_expect,
			      SLAB_HWCACHE_ALIGN))
		return -ENOMEM;

	if (kmem_cache_setup(nf_ct_helper_cachep, "nf_ct_helper",
			     sizeof(struct nf_ct_helper_ext), 0, 0, NULL)) {
		kmem_cache_destroy(nf_ct_expect_cachep);
		return -ENOMEM;
	}
	return 0;
}

static void nf_ct_expect_release_all(void)
{
	synchronize_rcu();
}

static void __exit nf_conntrack_expect_fini(void)
{
	nf_ct_expect_release_all();
	rcu_barrier();
	if (atomic_read(&nf_ct_expect_count) == 0)
		kmem_cache_destroy(nf_ct_expect_cachep);
	else
		pr_warn("nf_conntrack_expect: %d expectations leaked\n",
			atomic_read(&nf_ct_expect_count));

	if (nf_ct_helper_debug) {
		pr_info("nf_ct_helper: destroying cache\n");
		kmem_cache_destroy(nf_ct_helper_cachep);
	} else {
		kmem_cache_destroy(nf_ct_helper_cachep);
	}
}

module_init(nf_conntrack_expect_init);
module_exit(nf_conntrack_expect_fini);
MODULE_LICENSE("GPL");
