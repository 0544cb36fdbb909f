/*
 * Test stand-in for <linux/stddef.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_STDDEF_H
#define _LINUX_STDDEF_H

#undef NULL
#define NULL ((void *)0)

enum {
	false	= 0,
	true	= 1
};

#undef offsetof
#define offsetof(TYPE, MEMBER)	__builtin_offsetof(TYPE, MEMBER)

/* Size of MEMBER within struct TYPE. */
#define sizeof_field(TYPE, MEMBER)	sizeof((((TYPE *)0)->MEMBER))

/* Offset of the first byte after MEMBER within struct TYPE. */
#define offsetofend(TYPE, MEMBER) \
	(offsetof(TYPE, MEMBER) + sizeof_field(TYPE, MEMBER))

#endif /* _LINUX_STDDEF_H */
