// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --check-prefix=MOD %s
// CHECK-NOT: warning
//
// kmem-module-leak depends on how the file is built.  Built in (no
// -DMODULE, KBUILD_MODNAME still defined as kbuild does), the exit
// function is never run and a failed initcall does not free the code, so
// nothing is reported.  The same file built as a module leaks its cache
// at unload.
#define KBUILD_MODNAME "ipmi_msghandler"

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ipmi_recv_msg {
	struct list_head	link;
	int			recv_type;
	void			*user;
	long			msgid;
	u8			msg_data[272];
};

static struct kmem_cache_opaque recv_msg_cache;
#define recv_msg_cachep to_kmem_cache(&recv_msg_cache)

int ipmi_register_driver(void);
void ipmi_unregister_driver(void);

static int __init ipmi_init_msghandler_mod(void)
{
	int rv;

	// MOD: {{.*}}[[@LINE+2]]:7: warning: static cache 'recv_msg_cache' is not destroyed on every path out of module exit 'cleanup_ipmi' [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(recv_msg_cachep, ipmi_recv_msg, SLAB_HWCACHE_ALIGN))
		return -ENOMEM;

	rv = ipmi_register_driver();
	if (rv) {
		pr_err(KBUILD_MODNAME ": can't register driver: %d\n", rv);
		kmem_cache_destroy(recv_msg_cachep);
		return rv;
	}

	pr_info(KBUILD_MODNAME ": version 39.2\n");
	return 0;
}

static void __exit cleanup_ipmi(void)
{
	ipmi_unregister_driver();
}

module_init(ipmi_init_msghandler_mod);
module_exit(cleanup_ipmi);
MODULE_LICENSE("GPL");
