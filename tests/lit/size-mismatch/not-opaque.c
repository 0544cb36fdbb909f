// RUN: %check %s | %filecheck %s
//
// kmem-size-mismatch: storage that is not a struct kmem_cache_opaque used
// as a cache, through to_kmem_cache() on a cast pointer or through a cast
// to struct kmem_cache *.  GCC gives a call nested in another call's
// arguments the enclosing call's location, so both are reported at the
// API call that receives the cache.
// Casting a real struct kmem_cache_opaque is fine.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct journal_head {
	void			*b_bh;
	int			b_jcount;
	unsigned int		b_jlist;
	unsigned int		b_modified;
	void			*b_transaction;
	struct journal_head	*b_tnext, *b_tprev;
};

struct jbd2_revoke_record {
	struct list_head	hash;
	u64			sequence;
	u64			blocknr;
};

/* Raw bytes "big enough for a kmem_cache", from before slab-static.h. */
static u8 jbd2_jh_area[256] __aligned(64);

/* A struct that merely has room for one. */
static struct {
	unsigned long		magic;
	u8			space[248];
} jbd2_revoke_area __aligned(64);

#define jbd2_revoke_cachep \
	to_kmem_cache((struct kmem_cache_opaque *)&jbd2_revoke_area)

static u8 jbd2_handle_area[320];

static struct kmem_cache_opaque jbd2_inode_cache;

int __init jbd2_journal_init_caches(void)
{
	int err;

	err = kmem_cache_setup(
		to_kmem_cache((struct kmem_cache_opaque *)jbd2_jh_area),
		"jbd2_journal_head", sizeof(struct journal_head), 0,
		SLAB_TEMPORARY, NULL);
	// CHECK: {{.*}}[[@LINE-4]]:8: warning: 'jbd2_jh_area' is not a struct kmem_cache_opaque [kmem-size-mismatch]
	if (err)
		return err;

	err = kmem_cache_setup(jbd2_revoke_cachep, "jbd2_revoke_record",
			       sizeof(struct jbd2_revoke_record), 0,
			       SLAB_TEMPORARY, NULL);
	// CHECK: {{.*}}[[@LINE-3]]:8: warning: 'jbd2_revoke_area' is not a struct kmem_cache_opaque [kmem-size-mismatch]
	if (err)
		return err;

	err = kmem_cache_setup((struct kmem_cache *)jbd2_handle_area,
			       "jbd2_journal_handle", 64, 0, 0, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:8: warning: 'jbd2_handle_area' is not a struct kmem_cache_opaque [kmem-size-mismatch]
	if (err)
		return err;

	return kmem_cache_setup((struct kmem_cache *)&jbd2_inode_cache,
				"jbd2_inode", 48, 0, 0, NULL);
}

void *jbd2_alloc_handle(gfp_t gfp)
{
	return kmem_cache_alloc((struct kmem_cache *)jbd2_handle_area, gfp);
	// CHECK: {{.*}}[[@LINE-1]]:9: warning: 'jbd2_handle_area' is not a struct kmem_cache_opaque [kmem-size-mismatch]
}

void jbd2_free_handle(void *handle)
{
	kmem_cache_free((struct kmem_cache *)jbd2_handle_area, handle);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: 'jbd2_handle_area' is not a struct kmem_cache_opaque [kmem-size-mismatch]
}
