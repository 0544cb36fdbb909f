// The bottom file of link/guard-chain-other-file.c: the receive buffer
// cache, set up on first use only, under a flag of this file (the twin
// forgets to test it), and destroyed under the same flag.
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct mlx_rx_buf {
	unsigned long	dma;
	unsigned int	len;
	unsigned int	flags;
};

struct kmem_cache_opaque mlx_rx_buf_cache;
#define mlx_rx_buf_cachep to_kmem_cache(&mlx_rx_buf_cache)
static bool mlx_rx_buf_cache_ready;
static DEFINE_MUTEX(mlx_rx_buf_lock);

int mlx_rx_buf_cache_init(void)
{
	int err = 0;

	mutex_lock(&mlx_rx_buf_lock);
#ifndef SLABCHECK_TWIN
	if (mlx_rx_buf_cache_ready)
		goto out;
#endif
	err = kmem_cache_setup(mlx_rx_buf_cachep, "mlx_rx_buf",
			       sizeof(struct mlx_rx_buf), 0, 0, NULL);
	if (!err)
		mlx_rx_buf_cache_ready = true;
#ifndef SLABCHECK_TWIN
out:
#endif
	mutex_unlock(&mlx_rx_buf_lock);
	return err;
}

void mlx_rx_buf_cache_exit(void)
{
	if (mlx_rx_buf_cache_ready) {
		kmem_cache_destroy(mlx_rx_buf_cachep);
		mlx_rx_buf_cache_ready = false;
	}
}
