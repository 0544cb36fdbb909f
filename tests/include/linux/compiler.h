/*
 * Test stand-in for <linux/compiler.h> (and the parts of
 * <linux/compiler_types.h> and <linux/compiler_attributes.h> the tests use),
 * modeled on Linux 6.12.  Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

/* kbuild's -include <linux/kconfig.h> brings the configuration first. */
#include <generated/autoconf.h>

#define __aligned(x)		__attribute__((__aligned__(x)))
#define __section(s)		__attribute__((__section__(s)))
#define __packed		__attribute__((__packed__))
#define __used			__attribute__((__used__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __cold			__attribute__((__cold__))
#define __noreturn		__attribute__((__noreturn__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define fallthrough		__attribute__((__fallthrough__))

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)

#define barrier()		__asm__ __volatile__("" : : : "memory")

#define READ_ONCE(x)		(*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, val)						\
	do {								\
		*(volatile typeof(x) *)&(x) = (val);			\
	} while (0)

#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)

#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

#define __same_type(a, b)	__builtin_types_compatible_p(typeof(a), typeof(b))

#endif /* _LINUX_COMPILER_H */
