/*
 * Test stand-in for <linux/list_lru.h>, modeled on Linux 6.12 (a single
 * node, no memcg awareness).  Written for slabcheck's tests; not kernel
 * code.
 */
#ifndef _LINUX_LIST_LRU_H
#define _LINUX_LIST_LRU_H

#include <linux/types.h>

struct list_lru {
	struct list_head	list;
	long			nr_items;
};

#endif /* _LINUX_LIST_LRU_H */
