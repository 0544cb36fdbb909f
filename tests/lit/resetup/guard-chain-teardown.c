// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -O0 %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -Os %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// The other half of guard-chain-*.c: a cache destroyed under a flag, two
// helpers down, by each of two callers, and set up under the same flag.
// The sound driver's exit stops the playback and the capture streams;
// each stop releases the DMA descriptor cache through a helper that
// destroys it only `if (ready)` and clears the flag, so the second stop
// destroys nothing (no kmem-use-after-destroy), and each start sets it
// up only while the flag is clear (no kmem-resetup).  In the twin the
// release does not look at the flag: the second stop destroys the cache
// again.
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sndx_desc {
	unsigned long	addr;
	unsigned int	len;
	unsigned int	ctrl;
};

static struct kmem_cache_opaque sndx_desc_cache;
#define sndx_desc_cachep to_kmem_cache(&sndx_desc_cache)
static int sndx_desc_cache_ready;
static DEFINE_MUTEX(sndx_lock);

int sndx_register_card(void);
void sndx_unregister_card(void);

static int sndx_desc_cache_get(void)
{
	int err = 0;

	mutex_lock(&sndx_lock);
	if (!sndx_desc_cache_ready) {
		err = kmem_cache_setup(sndx_desc_cachep, "sndx_desc",
				       sizeof(struct sndx_desc), 0, 0, NULL);
		if (!err)
			sndx_desc_cache_ready = 1;
	}
	mutex_unlock(&sndx_lock);
	return err;
}

static void sndx_desc_cache_put(void)
{
	mutex_lock(&sndx_lock);
#ifndef SLABCHECK_TWIN
	if (sndx_desc_cache_ready) {
#else
	{
#endif
		kmem_cache_destroy(sndx_desc_cachep);
		// TWIN: {{.*}}guard-chain-teardown.c:[[@LINE-1]]:3: warning: static cache 'sndx_desc_cache' is passed to 'kmem_cache_destroy' after it was destroyed on this path [kmem-use-after-destroy]
		//
		//
		sndx_desc_cache_ready = 0;
	}
	mutex_unlock(&sndx_lock);
}

static int sndx_stream_start(void)
{
	return sndx_desc_cache_get();
}

static void sndx_stream_stop(void)
{
	sndx_desc_cache_put();
}

static int sndx_start_playback(void)
{
	return sndx_stream_start();
}

static int sndx_start_capture(void)
{
	return sndx_stream_start();
}

static void sndx_stop_playback(void)
{
	sndx_stream_stop();
}

static void sndx_stop_capture(void)
{
	sndx_stream_stop();
}

static int __init sndx_init(void)
{
	int err;

	err = sndx_start_playback();
	if (err)
		return err;
	err = sndx_start_capture();
	if (err)
		goto out;
	err = sndx_register_card();
	if (err)
		goto out;
	return 0;

out:
	/* Both streams use the one cache: one stop releases it. */
	sndx_stop_playback();
	return err;
}

static void __exit sndx_exit(void)
{
	sndx_unregister_card();
	sndx_stop_playback();
	sndx_stop_capture();
}

module_init(sndx_init);
module_exit(sndx_exit);
MODULE_LICENSE("GPL");
