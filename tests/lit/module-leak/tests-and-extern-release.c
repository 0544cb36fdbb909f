// RUN: %check -DMODULE %s | %filecheck %s
//
// Look-alikes that must stay silent: results tested through unlikely() or
// with "< 0", and a cache released by a function of another file, which
// the model cannot see into.  One real leak keeps the test honest.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct xfrm_state {
	unsigned long	flags;
	int		refcnt;
	void		*data;
};

static struct kmem_cache_opaque xfrm_state_cache;
#define xfrm_state_cachep to_kmem_cache(&xfrm_state_cache)
static struct kmem_cache_opaque xfrm_dst_cache;
#define xfrm_dst_cachep to_kmem_cache(&xfrm_dst_cache)

int xfrm_register_proto(void);
void xfrm_release_cache(struct kmem_cache *s);

static int __init xfrm_init(void)
{
	int err;

	err = kmem_cache_setup(xfrm_state_cachep, "xfrm_state",
			       sizeof(struct xfrm_state), 0, 0, NULL);
	if (unlikely(err))
		return err;
	if (kmem_cache_setup(xfrm_dst_cachep, "xfrm_dst",
			     sizeof(struct xfrm_state), 0, 0, NULL) < 0)
		goto out_state;
	err = xfrm_register_proto();
	if (err < 0)
		goto out_dst;
	return 0;

out_dst:
	kmem_cache_destroy(xfrm_dst_cachep);
out_state:
	kmem_cache_destroy(xfrm_state_cachep);
	return -ENOMEM;
}

static void __exit xfrm_exit(void)
{
	xfrm_release_cache(xfrm_dst_cachep);
}

module_init(xfrm_init);
module_exit(xfrm_exit);
// CHECK: {{.*}}:30:8: warning: static cache 'xfrm_state_cache' is not destroyed on every path out of module exit 'xfrm_exit' [kmem-module-leak]
//
