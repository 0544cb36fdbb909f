// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-storage look-alikes: instances with static storage duration in
// writable memory: file-scope static or global, extern declarations,
// __read_mostly and cache-line aligned sections, arrays, members of a
// static structure, function-local statics, and pointers to instances
// (a local pointer is not an instance).
#include <linux/cache.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct bio_min {
	struct bio_min		*bi_next;
	unsigned long		bi_opf;
	unsigned short		bi_flags;
	unsigned short		bi_ioprio;
	u32			bi_size;
};

struct bio_integrity_min {
	void			*bip_bio;
	u64			bip_iter;
	unsigned short		bip_vcnt;
	unsigned short		bip_flags;
};

extern struct kmem_cache_opaque bio_global_cache;
struct kmem_cache_opaque bio_global_cache;
#ifdef SLABCHECK_TWIN
/* The twin marks it like the pointer it replaced: read-only after boot. */
// TWIN: {{.*}}[[@LINE+1]]:33: warning: static cache 'bio_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]
static struct kmem_cache_opaque bio_cache __ro_after_init;
#else
static struct kmem_cache_opaque bio_cache __read_mostly;
#endif
static struct kmem_cache_opaque bip_cache __cacheline_aligned;
static struct kmem_cache_opaque bio_slab_caches[4] ____cacheline_aligned;

static struct bio_set_min {
	struct kmem_cache_opaque	slab;
	unsigned int			front_pad;
	unsigned int			back_pad;
} fs_bio_set;

extern struct kmem_cache_opaque blk_requestq_cache;	/* set up elsewhere */

int __init init_bio(void)
{
	static struct kmem_cache_opaque bio_poll_cache;
	struct kmem_cache_opaque *caches[] = { &bio_cache, &bip_cache };
	struct kmem_cache *s = to_kmem_cache(caches[0]);
	unsigned int i;

	KMEM_CACHE_SETUP(s, bio_min, SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(caches[1]), bio_integrity_min,
			 SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&bio_global_cache), bio_min,
			 SLAB_PANIC | SLAB_ACCOUNT);
	KMEM_CACHE_SETUP(to_kmem_cache(&fs_bio_set.slab), bio_min, SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&bio_poll_cache), bio_min, SLAB_PANIC);
	for (i = 0; i < ARRAY_SIZE(bio_slab_caches); i++)
		kmem_cache_setup(to_kmem_cache(&bio_slab_caches[i]), "bio-n",
				 sizeof(struct bio_min) + 16 * i, 0,
				 SLAB_PANIC, NULL);
	return 0;
}

struct bio_min *bio_alloc_from_queue(void)
{
	return kmem_cache_alloc(to_kmem_cache(&blk_requestq_cache), GFP_NOIO);
}
