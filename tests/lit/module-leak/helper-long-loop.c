// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak past a helper that only fills a table, in the shape of
// net/batman-adv's batadv_init(): batadv_recv_handler_init() sets 256
// packet handlers in a loop between the cache setups and a failure.  The
// helper names no cache and calls nothing that does, so it cannot change
// one, however long its loop: the walk must not give up on it and forget
// the caches of module init.  Correct as it is; the twin's failure path
// forgets the cache.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct batx_tt_roam_node {
	unsigned char	addr[6];
	unsigned long	first_time;
};

static struct kmem_cache_opaque batx_tt_roam_cache_instance;
#define batx_tt_roam_cache to_kmem_cache(&batx_tt_roam_cache_instance)

typedef int (*batx_recv_handler)(void *skb, void *recv_if);
static batx_recv_handler batx_rx_handler[256];

int batx_register_netdevice_notifier(void);

static int batx_recv_unhandled_packet(void *skb, void *recv_if)
{
	return -EINVAL;
}

static void batx_recv_handler_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(batx_rx_handler); i++)
		batx_rx_handler[i] = batx_recv_unhandled_packet;
}

static int __init batx_init(void)
{
	if (kmem_cache_setup(batx_tt_roam_cache, "batx_tt_roam_cache",
			     sizeof(struct batx_tt_roam_node), 0,
			     SLAB_HWCACHE_ALIGN, NULL))
	// TWIN: {{.*}}[[@LINE-3]]:6: warning: static cache 'batx_tt_roam_cache_instance' stays set up when module init 'batx_init' fails [kmem-module-leak]
		return -ENOMEM;
	batx_recv_handler_init();
	if (batx_register_netdevice_notifier()) {
#ifndef SLABCHECK_TWIN
		kmem_cache_destroy(batx_tt_roam_cache);
#endif
		return -EBUSY;
		//
	}
	return 0;
}

static void __exit batx_exit(void)
{
	kmem_cache_destroy(batx_tt_roam_cache);
}

module_init(batx_init);
module_exit(batx_exit);
MODULE_LICENSE("GPL");
