// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-internal-flag look-alikes: .preallocated and .owner of struct
// kmem_cache_args written with zero (NULL, 0, (void *)0), in a file-scope
// initializer, a local initializer or an assignment.  That is what leaving
// them out does, so nothing is set by hand.  The twin writes a real owner
// and a real instance instead.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct rxe_pkt_info {
	struct list_head	list;
	u32			psn;
	u16			pkey_index;
	u8			opcode;
	u8			mask;
};

struct rxe_mr_ext {
	u64			iova;
	u32			lkey;
	u32			rkey;
	u64			length;
};

struct rxe_qp_ext {
	u32			qpn;
	u32			state;
	struct list_head	grp_list;
};

#ifdef SLABCHECK_TWIN
#define RXE_OWNER &THIS_MODULE->mkobj.kobj
static struct kmem_cache_opaque rxe_mr_instance;
#else
#define RXE_OWNER NULL
#endif

/* "Be explicit about what we do not set." */
static struct kmem_cache_args rxe_pkt_args = {
	.align		= 8,
	.preallocated	= NULL,
	.owner		= RXE_OWNER,
	// TWIN: {{.*}}[[@LINE-1]]:12: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
};

struct kmem_cache *rxe_pkt_cache;
struct kmem_cache *rxe_mr_cache;
struct kmem_cache *rxe_qp_cache;

int __init rxe_caches_init(void)
{
	struct kmem_cache_args mr_args = {
		.align		= __alignof__(struct rxe_mr_ext),
#ifdef SLABCHECK_TWIN
		.preallocated	= to_kmem_cache(&rxe_mr_instance),
		// TWIN: {{.*}}[[@LINE-1]]:19: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
#else
		.preallocated	= (void *)0,
#endif
		.owner		= 0,
	};
	struct kmem_cache_args qp_args = {
		.align = 8,
	};

	rxe_pkt_cache = kmem_cache_create("rxe_pkt",
					  sizeof(struct rxe_pkt_info),
					  &rxe_pkt_args, 0);
	if (!rxe_pkt_cache)
		return -ENOMEM;
	rxe_mr_cache = kmem_cache_create("rxe_mr", sizeof(struct rxe_mr_ext),
					 &mr_args, 0);
	if (!rxe_mr_cache)
		goto out_pkt;
	qp_args.preallocated = NULL;
	qp_args.owner = NULL;
	rxe_qp_cache = kmem_cache_create("rxe_qp", sizeof(struct rxe_qp_ext),
					 &qp_args, 0);
	if (!rxe_qp_cache)
		goto out_mr;
	return 0;

out_mr:
	kmem_cache_destroy(rxe_mr_cache);
out_pkt:
	kmem_cache_destroy(rxe_pkt_cache);
	return -ENOMEM;
}
