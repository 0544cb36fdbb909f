// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-storage on exported instances, written the way the kernel writes
// them: the definition, with no initializer, then EXPORT_SYMBOL(), which
// redeclares the variable extern.  The finding belongs to the definition,
// where the section is, not to the EXPORT_SYMBOL() line: GCC moves the
// variable's location to the redeclaration, and Clang's latest declaration
// is the extern one.  The instance converted correctly, and one with an
// initializer, are the look-alikes that must stay silent.
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define PATH_MAX_MIN 4096

/* Was: struct kmem_cache *names_cachep __ro_after_init; */
struct kmem_cache_opaque names_cache_instance __ro_after_init;
// CHECK: {{.*}}[[@LINE-1]]:26: warning: static cache 'names_cache_instance' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]
EXPORT_SYMBOL(names_cache_instance);
// CHECK-NOT: :[[@LINE-1]]:{{.*}}[kmem-storage]

/* The same, exported under the GPL, with the section spelled out. */
struct kmem_cache_opaque seq_file_instance
	__attribute__((section(".data..ro_after_init")));
// CHECK: {{.*}}[[@LINE-2]]:26: warning: static cache 'seq_file_instance' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]
EXPORT_SYMBOL_GPL(seq_file_instance);

/* Converted correctly: exported, writable. */
struct kmem_cache_opaque filp_instance;
EXPORT_SYMBOL(filp_instance);

/* Zero-initialized explicitly: a definition GCC keeps the place of. */
struct kmem_cache_opaque bfilp_instance = {};
EXPORT_SYMBOL(bfilp_instance);

void __init vfs_caches_init_early(void)
{
	kmem_cache_setup(to_kmem_cache(&names_cache_instance), "names_cache",
			 PATH_MAX_MIN, 0, SLAB_HWCACHE_ALIGN | SLAB_PANIC,
			 NULL);
	kmem_cache_setup(to_kmem_cache(&seq_file_instance), "seq_file", 64, 0,
			 SLAB_PANIC, NULL);
	kmem_cache_setup(to_kmem_cache(&filp_instance), "filp", 256, 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
	kmem_cache_setup(to_kmem_cache(&bfilp_instance), "bfilp", 256, 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}
// CHECK-NOT: warning
