// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --check-prefix=MOD %s
// CHECK-NOT: warning
//
// kmem-module-leak: a module without module_exit() has no exit finding,
// but a failing init is still unloaded at once, so a cache it set up
// before failing is leaked.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct tcp_cong_priv {
	u32			cnt;
	u32			last_max_cwnd;
	u32			last_cwnd;
	u32			last_time;
	u32			bic_origin_point;
	u32			bic_K;
	u32			delay_min;
	u32			epoch_start;
	u32			ack_cnt;
	u32			tcp_cwnd;
};

struct tcp_cong_ops_ext {
	const char		*name;
	u32			key;
	u32			flags;
};

static struct kmem_cache_opaque cubic_priv_cache;
#define cubic_priv_cachep to_kmem_cache(&cubic_priv_cache)

int tcp_register_congestion_control(struct tcp_cong_ops_ext *ca);

static struct tcp_cong_ops_ext cubictcp = {
	.name	= "cubic-static",
};

static int __init cubictcp_register(void)
{
	int err;

	// MOD: {{.*}}[[@LINE+2]]:8: warning: static cache 'cubic_priv_cache' stays set up when module init 'cubictcp_register' fails [kmem-module-leak]
	//
	err = kmem_cache_setup(cubic_priv_cachep, "cubic_priv",
			       sizeof(struct tcp_cong_priv), 0, 0, NULL);
	if (err)
		return err;

	pr_info("cubic: %zu bytes of state per socket\n",
		sizeof(struct tcp_cong_priv));

	return tcp_register_congestion_control(&cubictcp);
}

module_init(cubictcp_register);
MODULE_LICENSE("GPL");
