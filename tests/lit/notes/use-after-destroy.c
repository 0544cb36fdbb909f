// RUN: %check --path=full %s | %filecheck %s
// RUN: %check --path=full -DSLABCHECK_TWIN %s | %filecheck %s --check-prefix=TWIN
//
// The events of a kmem-use-after-destroy finding: the destroy, after the
// call of the helper it is in.  Plain: teardown calls a helper that
// destroys the cache, then frees an object to it.  Twin: teardown destroys
// the cache itself, then calls a helper that frees to it: the destroy, and
// the call of the helper that runs after it.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ext4_es_min {
	unsigned int	es_lblk;
	unsigned int	es_len;
};

static struct kmem_cache_opaque ext4_es_cache;
#define ext4_es_cachep to_kmem_cache(&ext4_es_cache)

static struct ext4_es_min *ext4_es_spare;

void ext4_exit_es(void)
{
	kmem_cache_destroy(ext4_es_cachep);
}

void ext4_es_free_spare(void)
{
	kmem_cache_free(ext4_es_cachep, ext4_es_spare);
}

void ext4_es_teardown(void)
{
#ifndef SLABCHECK_TWIN
	ext4_exit_es();
	kmem_cache_free(ext4_es_cachep, ext4_es_spare);
#else
	kmem_cache_destroy(ext4_es_cachep);
	ext4_es_free_spare();
#endif
}
// CHECK: {{.*}}[[@LINE-6]]:2: warning: static cache 'ext4_es_cache' is passed to 'kmem_cache_free' after it was destroyed on this path [kmem-use-after-destroy]
// CHECK-NEXT: {{.*}}[[@LINE-8]]:2: note: 'ext4_exit_es' destroys 'ext4_es_cache', called here
// CHECK-NEXT: {{.*}}[[@LINE-20]]:2: note: 'ext4_es_cache' is destroyed here
// TWIN: {{.*}}[[@LINE-16]]:2: warning: static cache 'ext4_es_cache' is passed to 'kmem_cache_free' after it was destroyed on this path [kmem-use-after-destroy]
// TWIN-NEXT: {{.*}}[[@LINE-8]]:2: note: 'ext4_es_cache' is destroyed here
// TWIN-NEXT: {{.*}}[[@LINE-8]]:2: note: 'ext4_es_free_spare' is called after the destroy
