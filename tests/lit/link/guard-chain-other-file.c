// RUN: %check --module -DMODULE %s %S/Inputs/guard-chain/rx-ring.c %S/Inputs/guard-chain/buf-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -O0 %s %S/Inputs/guard-chain/rx-ring.c %S/Inputs/guard-chain/buf-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -Os %s %S/Inputs/guard-chain/rx-ring.c %S/Inputs/guard-chain/buf-cache.c | %filecheck --allow-empty %s
// RUN: %check --module -DMODULE -DSLABCHECK_TWIN %s %S/Inputs/guard-chain/rx-ring.c %S/Inputs/guard-chain/buf-cache.c | %filecheck --check-prefix=TWIN %s
// RUN: %check --module -DMODULE -O0 -DSLABCHECK_TWIN %s %S/Inputs/guard-chain/rx-ring.c %S/Inputs/guard-chain/buf-cache.c | %filecheck --check-prefix=TWIN %s
// RUN: %check --module -DMODULE -Os -DSLABCHECK_TWIN %s %S/Inputs/guard-chain/rx-ring.c %S/Inputs/guard-chain/buf-cache.c | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup across files, with the guard at the bottom of a chain of
// helpers (resetup/guard-chain-depth2.c in one file): module init opens
// the two receive queues, each through a helper of its own; both set up
// their ring in Inputs/guard-chain/rx-ring.c, which makes sure the
// buffer cache of Inputs/guard-chain/buf-cache.c is set up, which that
// file does only while its flag is clear.  Linked as one module, the
// guard is kept through every helper: the second queue sets nothing up
// again.  The twin's bottom helper does not test the flag.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/module.h>

int mlx_rx_ring_setup(int ring);
void mlx_rx_buf_cache_exit(void);

static int mlx_open_default_rq(void)
{
	return mlx_rx_ring_setup(0);
}

static int mlx_open_xsk_rq(void)
{
	return mlx_rx_ring_setup(1);
}

static int __init mlx_init(void)
{
	int err;

	err = mlx_open_default_rq();
	if (err)
		goto out;
	err = mlx_open_xsk_rq();
	// TWIN: {{.*}}guard-chain-other-file.c:[[@LINE-1]]:8: warning: static cache 'mlx_rx_buf_cache' may already be set up on this path (set up again in 'mlx_open_xsk_rq') [kmem-resetup]
	if (err)
		goto out;
	return 0;
out:
	mlx_rx_buf_cache_exit();
	return err;
}

static void __exit mlx_exit(void)
{
	mlx_rx_buf_cache_exit();
}

module_init(mlx_init);
module_exit(mlx_exit);
MODULE_LICENSE("GPL");
