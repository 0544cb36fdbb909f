/*
 * Test stand-in for <linux/hash.h>, modeled on Linux 6.12: multiplicative
 * hashing by the golden ratio.  Written for slabcheck's tests; not kernel
 * code.
 */
#ifndef _LINUX_HASH_H
#define _LINUX_HASH_H

#include <linux/types.h>

#define GOLDEN_RATIO_32 0x61C88647
#define GOLDEN_RATIO_64 0x61C8864680B583EBull

static inline u32 __hash_32(u32 val)
{
	return val * GOLDEN_RATIO_32;
}

static inline u32 hash_32(u32 val, unsigned int bits)
{
	/* High bits are more random, so use them. */
	return __hash_32(val) >> (32 - bits);
}

static inline u32 hash_64(u64 val, unsigned int bits)
{
	return val * GOLDEN_RATIO_64 >> (64 - bits);
}

#define hash_long(val, bits)	hash_64(val, bits)

static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_long((unsigned long)ptr, bits);
}

#endif /* _LINUX_HASH_H */
