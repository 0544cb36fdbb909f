/*
 * Test stand-in for <linux/errno.h> (with the uapi asm-generic numbers),
 * modeled on Linux 6.12.  Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define ENXIO		6
#define E2BIG		7
#define EBADF		9
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define ENFILE		23
#define EMFILE		24
#define ENOSPC		28
#define ESPIPE		29
#define EROFS		30
#define EPIPE		32
#define ERANGE		34
#define ENAMETOOLONG	36
#define ENOSYS		38
#define ENOTEMPTY	39
#define ENODATA		61
#define EBADMSG		74
#define EOVERFLOW	75
#define EMSGSIZE	90
#define EOPNOTSUPP	95
#define ECONNRESET	104
#define ENOTCONN	107
#define ETIMEDOUT	110
#define EALREADY	114
#define EINPROGRESS	115

/* Kernel-internal codes, never seen by user space. */
#define ERESTARTSYS	512
#define ENOTSUPP	524

#endif /* _LINUX_ERRNO_H */
