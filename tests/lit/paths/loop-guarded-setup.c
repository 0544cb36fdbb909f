// RUN: %check -DMODULE %s | %filecheck %s
//
// A module init that registers its backends in a loop and sets its cache up
// on the first pass only (`if (i == 0)`).  The engine follows the loop
// counter: the setup happens once, so there is no kmem-resetup; but when the
// second backend fails to register, init returns with the cache still set
// up: that is a kmem-module-leak.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define ZC_NR_BACKENDS	2

struct zc_entry {
	struct list_head	node;
	unsigned long		handle;
	unsigned int		len;
};

static struct kmem_cache_opaque zc_entry_cache;
#define zc_entry_cachep to_kmem_cache(&zc_entry_cache)

int zc_register_backend(int index);
void zc_unregister_backends(void);

static int __init zc_init(void)
{
	int i, ret;

	for (i = 0; i < ZC_NR_BACKENDS; i++) {
		ret = zc_register_backend(i);
		// CHECK: {{.*}}[[@LINE+5]]:10: warning: static cache 'zc_entry_cache' stays set up when module init 'zc_init' fails [kmem-module-leak]
		//
		if (ret)
			return ret;
		if (i == 0) {
			ret = kmem_cache_setup(zc_entry_cachep, "zc_entry",
					       sizeof(struct zc_entry), 0,
					       SLAB_ACCOUNT, NULL);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static void __exit zc_exit(void)
{
	zc_unregister_backends();
	kmem_cache_destroy(zc_entry_cachep);
}

module_init(zc_init);
module_exit(zc_exit);
MODULE_LICENSE("GPL");
