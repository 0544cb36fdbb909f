// RUN: %check --dump-model %s | %filecheck %s
//
// The model of a small unit, as every front-end must describe it: setups
// through the helper and the macro, the tests their results get (IS_ERR,
// == 0, < 0 through unlikely()), a helper that sets up its parameter, and
// calls to functions of other files kept by name.
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct tw_req {
	struct list_head	node;
	u32			flags;
};

static struct kmem_cache_opaque tw_req_cache;
#define tw_req_cachep to_kmem_cache(&tw_req_cache)
static struct kmem_cache_opaque tw_ctx_cache;

int tw_register(void);

// CHECK: instance tw_req_cache
// CHECK: instance tw_ctx_cache

// CHECK-LABEL: function tw_cache_init
static int __init tw_cache_init(struct kmem_cache *s)
{
	// CHECK: [[R:v[0-9]+]] = setup kmem_cache_setup parameter0 size=24 flags=0 @[[@LINE+1]]:9
	return kmem_cache_setup(s, "tw_ctx", sizeof(struct tw_req), 0, 0, NULL);
}

// CHECK-LABEL: function tw_init
int __init tw_init(void)
{
	int err;

	// CHECK: [[P:v[0-9]+]] = setup __kmem_cache_create_args tw_req_cache size=24
	// CHECK: test error-or-null [[P]]
	if (IS_ERR_OR_NULL(KMEM_CACHE_SETUP(tw_req_cachep, tw_req, 0)))
		return -ENOMEM;
	// CHECK: [[E:v[0-9]+]] = call tw_cache_init(tw_ctx_cache) @[[@LINE+1]]:8
	err = tw_cache_init(to_kmem_cache(&tw_ctx_cache));
	// CHECK: test negative [[E]]
	if (unlikely(err < 0))
		return err;
	// CHECK: [[T:v[0-9]+]] = call tw_register [unseen]() @[[@LINE+1]]:8
	err = tw_register();
	// CHECK: test zero [[T]]
	if (err)
		return err;
	return 0;
}
