// RUN: %convert --no-verify %s -DMODULE | %filecheck %s --check-prefix=ASKED
// RUN: %convert %s -DMODULE | %filecheck %s --check-prefix=VERIFIED
// RUN: %convert --patch %s -DMODULE > %t.diff
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/verify.c
// RUN: cd %t.d && git apply %t.diff
// RUN: %check %t.d/verify.c -DMODULE | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: what is left converted, its destroy dropped from exit.
// RUN: sed '/^static void __exit vfy_exit/,/^}/{/kmem_cache_destroy(vfy_item_cachep);/d}' %t.d/verify.c > %t.d/leak.c
// RUN: %check %t.d/leak.c -DMODULE | %filecheck %s --check-prefix=TWIN
// A helper's parameter named as the pointer: the macro of the converted
// pointer would rename it, and the file would not compile.
// RUN: %convert --no-verify --patch %s -DMODULE -DSHADOW > %t.shadow.diff
// RUN: cp %s %t.d/shadow.c && sed -i '1,2s/verify\.c/shadow.c/' %t.shadow.diff
// RUN: cd %t.d && git apply %t.shadow.diff
// RUN: not %check %t.d/shadow.c -DMODULE -DSHADOW > /dev/null 2>&1
// RUN: %convert %s -DMODULE -DSHADOW | %filecheck %s --check-prefix=SHADOW
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert checks what it converts (unless --no-verify): the
// converted text is compiled and checked with every rule; a conversion
// that draws a finding, or a file that does not compile converted, is
// taken back.  Here a module never destroys one
// of its caches: dynamic, a leak no rule sees; static, kmem-module-leak.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct vfy_item {
	unsigned long	key;
	void		*data;
};

static struct kmem_cache *vfy_item_cachep;
static struct kmem_cache *vfy_log_cachep;

// ASKED:         verify.c:[[#@LINE-3]]: vfy_item_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// ASKED-NEXT:    verify.c:[[#@LINE-3]]: vfy_log_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// VERIFIED:      verify.c:[[#@LINE-5]]: vfy_item_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// VERIFIED-NEXT: verify.c:[[#@LINE-5]]: vfy_log_cachep: refused (verify-finding): the converted code draws a finding: static cache 'vfy_log_cache' is not destroyed on every path out of module exit 'vfy_exit' [kmem-module-leak]
// SHADOW:        verify.c:[[#@LINE-7]]: vfy_item_cachep: refused (verify-build): the converted file does not compile: {{.+}}
// SHADOW-NEXT:   verify.c:[[#@LINE-7]]: vfy_log_cachep: refused (verify-finding): {{.*}} [kmem-module-leak]
// CLEAN-NOT: warning:
// TWIN: leak.c:[[#]]:[[#]]: warning: static cache 'vfy_item_cache' is not destroyed on every path out of module exit 'vfy_exit' [kmem-module-leak]
//

#ifdef SHADOW
void vfy_free(struct kmem_cache *vfy_item_cachep, void *item);

void vfy_free(struct kmem_cache *vfy_item_cachep, void *item)
{
	kmem_cache_free(vfy_item_cachep, item);
}
#endif

static int __init vfy_init(void)
{
	vfy_item_cachep = KMEM_CACHE(vfy_item, SLAB_ACCOUNT);
	if (!vfy_item_cachep)
		return -ENOMEM;
	vfy_log_cachep = kmem_cache_create("vfy_log", 256, 0, 0, NULL);
	if (!vfy_log_cachep) {
		kmem_cache_destroy(vfy_item_cachep);
		return -ENOMEM;
	}
	return 0;
}

static void __exit vfy_exit(void)
{
	kmem_cache_destroy(vfy_item_cachep);
}

module_init(vfy_init);
module_exit(vfy_exit);
MODULE_LICENSE("GPL");
