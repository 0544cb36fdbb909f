// The middle file of link/guard-chain-other-file.c: a ring's setup makes
// sure the buffer cache of Inputs/guard-chain/buf-cache.c is there, and
// posts the ring's first buffer from it.
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

extern struct kmem_cache_opaque mlx_rx_buf_cache;
#define mlx_rx_buf_cachep to_kmem_cache(&mlx_rx_buf_cache)

int mlx_rx_buf_cache_init(void);
int mlx_rx_ring_post(int ring, void *buf);

int mlx_rx_ring_setup(int ring)
{
	void *buf;
	int err;

	err = mlx_rx_buf_cache_init();
	if (err) {
		pr_err("mlx: ring %d: no buffer cache\n", ring);
		return err;
	}
	buf = kmem_cache_alloc(mlx_rx_buf_cachep, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	return mlx_rx_ring_post(ring, buf);
}
