// RUN: %check -DMODULE %s | %filecheck %s
// RUN: %check %s | %filecheck %s
//
// kmem-use-after-destroy: a module exit that destroys its cache and then
// drains the objects still on its lists, freeing each into the destroyed
// cache; a size query after the teardown helper ran; and a second destroy
// on an error path.  The same calls before the destroy, or after the cache
// is set up again, are fine.
#include <linux/init.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>
#include <linux/spinlock.h>

struct nf_flow_min {
	struct list_head	list;
	u32			hash;
	u32			timeout;
};

static struct kmem_cache_opaque nf_flow_cache;
#define nf_flow_cachep to_kmem_cache(&nf_flow_cache)
static struct kmem_cache_opaque nf_ct_cache;
#define nf_ct_cachep to_kmem_cache(&nf_ct_cache)
static struct kmem_cache_opaque nf_exp_cache;
#define nf_exp_cachep to_kmem_cache(&nf_exp_cache)

static LIST_HEAD(nf_flows);
static DEFINE_SPINLOCK(nf_flows_lock);

void nf_unregister_hooks(void);
int nf_register_hooks(void);
struct nf_flow_min *nf_first_flow(void);

static void nf_ct_cache_exit(void)
{
	kmem_cache_destroy(nf_ct_cachep);
}

static int __init nf_flow_init(void)
{
	int err;

	err = kmem_cache_setup(nf_flow_cachep, "nf_flow",
			       sizeof(struct nf_flow_min), 0, 0, NULL);
	if (err)
		return err;
	err = kmem_cache_setup(nf_ct_cachep, "nf_ct",
			       sizeof(struct nf_flow_min), 0, 0, NULL);
	if (err)
		goto out_flow;
	err = kmem_cache_setup(nf_exp_cachep, "nf_exp",
			       sizeof(struct nf_flow_min), 0, 0, NULL);
	if (err)
		goto out_ct;
	err = nf_register_hooks();
	if (err)
		goto out_exp;
	return 0;

out_exp:
	// CHECK: {{.*}}[[@LINE+10]]:2: warning: static cache 'nf_exp_cache' is passed to 'kmem_cache_destroy' after it was destroyed on this path [kmem-use-after-destroy]
	//
	// CHECK: {{.*}}[[@LINE+27]]:3: warning: static cache 'nf_flow_cache' is passed to 'kmem_cache_free' after it was destroyed on this path [kmem-use-after-destroy]
	//
	// CHECK: {{.*}}[[@LINE+29]]:9: warning: static cache 'nf_ct_cache' is passed to 'kmem_cache_size' after it was destroyed on this path [kmem-use-after-destroy]
	//
	kmem_cache_destroy(nf_exp_cachep);
out_ct:
	nf_ct_cache_exit();
	/* A slip: the label above already tore this one down. */
	kmem_cache_destroy(nf_exp_cachep);
out_flow:
	kmem_cache_destroy(nf_flow_cachep);
	return err;
}

static void __exit nf_flow_exit(void)
{
	struct nf_flow_min *flow, *next;
	unsigned int size;

	nf_unregister_hooks();
	/* Fine: shrink before the teardown. */
	kmem_cache_shrink(nf_exp_cachep);
	kmem_cache_destroy(nf_exp_cachep);
	kmem_cache_destroy(nf_flow_cachep);
	spin_lock(&nf_flows_lock);
	list_for_each_entry_safe(flow, next, &nf_flows, list) {
		list_del(&flow->list);
		kmem_cache_free(nf_flow_cachep, flow);
	}
	spin_unlock(&nf_flows_lock);
	nf_ct_cache_exit();
	size = kmem_cache_size(nf_ct_cachep);
	pr_info("nf: ct objects were %u bytes\n", size);
}

module_init(nf_flow_init);
module_exit(nf_flow_exit);
MODULE_LICENSE("GPL");
