/* Two globals, defined by two files, declared side by side here. */
#ifndef ONE_HEADER_H
#define ONE_HEADER_H
#include <linux/slab.h>

struct one_inode {
	unsigned long ino;
};

struct one_dentry {
	unsigned long hash;
};

extern struct kmem_cache *one_inode_cachep;
extern struct kmem_cache *one_dentry_cachep;
#endif
