// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak look-alike: an array of caches set up in a loop, the
// ones already set up undone in reverse when one fails, and all of them
// destroyed in a loop at exit.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define NR_SIZES	5

static const unsigned int zbud_sizes[NR_SIZES] = { 64, 128, 256, 512, 1024 };
static const char *const zbud_names[NR_SIZES] = {
	"zbud-64", "zbud-128", "zbud-256", "zbud-512", "zbud-1024",
};

static struct kmem_cache_opaque zbud_caches[NR_SIZES];
#define zbud_cachep(i) to_kmem_cache(&zbud_caches[i])

int zbud_register_backend(void);
void zbud_unregister_backend(void);

static int __init zbud_init(void)
{
	int i, ret;

	for (i = 0; i < NR_SIZES; i++) {
#ifdef SLABCHECK_TWIN
		/* A typo: every size goes into the first cache. */
		// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'zbud_caches[0]' may already be set up on this path [kmem-resetup]
		ret = kmem_cache_setup(zbud_cachep(0), zbud_names[i],
				       zbud_sizes[i], 0, 0, NULL);
#else
		ret = kmem_cache_setup(zbud_cachep(i), zbud_names[i],
				       zbud_sizes[i], 0, 0, NULL);
#endif
		if (ret)
			goto out_caches;
	}

	ret = zbud_register_backend();
	if (ret)
		goto out_caches;
	return 0;

out_caches:
	while (--i >= 0)
		kmem_cache_destroy(zbud_cachep(i));
	return ret;
}

static void __exit zbud_exit(void)
{
	int i;

	zbud_unregister_backend();
	for (i = 0; i < NR_SIZES; i++)
		kmem_cache_destroy(zbud_cachep(i));
}

module_init(zbud_init);
module_exit(zbud_exit);
MODULE_LICENSE("GPL");
