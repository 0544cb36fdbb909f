// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-unchecked-setup: a setup whose failure nobody notices.  Its result
// thrown away (statement of its own, through the macro too), and a failure
// that is logged and then ignored: the path goes on to allocate from the
// zeroed instance.  SLAB_PANIC setups cannot fail and stay silent.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct audit_entry_min {
	struct list_head	list;
	u32			type;
	u32			len;
};

static struct kmem_cache_opaque audit_entry_cache;
#define audit_entry_cachep to_kmem_cache(&audit_entry_cache)
static struct kmem_cache_opaque audit_buf_cache;
#define audit_buf_cachep to_kmem_cache(&audit_buf_cache)
static struct kmem_cache_opaque audit_tree_cache;
#define audit_tree_cachep to_kmem_cache(&audit_tree_cache)
static struct kmem_cache_opaque audit_boot_cache;
#define audit_boot_cachep to_kmem_cache(&audit_boot_cache)

void __init audit_caches_init(void)
{
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: the result of 'kmem_cache_setup' is ignored: if it fails, static cache 'audit_entry_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	kmem_cache_setup(audit_entry_cachep, "audit_entry",
			 sizeof(struct audit_entry_min), 0, SLAB_ACCOUNT, NULL);
	// CHECK: {{.*}}[[@LINE+1]]:2: warning: the result of '__kmem_cache_create_args' is ignored: if it fails, static cache 'audit_buf_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	KMEM_CACHE_SETUP(audit_buf_cachep, audit_entry_min, 0);
	/* Cannot fail: the slab core panics instead. */
	KMEM_CACHE_SETUP(audit_boot_cachep, audit_entry_min, SLAB_PANIC);
}

struct audit_entry_min *audit_tree_first(void)
{
	struct audit_entry_min *entry;

	// CHECK: {{.*}}[[@LINE+5]]:10: warning: static cache 'audit_tree_cache' is passed to 'kmem_cache_alloc_noprof' on a path where its setup failed [kmem-unchecked-setup]
	//
	if (kmem_cache_setup(audit_tree_cachep, "audit_tree",
			     sizeof(struct audit_entry_min), 0, 0, NULL))
		pr_warn("audit: no tree cache\n");
	entry = kmem_cache_alloc(audit_tree_cachep, GFP_KERNEL);
	return entry;
}
