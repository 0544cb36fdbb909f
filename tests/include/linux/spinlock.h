/*
 * Test stand-in for <linux/spinlock.h>, modeled on Linux 6.12 (a
 * uniprocessor build: the locks only mark critical sections).  Written for
 * slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/compiler.h>
#include <linux/types.h>

typedef struct spinlock {
	unsigned int	locked;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ .locked = 0 }
#define DEFINE_SPINLOCK(name)		spinlock_t name = __SPIN_LOCK_UNLOCKED(name)

static inline void spin_lock_init(spinlock_t *lock)
{
	lock->locked = 0;
}

static inline void spin_lock(spinlock_t *lock)
{
	lock->locked = 1;
	barrier();
}

static inline void spin_unlock(spinlock_t *lock)
{
	barrier();
	lock->locked = 0;
}

static inline void spin_lock_bh(spinlock_t *lock)
{
	spin_lock(lock);
}

static inline void spin_unlock_bh(spinlock_t *lock)
{
	spin_unlock(lock);
}

static inline unsigned long __spin_lock_irqsave(spinlock_t *lock)
{
	spin_lock(lock);
	return 0;
}

#define spin_lock_irqsave(lock, flags)					\
	do {								\
		(flags) = __spin_lock_irqsave(lock);			\
	} while (0)

static inline void spin_unlock_irqrestore(spinlock_t *lock,
					  unsigned long flags)
{
	spin_unlock(lock);
	(void)flags;
}

#define lockdep_assert_held(lock)	do { (void)(lock); } while (0)

#endif /* _LINUX_SPINLOCK_H */
