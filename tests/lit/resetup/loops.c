// RUN: %check %s | %filecheck %s
//
// kmem-resetup in loops: setting up one instance on every iteration is
// reported (the second iteration finds it set up); setting up a different
// element of an array on each iteration is fine, directly or through a
// helper.  A constant index inside the loop names the element.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define NR_BUCKETS	4
#define NR_NODES	2

struct bio_vecs_2 { u64 bv[2 * 2]; };
struct bio_vecs_8 { u64 bv[8 * 2]; };

static const char *const bvec_names[NR_BUCKETS] = {
	"bvec-2", "bvec-8", "bvec-32", "bvec-128",
};
static const unsigned int bvec_sizes[NR_BUCKETS] = {
	32, 128, 512, 2048,
};

static struct kmem_cache_opaque bvec_caches[NR_BUCKETS];
#define bvec_cachep(i) to_kmem_cache(&bvec_caches[i])
static struct kmem_cache_opaque bounce_caches[NR_BUCKETS];
static struct kmem_cache_opaque node_pool_cache;
#define node_pool_cachep to_kmem_cache(&node_pool_cache)
static struct kmem_cache_opaque ioc_caches[NR_BUCKETS];

void __init bvec_init(void)
{
	int i;

	for (i = 0; i < NR_BUCKETS; i++)
		kmem_cache_setup(bvec_cachep(i), bvec_names[i], bvec_sizes[i],
				 0, SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}

static int __init bounce_cache(struct kmem_cache *s, unsigned int i)
{
	return kmem_cache_setup(s, bvec_names[i], bvec_sizes[i], 0, 0, NULL);
}

int __init bounce_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < NR_BUCKETS; i++) {
		err = bounce_cache(to_kmem_cache(&bounce_caches[i]), i);
		if (err)
			goto unwind;
	}
	return 0;

unwind:
	while (i--)
		kmem_cache_destroy(to_kmem_cache(&bounce_caches[i]));
	return err;
}

/* One pool per node was the plan; there is only one instance. */
void __init node_pool_init(void)
{
	int node;

	for (node = 0; node < NR_NODES; node++)
		kmem_cache_setup(node_pool_cachep, "node_pool",
				 sizeof(struct bio_vecs_8), 0, SLAB_PANIC, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:3: warning: static cache 'node_pool_cache' may already be set up on this path [kmem-resetup]
}

/* A typo: every iteration sets up element 0. */
void __init ioc_init(void)
{
	int i;

	for (i = 0; i < NR_BUCKETS; i++) {
		if (kmem_cache_setup(to_kmem_cache(&ioc_caches[0]),
				     bvec_names[i], sizeof(struct bio_vecs_2),
				     0, SLAB_PANIC, NULL))
			break;
		// CHECK: {{.*}}[[@LINE-4]]:7: warning: static cache 'ioc_caches[0]' may already be set up on this path [kmem-resetup]
	}
}
