// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-internal-flag: '.preallocated' and '.owner' filled in by hand in
// file-scope initializers, and where each front-end reports them.  GCC
// folds a file-scope initializer before slabcheck sees it, and a value
// folded to a constant (a sentinel pointer, an address made of an
// integer) keeps no location: such a finding is reported at the name of
// the variable initialized, on whichever line the value is written.  An
// address keeps its own: the array it decays from, the macro that
// expands to it, the cast of pointer arithmetic that makes it.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct mlx_wqe {
	u64			addr;
	u32			lkey;
	u32			byte_count;
};

/* Not yet set up: the driver's sentinel for a cache to be created. */
#define MLX_CACHE_PENDING	((struct kmem_cache *)-1)
#define MLX_CACHE_STORAGE	((void *)&mlx_cq_cache)

static struct kmem_cache_opaque mlx_cq_cache;
static struct kmem_cache_opaque mlx_qp_caches[2];
struct kobject mlx_kobjs[2];

static struct kmem_cache_args mlx_wqe_args = {
	.align		= 64,
	.preallocated	= MLX_CACHE_PENDING,
	.owner		= (struct kobject *)0x1000,
};
// CHECK-DAG: {{.*}}[[@LINE-5]]:31: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
// CHECK-DAG: {{.*}}[[@LINE-6]]:31: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]

static struct kmem_cache_args mlx_cqe_args = { .preallocated = (void *)1 };
// CHECK-DAG: {{.*}}[[@LINE-1]]:31: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]

static struct kmem_cache_args mlx_cq_args = {
	.preallocated	= MLX_CACHE_STORAGE,
	// CHECK-DAG: {{.*}}[[@LINE-1]]:18: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
};

static struct kmem_cache_args mlx_qp_args = {
	.align		= 8,
	.preallocated	= (void *)((char *)mlx_qp_caches +
				   sizeof(struct kmem_cache_opaque)),
	// CHECK-DAG: {{.*}}[[@LINE-2]]:18: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
	.owner		= mlx_kobjs,
	// CHECK-DAG: {{.*}}[[@LINE-1]]:12: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
};

int __init mlx_caches_init(void)
{
	if (!__kmem_cache_create_args("mlx_wqe", sizeof(struct mlx_wqe),
				      &mlx_wqe_args, 0))
		return -ENOMEM;
	if (!__kmem_cache_create_args("mlx_cqe", 64, &mlx_cqe_args, 0))
		return -ENOMEM;
	if (!__kmem_cache_create_args("mlx_cq", 256, &mlx_cq_args, 0))
		return -ENOMEM;
	if (!__kmem_cache_create_args("mlx_qp", 512, &mlx_qp_args, 0))
		return -ENOMEM;
	return 0;
}
