// RUN: %check %s | %filecheck --check-prefixes=CHECK,STORAGE %s
// RUN: %check --disable=kmem-storage %s | %filecheck %s
//
// --disable=RULE silences that rule only: the storage finding goes, the
// resetup finding in the same file stays.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct posix_acl_min {
	atomic_t		a_refcount;
	unsigned int		a_count;
	u32			a_entries[8];
};

static struct kmem_cache_opaque acl_cache __ro_after_init;
// STORAGE: {{.*}}[[@LINE-1]]:33: warning: static cache 'acl_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]
#define acl_cachep to_kmem_cache(&acl_cache)

void __init posix_acl_init(void)
{
	KMEM_CACHE_SETUP(acl_cachep, posix_acl_min, SLAB_PANIC);
	KMEM_CACHE_SETUP(acl_cachep, posix_acl_min, SLAB_PANIC | SLAB_ACCOUNT);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: static cache 'acl_cache' may already be set up on this path [kmem-resetup]
}
