// RUN: %convert --patch %s > %t.diff
// RUN: %filecheck --strict-whitespace --match-full-lines %s --check-prefix=LAYOUT < %t.diff
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/patch-layout.c
// RUN: cd %t.d && git apply %t.diff
// RUN: %check %t.d/patch-layout.c | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: one setup repeated in the converted file.
// RUN: sed '/^\treturn 0;$/i KMEM_CACHE_SETUP(dnotify_struct_cache, dnotify_struct, 0);' %t.d/patch-layout.c > %t.d/twice.c
// RUN: %check %t.d/twice.c | %filecheck %s --check-prefix=TWICE
// REQUIRES: slabcheck-clang
// slabcheck convert keeps kernel style where the setup moves the call's
// '(': arguments aligned with it stay aligned with it, and a call whose
// '(' ends its line leaves no blank at the end of the line.  Checked
// whitespace and all (the stand-in of fs/notify/dnotify and of
// kernel/utsname.c's creations).
#include <linux/init.h>
#include <linux/slab.h>

struct dnotify_struct {
	unsigned long	mask;
	void		*file;
};

struct uts_namespace {
	char		name[64];
	unsigned long	flags;
};

static struct kmem_cache *dnotify_struct_cache __ro_after_init;
static struct kmem_cache *uts_ns_cache __ro_after_init;

static int __init layout_init(void)
{
	dnotify_struct_cache = KMEM_CACHE(dnotify_struct,
					  SLAB_PANIC|SLAB_ACCOUNT);
	uts_ns_cache = kmem_cache_create_usercopy(
			"uts_namespace", sizeof(struct uts_namespace), 0,
			SLAB_PANIC|SLAB_ACCOUNT,
			offsetof(struct uts_namespace, name),
			sizeof_field(struct uts_namespace, name),
			NULL);
	return 0;
}
fs_initcall(layout_init);

// LAYOUT:+	KMEM_CACHE_SETUP(dnotify_struct_cache, dnotify_struct,
// LAYOUT-NEXT:+			 SLAB_PANIC|SLAB_ACCOUNT);
// LAYOUT-NEXT:+	kmem_cache_setup_usercopy(uts_ns_cache,
// LAYOUT-NEXT: 			"uts_namespace", sizeof(struct uts_namespace), 0,
// CLEAN-NOT: warning:
// TWICE-DAG: twice.c:[[#]]:[[#]]: warning: static cache '__dnotify_struct_cache' may already be set up on this path [kmem-resetup]
// TWICE-DAG: twice.c:[[#]]:[[#]]: warning: the result of '{{.*}}' is ignored: if it fails, static cache '__dnotify_struct_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
