// RUN: %check %s | %filecheck %s
//
// kmem-unchecked-setup: the pointer a setup macro returns, tested only
// with IS_ERR() (and returned with PTR_ERR()) or turned into an errno with
// PTR_ERR_OR_ZERO().  The macros return what __kmem_cache_create_args()
// returns, and that is NULL on failure, never an error pointer: both let
// a failed setup through, and module init goes on with a zeroed instance.
// Code ported from the RFC's setup helpers, which test IS_ERR(), is
// written this way.  Look-alikes that do see the NULL stay silent:
// IS_ERR_OR_NULL(), `!`, a NULL test after the IS_ERR(), SLAB_PANIC, and
// a pointer handed to a caller or stored for later.
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct xfrm6_tunnel_spi_min {
	struct hlist_node	list_byaddr;
	struct hlist_node	list_byspi;
	u32			spi;
	unsigned int		refcnt;
};

static struct kmem_cache_opaque spi_kmem;
#define spi_kmemp to_kmem_cache(&spi_kmem)
static struct kmem_cache_opaque addr_kmem;
#define addr_kmemp to_kmem_cache(&addr_kmem)
static struct kmem_cache_opaque state_kmem;
#define state_kmemp to_kmem_cache(&state_kmem)
static struct kmem_cache_opaque null_kmem;
#define null_kmemp to_kmem_cache(&null_kmem)
static struct kmem_cache_opaque both_kmem;
#define both_kmemp to_kmem_cache(&both_kmem)
static struct kmem_cache_opaque panic_kmem;
#define panic_kmemp to_kmem_cache(&panic_kmem)
static struct kmem_cache_opaque kept_kmem;
#define kept_kmemp to_kmem_cache(&kept_kmem)
static struct kmem_cache_opaque handed_kmem;
#define handed_kmemp to_kmem_cache(&handed_kmem)

static struct kmem_cache *spi_kept;

int xfrm6_tunnel_register(void);

/* Ported from the RFC: IS_ERR() alone, in the condition. */
static int __init spi_init(void)
{
	if (IS_ERR(KMEM_CACHE_SETUP(spi_kmemp, xfrm6_tunnel_spi_min,
				    SLAB_HWCACHE_ALIGN)))
	// CHECK: {{.*}}[[@LINE-2]]:13: warning: the result of '__kmem_cache_create_args' is only tested for an error pointer: it fails with NULL, so static cache 'spi_kmem' stays zeroed and its first use crashes [kmem-unchecked-setup]
		return -ENOMEM;
	return 0;
}

/* Through a local, returned with PTR_ERR(). */
static int __init addr_init(void)
{
	struct kmem_cache *s;

	s = KMEM_CACHE_SETUP_USERCOPY(addr_kmemp, xfrm6_tunnel_spi_min, 0,
				      spi);
	// CHECK: {{.*}}[[@LINE-2]]:6: warning: the result of '__kmem_cache_create_args' is only tested for an error pointer: it fails with NULL, so static cache 'addr_kmem' stays zeroed and its first use crashes [kmem-unchecked-setup]
	if (IS_ERR(s))
		return PTR_ERR(s);
	return 0;
}

/* PTR_ERR_OR_ZERO() turns the NULL into 0: success. */
static int __init state_init(void)
{
	return PTR_ERR_OR_ZERO(__KMEM_CACHE_SETUP(state_kmemp, "xfrm6_state",
						  64, 0));
	// CHECK: {{.*}}[[@LINE-2]]:25: warning: the result of '__kmem_cache_create_args' is only tested for an error pointer: it fails with NULL, so static cache 'state_kmem' stays zeroed and its first use crashes [kmem-unchecked-setup]
}

/* Look-alikes. */
static int __init lookalikes_init(void)
{
	struct kmem_cache *s;

	if (!KMEM_CACHE_SETUP(null_kmemp, xfrm6_tunnel_spi_min, 0))
		return -ENOMEM;
	s = KMEM_CACHE_SETUP(both_kmemp, xfrm6_tunnel_spi_min, 0);
	if (IS_ERR(s))
		return PTR_ERR(s);
	if (!s)
		return -ENOMEM;
	/* A setup that cannot fail: whatever it is tested with. */
	if (IS_ERR(KMEM_CACHE_SETUP(panic_kmemp, xfrm6_tunnel_spi_min,
				    SLAB_PANIC)))
		return -ENOMEM;
	/* Stored: who tests it later is not this rule's to say. */
	spi_kept = KMEM_CACHE_SETUP(kept_kmemp, xfrm6_tunnel_spi_min, 0);
	if (IS_ERR_OR_NULL(KMEM_CACHE_SETUP(handed_kmemp,
					    xfrm6_tunnel_spi_min, 0)))
		return -ENOMEM;
	return xfrm6_tunnel_register();
}

/* Handed to the caller, which tests it as it likes. */
struct kmem_cache *__init xfrm6_setup_spi(void)
{
	return KMEM_CACHE_SETUP(spi_kmemp, xfrm6_tunnel_spi_min, 0);
}

static int __init xfrm6_tunnel_init(void)
{
	int err;

	err = spi_init();
	if (err)
		return err;
	err = addr_init();
	if (err)
		goto out_spi;
	err = state_init();
	if (err)
		goto out_addr;
	err = lookalikes_init();
	if (err)
		goto out_state;
	return 0;

out_state:
	kmem_cache_destroy(state_kmemp);
out_addr:
	kmem_cache_destroy(addr_kmemp);
out_spi:
	kmem_cache_destroy(spi_kmemp);
	return err;
}

module_init(xfrm6_tunnel_init);
MODULE_LICENSE("GPL");
