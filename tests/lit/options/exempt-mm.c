// RUN: %check %S/../Inputs/mm/slab_prealloc.c | %filecheck --allow-empty %s
// RUN: %check -DMODULE %S/../Inputs/mm/slab_prealloc.c | %filecheck --allow-empty %s
// CHECK-NOT: warning
//
// Code under mm/ is exempt from kmem-internal-flag without any option:
// the slab allocator itself handles SLAB_PREALLOCATED, .preallocated and
// .owner.  The input sits in an mm/ directory of its own.
