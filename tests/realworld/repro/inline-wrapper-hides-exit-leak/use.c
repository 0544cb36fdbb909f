// SPDX-License-Identifier: GPL-2.0
/* The other file of inline-wrapper-hides-exit-leak: see main.c. */
#include <linux/slab.h>
#include "tgt.h"

struct raw_lock {
	unsigned int val;
};

void _raw_lock(struct raw_lock *l);	/* in the kernel, not the module */

/* As spin_lock() wraps _raw_spin_lock() in <linux/spinlock.h>. */
static inline void gp_lock_it(struct raw_lock *l)
{
	_raw_lock(l);
}

static struct raw_lock gp_lock;

void gp_free(struct gp *gp)
{
	gp_lock_it(&gp_lock);
	kmem_cache_free(gp_cachep, gp);
}
