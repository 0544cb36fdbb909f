// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup and a cache set up on first use, two helpers down: probe
// attaches the UART and then the console port, each attach makes sure the
// transmit buffer cache is there, and only the helper at the bottom tests
// the "ready" flag (under a mutex) before it sets the cache up and sets
// the flag.  The second attach finds the flag set.  What each helper's
// summary says of the cache keeps "set up under a flag" however many
// helpers lie between probe and the setup (lazy-init-flag.c has none).
// The twin's bottom helper forgets the flag: the console's attach sets
// the cache up again.
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct hsx_tx_buf {
	unsigned int	head;
	unsigned int	tail;
	unsigned char	data[240];
};

struct hsx_port {
	int		line;
	unsigned int	flags;
};

static struct kmem_cache_opaque hsx_tx_cache;
#define hsx_tx_cachep to_kmem_cache(&hsx_tx_cache)
static bool hsx_tx_cache_ready;
static DEFINE_MUTEX(hsx_tx_lock);

int hsx_register_port(struct hsx_port *port);

static int hsx_tx_cache_setup(void)
{
	int err = 0;

	mutex_lock(&hsx_tx_lock);
#ifndef SLABCHECK_TWIN
	if (!hsx_tx_cache_ready) {
#else
	{
#endif
		err = kmem_cache_setup(hsx_tx_cachep, "hsx_tx_buf",
				       sizeof(struct hsx_tx_buf), 0,
				       SLAB_HWCACHE_ALIGN, NULL);
		if (!err)
			hsx_tx_cache_ready = true;
	}
	mutex_unlock(&hsx_tx_lock);
	return err;
}

static int hsx_ensure_tx_cache(struct hsx_port *port)
{
	int err = hsx_tx_cache_setup();

	if (err)
		pr_err("hsx%d: no transmit buffers\n", port->line);
	return err;
}

static int hsx_attach_uart(struct hsx_port *port)
{
	int err;

	err = hsx_ensure_tx_cache(port);
	if (err)
		return err;
	return hsx_register_port(port);
}

static int hsx_attach_console(struct hsx_port *port)
{
	int err;

	port->flags |= 1;
	err = hsx_ensure_tx_cache(port);
	if (err)
		return err;
	return hsx_register_port(port);
}

int hsx_probe(struct hsx_port *uart, struct hsx_port *console)
{
	int err;

	err = hsx_attach_uart(uart);
	if (err)
		return err;
	return hsx_attach_console(console);
	// TWIN: {{.*}}guard-chain-depth2.c:[[@LINE-1]]:9: warning: static cache 'hsx_tx_cache' may already be set up on this path (set up again in 'hsx_attach_console') [kmem-resetup]
}
