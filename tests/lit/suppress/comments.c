// RUN: %check %s | %filecheck %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
//
// Suppression comments, on the finding's line or the line before it: the
// same comment silences the finding under every front-end, because the
// core reads it.  A reason is required; without one, or with a rule that
// does not exist, the comment silences nothing and is reported itself.
// The twin drops the good suppressions: both findings come back.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct posix_acl_min {
	atomic_t		a_refcount;
	unsigned int		a_count;
	u32			a_entries[8];
};

static struct kmem_cache_opaque acl_cache;
#define acl_cachep to_kmem_cache(&acl_cache)
static struct kmem_cache_opaque acl_entry_cache;
#define acl_entry_cachep to_kmem_cache(&acl_entry_cache)
static struct kmem_cache_opaque acl_xattr_cache;
#define acl_xattr_cachep to_kmem_cache(&acl_xattr_cache)

void __init posix_acl_init(void)
{
	KMEM_CACHE_SETUP(acl_cachep, posix_acl_min, SLAB_PANIC);
#ifndef SLABCHECK_TWIN
	/* slabcheck: ignore kmem-resetup -- the selftest sets it up anew on purpose */
	KMEM_CACHE_SETUP(acl_cachep, posix_acl_min, SLAB_PANIC | SLAB_ACCOUNT);
#else
	KMEM_CACHE_SETUP(acl_cachep, posix_acl_min, SLAB_PANIC | SLAB_ACCOUNT);
	// TWIN: {{.*}}[[@LINE-1]]:2: warning: static cache 'acl_cache' may already be set up on this path [kmem-resetup]
#endif

	KMEM_CACHE_SETUP(acl_entry_cachep, posix_acl_min, SLAB_PANIC);
#ifndef SLABCHECK_TWIN
	KMEM_CACHE_SETUP(acl_entry_cachep, posix_acl_min, SLAB_PANIC); // slabcheck: ignore kmem-resetup,kmem-storage -- reset by the test harness
#else
	KMEM_CACHE_SETUP(acl_entry_cachep, posix_acl_min, SLAB_PANIC);
	// TWIN: {{.*}}[[@LINE-1]]:2: warning: static cache 'acl_entry_cache' may already be set up on this path [kmem-resetup]
#endif

	KMEM_CACHE_SETUP(acl_xattr_cachep, posix_acl_min, SLAB_PANIC);
	/* slabcheck: ignore kmem-resetup */
	KMEM_CACHE_SETUP(acl_xattr_cachep, posix_acl_min, SLAB_PANIC);
	// CHECK: {{.*}}[[@LINE-2]]:5: warning: malformed suppression: it has no '-- reason', and silences nothing [slabcheck-suppression]
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: static cache 'acl_xattr_cache' may already be set up on this path [kmem-resetup]
	// TWIN: {{.*}}[[@LINE-4]]:5: warning: malformed suppression: it has no '-- reason', and silences nothing [slabcheck-suppression]
	// TWIN: {{.*}}[[@LINE-4]]:2: warning: static cache 'acl_xattr_cache' may already be set up on this path [kmem-resetup]
	/* slabcheck: ignore kmem-no-such-rule -- typo */
	// CHECK: {{.*}}[[@LINE-1]]:5: warning: malformed suppression: it names no rule of slabcheck, and silences nothing [slabcheck-suppression]
	// TWIN: {{.*}}[[@LINE-2]]:5: warning: malformed suppression: it names no rule of slabcheck, and silences nothing [slabcheck-suppression]
}
