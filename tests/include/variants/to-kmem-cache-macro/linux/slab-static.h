/*
 * The stand-in <linux/slab-static.h> with to_kmem_cache() a macro, a cast,
 * as a version of the series may write it instead of an inline function:
 * the instance is the same whichever way the pointer is converted.
 *
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _SLABCHECK_VARIANT_TO_KMEM_CACHE_MACRO_H
#define _SLABCHECK_VARIANT_TO_KMEM_CACHE_MACRO_H

#include_next <linux/slab-static.h>

#define to_kmem_cache(p)	((struct kmem_cache *)(p))

#endif /* _SLABCHECK_VARIANT_TO_KMEM_CACHE_MACRO_H */
