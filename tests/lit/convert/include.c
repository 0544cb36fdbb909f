// A tree without the series: no <linux/slab-static.h> at all.
// RUN: rm -rf %t.old %t.premodule && cp -r %include-dir %t.old
// RUN: rm %t.old/linux/slab-static.h
// RUN: %convert --headers %t.old %s -DMODULE | %filecheck %s --check-prefix=OLD
// RUN: %convert --headers %t.old --no-verify %s -DMODULE | %filecheck %s --check-prefix=OLD
// RUN: %convert --headers %t.old --patch %s -DMODULE > %t.diff
// RUN: diff /dev/null %t.diff
// The series before its module support: the header refuses modules.
// RUN: cp -r %include-dir %t.premodule
// RUN: printf '#ifdef MODULE\n#error "static caches in modules need the next patch"\n#endif\n' > %t.premodule/linux/slab-static.h
// RUN: cat %include-dir/linux/slab-static.h >> %t.premodule/linux/slab-static.h
// RUN: %convert --headers %t.premodule %s -DMODULE | %filecheck %s --check-prefix=PREMODULE
// RUN: %convert --headers %t.premodule --sarif %s -DMODULE | %filecheck %s --check-prefix=PREMODULE-SARIF
// Look-alikes that convert: the same file built in, with that header; and
// the module with the series' whole header.
// RUN: %convert --headers %t.premodule %s | %filecheck %s
// RUN: %convert %s -DMODULE | %filecheck %s
// RUN: %convert --patch %s -DMODULE | %filecheck %s --check-prefix=PATCH
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert refuses every cache of a file that cannot include
// <linux/slab-static.h>: the file with only that include added is compiled
// first, and the compiler's error is the reason.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct inc_entry {
	unsigned long	key;
	void		*value;
};

static struct kmem_cache *inc_entry_cachep;
static struct kmem_cache *inc_name_cachep;

// OLD:       include.c:[[#@LINE-3]]: inc_entry_cachep: refused (cannot-include): this file cannot include <linux/slab-static.h>, which every setup needs: 'linux/slab-static.h' file not found
// OLD-NEXT:  include.c:[[#@LINE-3]]: inc_name_cachep: refused (cannot-include): this file cannot include <linux/slab-static.h>, which every setup needs: 'linux/slab-static.h' file not found
// PREMODULE:      include.c:[[#@LINE-5]]: inc_entry_cachep: refused (cannot-include): {{.*}} needs: "static caches in modules need the next patch"
// PREMODULE-NEXT: include.c:[[#@LINE-5]]: inc_name_cachep: refused (cannot-include): {{.*}} needs: "static caches in modules need the next patch"
// PREMODULE-SARIF: "ruleId": "convert-refused"
// PREMODULE-SARIF: cannot include <linux/slab-static.h>
// PREMODULE-SARIF-NOT: "fixes"
// CHECK:      include.c:[[#@LINE-10]]: inc_entry_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// CHECK-NEXT: include.c:[[#@LINE-10]]: inc_name_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// PATCH:      +#include <linux/slab-static.h>
// PATCH:      +static struct kmem_cache_opaque inc_entry_cache;

static int __init inc_init(void)
{
	inc_entry_cachep = KMEM_CACHE(inc_entry, SLAB_ACCOUNT);
	if (!inc_entry_cachep)
		return -ENOMEM;
	inc_name_cachep = kmem_cache_create("inc_name", 64, 0, 0, NULL);
	if (!inc_name_cachep) {
		kmem_cache_destroy(inc_entry_cachep);
		return -ENOMEM;
	}
	return 0;
}

static void __exit inc_exit(void)
{
	kmem_cache_destroy(inc_name_cachep);
	kmem_cache_destroy(inc_entry_cachep);
}

module_init(inc_init);
module_exit(inc_exit);
MODULE_LICENSE("GPL");
