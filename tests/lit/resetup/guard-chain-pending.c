// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup and a setup's result passed back up through two helpers
// before anyone tests it: "set up unless this result says it failed"
// stays tied to the value each helper returns, so a caller that retries
// only when the setup failed retries nothing that worked.  Three
// spellings of the result: the int of kmem_cache_setup() turned into
// -ENOMEM and tested `< 0`, the pointer KMEM_CACHE_SETUP() gives back
// tested for NULL, and that pointer turned into an int by
// PTR_ERR_OR_ZERO() in the middle helper.  The twin also retries when
// the first try worked.
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nvx_cmd {
	unsigned int	opcode;
	unsigned int	nsid;
	unsigned long	prp[2];
};

struct nvx_cqe {
	unsigned int	result;
	unsigned short	sq_id;
	unsigned short	status;
};

static struct kmem_cache_opaque nvx_cmd_cache;
#define nvx_cmd_cachep to_kmem_cache(&nvx_cmd_cache)
static struct kmem_cache_opaque nvx_cqe_cache;
#define nvx_cqe_cachep to_kmem_cache(&nvx_cqe_cache)
static struct kmem_cache_opaque nvx_sgl_cache;
#define nvx_sgl_cachep to_kmem_cache(&nvx_sgl_cache)

void nvx_shrink_pools(void);

static int nvx_cmd_cache_init(void)
{
	int err;

	err = kmem_cache_setup(nvx_cmd_cachep, "nvx_cmd",
			       sizeof(struct nvx_cmd), 0, 0, NULL);
	if (err) {
		pr_warn("nvx: no command cache\n");
		return -ENOMEM;
	}
	return 0;
}

static int nvx_cmd_pool_get(void)
{
	int ret = nvx_cmd_cache_init();

	if (ret)
		return ret;
	return 0;
}

static int nvx_queues_prepare(void)
{
	return nvx_cmd_pool_get();
}

int nvx_start_queues(void)
{
	int ret;

	ret = nvx_queues_prepare();
#ifdef SLABCHECK_TWIN
	nvx_shrink_pools();
#else
	if (ret < 0) {
		nvx_shrink_pools();
#endif
		ret = nvx_queues_prepare();
		// TWIN: {{.*}}guard-chain-pending.c:[[@LINE-1]]:9: warning: static cache 'nvx_cmd_cache' may already be set up on this path (set up again in 'nvx_queues_prepare') [kmem-resetup]
#ifndef SLABCHECK_TWIN
	}
#endif
	return ret;
}

static struct kmem_cache *nvx_cqe_cache_init(void)
{
	return KMEM_CACHE_SETUP(nvx_cqe_cachep, nvx_cqe, SLAB_HWCACHE_ALIGN);
}

static struct kmem_cache *nvx_cqe_pool_get(void)
{
	struct kmem_cache *s = nvx_cqe_cache_init();

	return s;
}

static struct kmem_cache *nvx_cq_prepare(void)
{
	return nvx_cqe_pool_get();
}

int nvx_start_completions(void)
{
#ifndef SLABCHECK_TWIN
	if (!nvx_cq_prepare()) {
#else
	if (nvx_cq_prepare()) {
#endif
		nvx_shrink_pools();
		return nvx_cq_prepare() ? 0 : -ENOMEM;
		// TWIN: {{.*}}guard-chain-pending.c:[[@LINE-1]]:10: warning: static cache 'nvx_cqe_cache' may already be set up on this path (set up again in 'nvx_cq_prepare') [kmem-resetup]
	}
	return 0;
}

static struct kmem_cache *nvx_sgl_cache_init(void)
{
	return KMEM_CACHE_SETUP(nvx_sgl_cachep, nvx_cmd, 0);
}

static int nvx_sgl_pool_get(void)
{
	return PTR_ERR_OR_ZERO(nvx_sgl_cache_init());
}

static int nvx_sgl_prepare(void)
{
	return nvx_sgl_pool_get();
}

int nvx_start_sgl(void)
{
	int ret = nvx_sgl_prepare();

#ifndef SLABCHECK_TWIN
	if (ret)
#else
	if (!ret)
#endif
		ret = nvx_sgl_prepare();
	// TWIN: {{.*}}guard-chain-pending.c:[[@LINE-1]]:9: warning: static cache 'nvx_sgl_cache' may already be set up on this path (set up again in 'nvx_sgl_prepare') [kmem-resetup]
	return ret;
}
