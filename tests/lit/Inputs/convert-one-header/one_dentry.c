/* The second global of one_header.h, defined and created here. */
#include <linux/init.h>
#include <linux/slab.h>

#include "one_header.h"

struct kmem_cache *one_dentry_cachep;

int __init one_dentry_init(void)
{
	one_dentry_cachep = KMEM_CACHE(one_dentry, SLAB_PANIC);
	return 0;
}

struct one_dentry *one_dentry_alloc(void)
{
	return kmem_cache_alloc(one_dentry_cachep, GFP_KERNEL);
}
