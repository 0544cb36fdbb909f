/*
 * Test stand-in for <linux/cache.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_CACHE_H
#define _LINUX_CACHE_H

#include <linux/compiler.h>

#define L1_CACHE_SHIFT		6
#define L1_CACHE_BYTES		(1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES		L1_CACHE_BYTES

/* Writable data that is mostly read: grouped to keep it off hot lines. */
#define __read_mostly		__section(".data..read_mostly")

#define ____cacheline_aligned	__aligned(SMP_CACHE_BYTES)
#define __cacheline_aligned						\
	__aligned(SMP_CACHE_BYTES) __section(".data..cacheline_aligned")

#endif /* _LINUX_CACHE_H */
