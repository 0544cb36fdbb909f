/*
 * Test stand-in for <linux/rcupdate.h>, modeled on Linux 6.12.
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>

typedef void (*rcu_callback_t)(struct rcu_head *head);

void call_rcu(struct rcu_head *head, rcu_callback_t func);
void synchronize_rcu(void);
void rcu_barrier(void);

static inline void rcu_read_lock(void)
{
	barrier();
}

static inline void rcu_read_unlock(void)
{
	barrier();
}

#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	WRITE_ONCE(p, v)

#endif /* _LINUX_RCUPDATE_H */
