/*
 * Test stand-in for <linux/mutex.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/types.h>

struct mutex {
	atomic_t	owner;
	struct list_head wait_list;
};

#define __MUTEX_INITIALIZER(name)					\
	{ .owner = { 0 }, .wait_list = { &(name).wait_list, &(name).wait_list } }
#define DEFINE_MUTEX(name)	struct mutex name = __MUTEX_INITIALIZER(name)

void mutex_init(struct mutex *lock);
void mutex_lock(struct mutex *lock);
int __must_check mutex_lock_interruptible(struct mutex *lock);
int mutex_trylock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

#endif /* _LINUX_MUTEX_H */
