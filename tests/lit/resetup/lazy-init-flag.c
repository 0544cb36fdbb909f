// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup look-alike: a cache set up on first use.  The helper takes
// a lock, sets the cache up only if a static flag says it is not yet, and
// sets the flag; probe calls it for each of two ports.  The walk of probe
// cannot see that the first call set the flag, but the helper's setup is
// guarded by it, so the second call is no resetup.  The twin's helper
// forgets to test the flag: the second call sets the cache up again.
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct hvc_port_buf {
	unsigned int	len;
	unsigned int	flags;
	char		data[120];
};

static struct kmem_cache_opaque hvc_buf_cache;
#define hvc_buf_cachep to_kmem_cache(&hvc_buf_cache)
static bool hvc_buf_cache_inited;
static DEFINE_MUTEX(hvc_buf_lock);

int hvc_add_port(int index);

static int hvc_get_buf_cache(void)
{
	int err = 0;

	mutex_lock(&hvc_buf_lock);
#ifndef SLABCHECK_TWIN
	if (!hvc_buf_cache_inited) {
#else
	{
#endif
		err = kmem_cache_setup(hvc_buf_cachep, "hvc_port_buf",
				       sizeof(struct hvc_port_buf), 0, 0, NULL);
		if (!err)
			hvc_buf_cache_inited = true;
	}
	mutex_unlock(&hvc_buf_lock);
	return err;
}

int hvc_probe_ports(void)
{
	int err, i;

	for (i = 0; i < 2; i++) {
		err = hvc_get_buf_cache();
		// TWIN: {{.*}}lazy-init-flag.c:[[@LINE-1]]:9: warning: static cache 'hvc_buf_cache' may already be set up on this path (set up again in 'hvc_get_buf_cache') [kmem-resetup]
		if (err)
			return err;
		err = hvc_add_port(i);
		if (err)
			return err;
	}
	return 0;
}
