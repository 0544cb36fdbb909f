/*
 * Test stand-in for <linux/kernel.h> (with the bits of <linux/container_of.h>,
 * <linux/array_size.h>, <linux/minmax.h> and <linux/math.h> it pulls in),
 * modeled on Linux 6.12.  Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/err.h>

#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)(__mptr - offsetof(type, member)));			\
})

#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]))

#define min(x, y) ({							\
	typeof(x) __min1 = (x);						\
	typeof(y) __min2 = (y);						\
	__min1 < __min2 ? __min1 : __min2;				\
})
#define max(x, y) ({							\
	typeof(x) __max1 = (x);						\
	typeof(y) __max2 = (y);						\
	__max1 > __max2 ? __max1 : __max2;				\
})
#define min_t(type, x, y)	min((type)(x), (type)(y))
#define max_t(type, x, y)	max((type)(x), (type)(y))
#define clamp(val, lo, hi)	min(max(val, lo), hi)

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define ALIGN(x, a)		(((x) + ((typeof(x))(a) - 1)) & ~((typeof(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((typeof(x))(a) - 1)) == 0)
#define round_up(x, y)		((((x) - 1) | ((typeof(x))((y) - 1))) + 1)

#define U8_MAX		((u8)~0U)
#define U16_MAX		((u16)~0U)
#define U32_MAX		((u32)~0U)
#define INT_MAX		((int)(~0U >> 1))
#define UINT_MAX	(~0U)
#define LONG_MAX	((long)(~0UL >> 1))
#define ULONG_MAX	(~0UL)

void might_sleep(void);
void cond_resched(void);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
__printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);

#endif /* _LINUX_KERNEL_H */
