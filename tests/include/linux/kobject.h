/*
 * Test stand-in for <linux/kobject.h>, modeled on Linux 6.12 (only the
 * members and calls the tests touch).  Written for slabcheck's tests; not
 * kernel code.
 */
#ifndef _LINUX_KOBJECT_H
#define _LINUX_KOBJECT_H

#include <linux/types.h>

struct kref {
	atomic_t refcount;
};

struct kobject {
	const char		*name;
	struct list_head	entry;
	struct kobject		*parent;
	struct kref		kref;
	unsigned int		state_initialized:1;
	unsigned int		state_in_sysfs:1;
};

struct kobject *kobject_get(struct kobject *kobj);
void kobject_put(struct kobject *kobj);

#endif /* _LINUX_KOBJECT_H */
