// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Tables indexed by a module parameter: init and exit run the entry of
// the protocol chosen at load time.  No path knows which element that
// is, so the calls stay calls that may reach anything, and module exit is
// not reported as leaking the cache of the protocol it did not pick.  The
// twin's exit always tears down the first protocol, whichever was set up.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct l2tp_session_min {
	struct list_head	list;
	u32			session_id;
	u32			peer_session_id;
};

static struct kmem_cache_opaque l2tp_ip_cache;
#define l2tp_ip_cachep to_kmem_cache(&l2tp_ip_cache)
static struct kmem_cache_opaque l2tp_eth_cache;
#define l2tp_eth_cachep to_kmem_cache(&l2tp_eth_cache)

static unsigned int encap;
module_param(encap, uint, 0444);
MODULE_PARM_DESC(encap, "0: IP, 1: Ethernet pseudowire");

static int l2tp_ip_init(void)
{
	return kmem_cache_setup(l2tp_ip_cachep, "l2tp_ip",
				sizeof(struct l2tp_session_min), 0, 0, NULL);
}

static void l2tp_ip_exit(void)
{
	kmem_cache_destroy(l2tp_ip_cachep);
}

static int l2tp_eth_init(void)
{
	// TWIN: {{.*}}[[@LINE+2]]:9: warning: static cache 'l2tp_eth_cache' is not destroyed on every path out of module exit 'l2tp_exit' [kmem-module-leak]
	//
	return kmem_cache_setup(l2tp_eth_cachep, "l2tp_eth",
				sizeof(struct l2tp_session_min), 0, 0, NULL);
}

static void l2tp_eth_exit(void)
{
	kmem_cache_destroy(l2tp_eth_cachep);
}

static int (*const l2tp_encap_init[])(void) = {
	l2tp_ip_init,
	l2tp_eth_init,
};

static void (*const l2tp_encap_exit[])(void) = {
	l2tp_ip_exit,
	l2tp_eth_exit,
};

static int __init l2tp_init(void)
{
	if (encap >= ARRAY_SIZE(l2tp_encap_init))
		return -EINVAL;
	return l2tp_encap_init[encap]();
}

static void __exit l2tp_exit(void)
{
#ifdef SLABCHECK_TWIN
	l2tp_encap_exit[0]();
#else
	l2tp_encap_exit[encap]();
#endif
}

module_init(l2tp_init);
module_exit(l2tp_exit);
MODULE_LICENSE("GPL");
