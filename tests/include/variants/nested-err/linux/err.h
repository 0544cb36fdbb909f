/*
 * <linux/err.h> with its helpers calling each other: IS_ERR_OR_NULL()
 * and PTR_ERR_OR_ZERO() through IS_ERR(), PTR_ERR_OR_ZERO() as one
 * conditional expression, IS_ERR() without unlikely().  With a
 * <linux/slab-static.h> of tests/include/variants/, an API helper's body
 * calls helpers that call helpers.
 *
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>

#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x)	((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void * __must_check ERR_PTR(long error)
{
	return (void *)error;
}

static inline long __must_check PTR_ERR(__force const void *ptr)
{
	return (long)ptr;
}

static inline bool __must_check IS_ERR(__force const void *ptr)
{
	return IS_ERR_VALUE(ptr);
}

static inline bool __must_check IS_ERR_OR_NULL(__force const void *ptr)
{
	return !ptr || IS_ERR(ptr);
}

static inline void * __must_check ERR_CAST(__force const void *ptr)
{
	return (void *)ptr;
}

static inline int __must_check PTR_ERR_OR_ZERO(__force const void *ptr)
{
	return IS_ERR(ptr) ? PTR_ERR(ptr) : 0;
}

#endif /* _LINUX_ERR_H */
