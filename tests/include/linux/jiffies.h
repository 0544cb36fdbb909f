/*
 * Test stand-in for <linux/jiffies.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/types.h>

#define HZ	250

extern unsigned long volatile jiffies;

/* Wrap-safe comparisons: true if a is after b. */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)

static inline unsigned long msecs_to_jiffies(unsigned int m)
{
	return (m + (1000 / HZ) - 1) / (1000 / HZ);
}

static inline unsigned int jiffies_to_msecs(unsigned long j)
{
	return j * (1000 / HZ);
}

#endif /* _LINUX_JIFFIES_H */
