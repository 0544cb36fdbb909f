// RUN: %check %S/../Inputs/mm/slab_prealloc.c | %filecheck --allow-empty %s
// RUN: %check -DMODULE %S/../Inputs/mm/slab_prealloc.c | %filecheck --allow-empty %s
// RUN: %check --exempt=drivers/ %S/../Inputs/mm/slab_prealloc.c | %filecheck --check-prefix=TWIN %s
// RUN: %check --exempt=drivers/ -DMODULE %S/../Inputs/mm/slab_prealloc.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Code under mm/ is exempt from kmem-internal-flag without any option:
// the slab allocator itself handles SLAB_PREALLOCATED, .preallocated and
// .owner.  The input sits in an mm/ directory of its own.
//
// The positive control: an exempt list without mm/ (the first --exempt=
// replaces the default) makes the same input report all three.
// TWIN: {{.*}}mm/slab_prealloc.c:27:25: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
// TWIN: {{.*}}mm/slab_prealloc.c:32:15: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
// TWIN: {{.*}}mm/slab_prealloc.c:33:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]
