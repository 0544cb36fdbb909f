/*
 * Test stand-in for the build-generated <generated/kmem_cache_size.h> of
 * the static kmem_cache RFC, modeled on Linux 6.12.  The kernel
 * computes these from struct kmem_cache at build time; the tests use fixed
 * values.  Written for slabcheck's tests; not kernel code.
 */
#ifndef __KMEM_CACHE_SIZE_H__
#define __KMEM_CACHE_SIZE_H__

#define KMEM_CACHE_SIZE		256	/* sizeof(struct kmem_cache) */
#define KMEM_CACHE_ALIGN	64	/* __alignof__(struct kmem_cache) */

#endif /* __KMEM_CACHE_SIZE_H__ */
