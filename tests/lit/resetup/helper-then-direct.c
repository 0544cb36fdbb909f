// RUN: %check %s | %filecheck %s
//
// kmem-resetup where the first setup happened in a helper and the second
// is written out in the caller: reported at the direct setup, without a
// helper name.  The reverse order names the helper.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct audit_entry {
	struct list_head	list;
	u32			field_count;
	u32			flags;
	u64			seq;
};

struct audit_chunk {
	struct list_head	hash;
	unsigned long		key;
	int			count;
	u64			owners[4];
};

static struct kmem_cache_opaque audit_entry_cache;
#define audit_entry_cachep to_kmem_cache(&audit_entry_cache)
static struct kmem_cache_opaque audit_chunk_cache;
#define audit_chunk_cachep to_kmem_cache(&audit_chunk_cache)

static int __init audit_entry_cache_init(void)
{
	if (!KMEM_CACHE_SETUP(audit_entry_cachep, audit_entry, SLAB_PANIC))
		return -ENOMEM;
	return 0;
}

static int __init audit_chunk_cache_init(void)
{
	return kmem_cache_setup(audit_chunk_cachep, "audit_chunk",
				sizeof(struct audit_chunk), 0, SLAB_PANIC, NULL);
}

static int __init audit_init(void)
{
	int err;

	err = audit_entry_cache_init();
	if (err)
		return err;
	/* Merged from two branches: both set the entry cache up. */
	if (!KMEM_CACHE_SETUP(audit_entry_cachep, audit_entry,
			      SLAB_PANIC | SLAB_ACCOUNT))
		return -ENOMEM;
	// CHECK: {{.*}}[[@LINE-3]]:7: warning: static cache 'audit_entry_cache' may already be set up on this path [kmem-resetup]

	err = kmem_cache_setup(audit_chunk_cachep, "audit_chunk",
			       sizeof(struct audit_chunk), 0, SLAB_PANIC, NULL);
	if (err)
		return err;
	return audit_chunk_cache_init();
	// CHECK: {{.*}}[[@LINE-1]]:9: warning: static cache 'audit_chunk_cache' may already be set up on this path (set up again in 'audit_chunk_cache_init') [kmem-resetup]
}
postcore_initcall(audit_init);
