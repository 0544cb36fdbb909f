/*
 * Test stand-in for <linux/build_bug.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_BUILD_BUG_H
#define _LINUX_BUILD_BUG_H

#define BUILD_BUG_ON_ZERO(e)	((int)(sizeof(struct { int:(-!!(e)); })))

#define BUILD_BUG_ON_MSG(cond, msg)	_Static_assert(!(cond), msg)
#define BUILD_BUG_ON(condition)	\
	BUILD_BUG_ON_MSG(condition, "BUILD_BUG_ON failed: " #condition)

/* static_assert(expr) or static_assert(expr, "message"), as in the kernel. */
#define static_assert(expr, ...)	__static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...)	_Static_assert(expr, msg)

#endif /* _LINUX_BUILD_BUG_H */
