/*
 * Test stand-in for <linux/gfp.h> and <linux/gfp_types.h>, modeled on
 * Linux 6.12 (bit numbers as in a configuration with lockdep off).
 * Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_GFP_H
#define _LINUX_GFP_H

#include <linux/types.h>

enum {
	___GFP_DMA_BIT,
	___GFP_HIGHMEM_BIT,
	___GFP_DMA32_BIT,
	___GFP_MOVABLE_BIT,
	___GFP_RECLAIMABLE_BIT,
	___GFP_HIGH_BIT,
	___GFP_IO_BIT,
	___GFP_FS_BIT,
	___GFP_ZERO_BIT,
	___GFP_UNUSED_BIT,
	___GFP_DIRECT_RECLAIM_BIT,
	___GFP_KSWAPD_RECLAIM_BIT,
	___GFP_WRITE_BIT,
	___GFP_NOWARN_BIT,
	___GFP_RETRY_MAYFAIL_BIT,
	___GFP_NOFAIL_BIT,
	___GFP_NORETRY_BIT,
	___GFP_MEMALLOC_BIT,
	___GFP_COMP_BIT,
	___GFP_NOMEMALLOC_BIT,
	___GFP_HARDWALL_BIT,
	___GFP_THISNODE_BIT,
	___GFP_ACCOUNT_BIT,
	___GFP_ZEROTAGS_BIT,
	___GFP_LAST_BIT
};

#define __GFP_BIT(bit)		((__force gfp_t)(1U << (bit)))

#define __GFP_DMA		__GFP_BIT(___GFP_DMA_BIT)
#define __GFP_HIGHMEM		__GFP_BIT(___GFP_HIGHMEM_BIT)
#define __GFP_DMA32		__GFP_BIT(___GFP_DMA32_BIT)
#define __GFP_MOVABLE		__GFP_BIT(___GFP_MOVABLE_BIT)
#define __GFP_RECLAIMABLE	__GFP_BIT(___GFP_RECLAIMABLE_BIT)
#define __GFP_HIGH		__GFP_BIT(___GFP_HIGH_BIT)
#define __GFP_IO		__GFP_BIT(___GFP_IO_BIT)
#define __GFP_FS		__GFP_BIT(___GFP_FS_BIT)
#define __GFP_ZERO		__GFP_BIT(___GFP_ZERO_BIT)
#define __GFP_DIRECT_RECLAIM	__GFP_BIT(___GFP_DIRECT_RECLAIM_BIT)
#define __GFP_KSWAPD_RECLAIM	__GFP_BIT(___GFP_KSWAPD_RECLAIM_BIT)
#define __GFP_WRITE		__GFP_BIT(___GFP_WRITE_BIT)
#define __GFP_NOWARN		__GFP_BIT(___GFP_NOWARN_BIT)
#define __GFP_RETRY_MAYFAIL	__GFP_BIT(___GFP_RETRY_MAYFAIL_BIT)
#define __GFP_NOFAIL		__GFP_BIT(___GFP_NOFAIL_BIT)
#define __GFP_NORETRY		__GFP_BIT(___GFP_NORETRY_BIT)
#define __GFP_MEMALLOC		__GFP_BIT(___GFP_MEMALLOC_BIT)
#define __GFP_COMP		__GFP_BIT(___GFP_COMP_BIT)
#define __GFP_NOMEMALLOC	__GFP_BIT(___GFP_NOMEMALLOC_BIT)
#define __GFP_HARDWALL		__GFP_BIT(___GFP_HARDWALL_BIT)
#define __GFP_THISNODE		__GFP_BIT(___GFP_THISNODE_BIT)
#define __GFP_ACCOUNT		__GFP_BIT(___GFP_ACCOUNT_BIT)

#define __GFP_RECLAIM	((__force gfp_t)(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM))

#define GFP_ATOMIC	(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL	(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT	(__GFP_KSWAPD_RECLAIM | __GFP_NOWARN)
#define GFP_NOIO	(__GFP_RECLAIM)
#define GFP_NOFS	(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER	(__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA		__GFP_DMA
#define GFP_DMA32	__GFP_DMA32

#define NUMA_NO_NODE	(-1)

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

#endif /* _LINUX_GFP_H */
