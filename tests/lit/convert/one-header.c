// RUN: rm -rf %t.d && mkdir %t.d && cp %s %S/../Inputs/convert-one-header/* %t.d
// Both files convert their global.
// RUN: %convert --with one_dentry.c %t.d/one-header.c -DMODULE -I%S/../Inputs/convert-one-header | %filecheck %s --check-prefix=TABLE
// The patch edits the header once, with both externs, and applies.
// RUN: %convert --patch --with one_dentry.c %t.d/one-header.c -DMODULE -I%S/../Inputs/convert-one-header > %t.diff
// RUN: %filecheck %s --check-prefix=PATCH < %t.diff
// RUN: cd %t.d && git apply %t.diff
// RUN: %check %t.d/one-header.c -DMODULE -I%S/../Inputs/convert-one-header | %filecheck --allow-empty %s --check-prefix=CLEAN
// RUN: %check %t.d/one_dentry.c -DMODULE -I%S/../Inputs/convert-one-header | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: the applied patch with the inode cache's destroy dropped.
// RUN: sed '/kmem_cache_destroy(one_inode_cachep);/d' %t.d/one-header.c > %t.d/leak.c
// RUN: %check %t.d/leak.c -DMODULE -I%S/../Inputs/convert-one-header | %filecheck %s --check-prefix=TWIN
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// Two globals declared side by side in one header, defined by two files
// of one run (as fs/ declares caches that fs/inode.c and fs/dcache.c
// create): each file's conversion edits the header, and the patch has the
// header once, with both edits, so that it applies.
#include <linux/module.h>
#include <linux/slab.h>

#include "one_header.h"

struct kmem_cache *one_inode_cachep;
// TABLE:      one-header.c:[[#@LINE-1]]: one_inode_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// TABLE-NEXT: one_dentry.c:7: one_dentry_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()

static int __init one_init(void)
{
	one_inode_cachep = KMEM_CACHE(one_inode, 0);
	if (!one_inode_cachep)
		return -ENOMEM;
	return 0;
}

static void __exit one_exit(void)
{
	kmem_cache_destroy(one_inode_cachep);
}

module_init(one_init);
module_exit(one_exit);

// PATCH:      --- a/one-header.c
// PATCH:      --- a/one_dentry.c
// PATCH:      --- a/one_header.h
// PATCH-NEXT: +++ b/one_header.h
// PATCH-NEXT: @@ -11,6 +11,8 @@
// PATCH-NEXT:  	unsigned long hash;
// PATCH-NEXT:  };
// PATCH-NEXT: {{^}} {{$}}
// PATCH-NEXT: -extern struct kmem_cache *one_inode_cachep;
// PATCH-NEXT: -extern struct kmem_cache *one_dentry_cachep;
// PATCH-NEXT: +extern struct kmem_cache_opaque one_inode_cache;
// PATCH-NEXT: +#define one_inode_cachep to_kmem_cache(&one_inode_cache)
// PATCH-NEXT: +extern struct kmem_cache_opaque one_dentry_cache;
// PATCH-NEXT: +#define one_dentry_cachep to_kmem_cache(&one_dentry_cache)
// PATCH-NEXT:  #endif
// PATCH-NOT:  one_header.h

// CLEAN-NOT: warning
// TWIN:      leak.c:{{[0-9]+}}:{{[0-9]+}}: warning: static cache 'one_inode_cache' is not destroyed on every path out of module exit 'one_exit' [kmem-module-leak]
//
