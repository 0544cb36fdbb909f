// RUN: %convert %s -DMODULE | %filecheck %s
// RUN: %convert %s -DMODULE -DLADDER | %filecheck %s --check-prefix=LADDER
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert in a module whose init and exit share one teardown,
// the way many drivers write it: init's failure runs it for caches it has
// not created yet, which kmem_cache_destroy(NULL) lets the dynamic code
// do and a static instance would not.  Its look-alike (LADDER) unwinds in
// a ladder and keeps the shared teardown for exit: both convert.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct nvt_cmd {
	unsigned int	opcode;
	char		data[48];
};

struct nvt_rsp {
	unsigned int	status;
	char		data[16];
};

static struct kmem_cache *nvt_cmd_cachep;
static struct kmem_cache *nvt_rsp_cachep;

// CHECK:      paths-module.c:[[#@LINE-3]]: nvt_cmd_cachep: refused (destroy-uncreated): it is destroyed in nvt_destroy_caches on a path of init where it may not have been created: kmem_cache_destroy(NULL) does nothing, but a static instance is never NULL
// CHECK-NEXT: paths-module.c:[[#@LINE-3]]: nvt_rsp_cachep: refused (destroy-uncreated): it is destroyed in nvt_destroy_caches on a path
// LADDER:      paths-module.c:[[#@LINE-5]]: nvt_cmd_cachep: converted: KMEM_CACHE_USERCOPY() becomes KMEM_CACHE_SETUP_USERCOPY()
// LADDER-NEXT: paths-module.c:[[#@LINE-5]]: nvt_rsp_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()

static void nvt_destroy_caches(void)
{
	kmem_cache_destroy(nvt_rsp_cachep);
	kmem_cache_destroy(nvt_cmd_cachep);
}

static int __init nvt_init(void)
{
	int ret = -ENOMEM;

	nvt_cmd_cachep = KMEM_CACHE_USERCOPY(nvt_cmd, SLAB_ACCOUNT, data);
	if (!nvt_cmd_cachep)
		goto err;
	nvt_rsp_cachep = KMEM_CACHE(nvt_rsp, 0);
	if (!nvt_rsp_cachep)
#ifdef LADDER
		goto err_cmd;
#else
		goto err;
#endif
	return 0;
#ifdef LADDER
err_cmd:
	kmem_cache_destroy(nvt_cmd_cachep);
err:
	return ret;
#else
err:
	nvt_destroy_caches();
	return ret;
#endif
}

static void __exit nvt_exit(void)
{
	nvt_destroy_caches();
}

module_init(nvt_init);
module_exit(nvt_exit);
MODULE_LICENSE("GPL");
