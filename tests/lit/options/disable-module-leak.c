// RUN: %check -DMODULE %s | %filecheck --check-prefix=MOD %s
// RUN: %check -DMODULE --disable=kmem-module-leak %s | %filecheck --allow-empty %s
// CHECK-NOT: warning
//
// --disable=kmem-module-leak drops the finding and its note together.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct hid_report_min {
	struct list_head	list;
	unsigned int		id;
	unsigned int		type;
	unsigned int		size;
	void			*device;
};

static struct kmem_cache_opaque hid_report_cache;
#define hid_report_cachep to_kmem_cache(&hid_report_cache)

int hid_bus_register(void);
void hid_bus_unregister(void);

static int __init hid_init(void)
{
	int ret;

	// MOD: {{.*}}[[@LINE+2]]:7: warning: static cache 'hid_report_cache' is not destroyed on every path out of module exit 'hid_exit' [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(hid_report_cachep, hid_report_min, 0))
		return -ENOMEM;

	ret = hid_bus_register();
	if (ret) {
		pr_err("hid: can't register hid bus\n");
		kmem_cache_destroy(hid_report_cachep);
		return ret;
	}
	return 0;
}

static void __exit hid_exit(void)
{
	hid_bus_unregister();
}

module_init(hid_init);
module_exit(hid_exit);
MODULE_LICENSE("GPL");
