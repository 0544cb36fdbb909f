/*
 * Test stand-in for <linux/types.h>, modeled on Linux 6.12: the fixed-size
 * integer types, the __bitwise types gfp_t and slab_flags_t, and the small
 * structures (list heads, atomic_t, rcu_head) that the kernel's types.h
 * also carries.  Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/compiler.h>
#include <linux/stddef.h>

/* sparse's annotations; plain compilers see nothing. */
#ifdef __CHECKER__
#define __bitwise	__attribute__((bitwise))
#define __force		__attribute__((force))
#define __private	__attribute__((noderef))
#define ACCESS_PRIVATE(p, member) (*((typeof((p)->member) __force *)&(p)->member))
#else
#define __bitwise
#define __force
#define __private
#define ACCESS_PRIVATE(p, member) ((p)->member)
#endif

typedef signed char		s8;
typedef unsigned char		u8;
typedef signed short		s16;
typedef unsigned short		u16;
typedef signed int		s32;
typedef unsigned int		u32;
typedef signed long long	s64;
typedef unsigned long long	u64;

typedef u8	__u8;
typedef u16	__u16;
typedef u32	__u32;
typedef u64	__u64;
typedef u16 __bitwise	__le16;
typedef u32 __bitwise	__le32;
typedef u64 __bitwise	__le64;
typedef u16 __bitwise	__be16;
typedef u32 __bitwise	__be32;

typedef __SIZE_TYPE__		size_t;
typedef long			ssize_t;
typedef __PTRDIFF_TYPE__	ptrdiff_t;
typedef unsigned long		uintptr_t;
typedef long long		loff_t;
typedef u32			dev_t;
typedef unsigned short		umode_t;
typedef int			pid_t;
typedef long			time64_t;

typedef _Bool			bool;

typedef unsigned int __bitwise	gfp_t;
typedef unsigned int __bitwise	slab_flags_t;

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __aligned(sizeof(void *));
#define rcu_head callback_head

#endif /* _LINUX_TYPES_H */
