// The largest object a cache can hold is the configuration's: 4 MiB with
// 4 KiB pages (x86_64, arm64 by default), 512 MiB on arm64 with 64 KiB
// pages (CONFIG_PAGE_SHIFT=16, CONFIG_ARCH_FORCE_MAX_ORDER=13).  Objects of
// 64 and 128 MiB fail the setup on the first and are fine on the second.
// (Sizes stay below 256 MiB: sparse counts sizes in bits, in an int.)
// RUN: %check %s | %filecheck %s --check-prefixes=CHECK,SMALLPAGES
// RUN: %check -DCONFIG_PAGE_SHIFT=16 -DCONFIG_ARCH_FORCE_MAX_ORDER=13 %s | %filecheck %s --check-prefixes=CHECK,BIGPAGES --allow-empty
// 64 KiB pages with MAX_PAGE_ORDER left at its default of 10: 64 MiB is
// the largest; it fits, 128 MiB does not.
// RUN: %check -DCONFIG_PAGE_SHIFT=16 %s | %filecheck %s --check-prefixes=CHECK,BIGPAGES,DEFAULTORDER
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct frame_ring {
	u8	frames[64 << 20];
};

struct frame_table {
	u8	slots[128 << 20];
};

static struct kmem_cache_opaque ring_cache;
#define ring_cachep to_kmem_cache(&ring_cache)
static struct kmem_cache_opaque table_cache;
#define table_cachep to_kmem_cache(&table_cache)

static int __init frames_init(void)
{
	// SMALLPAGES: {{.*}}[[@LINE+2]]:2: warning: static cache 'ring_cache': objects of 67108864 bytes are larger than the slab allocator's largest (4194304); the setup fails [kmem-invalid-args]
	// BIGPAGES-NOT: 'ring_cache'
	KMEM_CACHE_SETUP(ring_cachep, frame_ring, SLAB_PANIC);
	// SMALLPAGES: {{.*}}[[@LINE+2]]:2: warning: static cache 'table_cache': objects of 134217728 bytes are larger than the slab allocator's largest (4194304); the setup fails [kmem-invalid-args]
	// DEFAULTORDER: {{.*}}[[@LINE+1]]:2: warning: static cache 'table_cache': objects of 134217728 bytes are larger than the slab allocator's largest (67108864); the setup fails [kmem-invalid-args]
	KMEM_CACHE_SETUP(table_cachep, frame_table, SLAB_PANIC);
	return 0;
}
module_init(frames_init);
// CHECK-NOT: warning:
