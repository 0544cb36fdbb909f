// RUN: rm -rf %t.d && mkdir %t.d && cp %s %S/../Inputs/convert-globals/* %t.d
// Every file that names a global in the run but glb_arch.c, which is not
// compiled here (another architecture's): the files that only pass a
// value on let it convert, the others say why not.
// RUN: %convert --with glb_exec.c --with glb_fs.c --with glb_names.c --with glb_mm.c %t.d/globals.c -I%S/../Inputs/convert-globals | %filecheck %s --check-prefix=RUN-ALL
// A file the run does not read, whose text only allocates from the global.
// RUN: %convert --with glb_exec.c --with glb_fs.c --with glb_mm.c %t.d/globals.c -I%S/../Inputs/convert-globals | %filecheck %s --check-prefix=UNREAD
// This file alone: the others are read as text.
// RUN: %convert %t.d/globals.c -I%S/../Inputs/convert-globals | %filecheck %s --check-prefix=ALONE
// The check of what is converted compiles the file with its header
// converted too: a parameter named as a global no longer compiles, once
// its name is the instance's macro.
// RUN: %convert --with glb_exec.c --with glb_fs.c --with glb_names.c --with glb_mm.c %t.d/globals.c -I%S/../Inputs/convert-globals -DSHADOW | %filecheck %s --check-prefix=SHADOW
// As SARIF: each global's fix changes its header too.
// RUN: %convert --sarif --with glb_exec.c --with glb_fs.c --with glb_names.c --with glb_mm.c %t.d/globals.c -I%S/../Inputs/convert-globals > %t.sarif
// RUN: %sarif-fixes apply %t.sarif %t.d/globals.c all > %t.all.c
// RUN: %sarif-fixes apply %t.sarif %t.d/glb_task.h all > %t.all.h
// The patch: the definitions, the setups, and the header's externs.
// RUN: %convert --patch --with glb_exec.c --with glb_fs.c --with glb_names.c --with glb_mm.c %t.d/globals.c -I%S/../Inputs/convert-globals > %t.diff
// RUN: %filecheck %s --check-prefix=PATCH < %t.diff
// RUN: cd %t.d && git apply %t.diff
// RUN: diff %t.d/globals.c %t.all.c
// RUN: diff %t.d/glb_task.h %t.all.h
// RUN: %check %t.d/globals.c -I%S/../Inputs/convert-globals | %filecheck --allow-empty %s --check-prefix=CLEAN
// RUN: %check %t.d/glb_exec.c -I%S/../Inputs/convert-globals | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: the applied patch with a second setup of one instance.
// RUN: sed 's/^\(\tkmem_cache_setup(glb_files_cachep,\)/\tkmem_cache_setup(glb_files_cachep, "again", 64, 0, SLAB_PANIC, NULL);\n\1/' %t.d/globals.c > %t.d/twice.c
// RUN: %check %t.d/twice.c -I%S/../Inputs/convert-globals | %filecheck %s --check-prefix=TWIN
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert and globals, as kernel/fork.c defines sighand_cachep,
// files_cachep and fs_cachep for <linux/signal.h>, <linux/fdtable.h> and
// <linux/fs_struct.h> to declare: a global converts when every file that
// names it only passes its value on, through the one header's extern,
// which becomes the instance's (with the macro of the old name, so that
// the users stay as they are).
#include <linux/init.h>
#include <linux/slab.h>

#include "glb_task.h"

struct glb_fs {
	int users;
};

struct glb_mm {
	unsigned long flags;
};

/* SLAB cache for glb_sighand structures */
struct kmem_cache *glb_sighand_cachep;
struct kmem_cache *glb_files_cachep;
struct kmem_cache *glb_fs_cachep;
struct kmem_cache *glb_names_cachep;
struct kmem_cache *glb_mm_cachep;
struct kmem_cache *glb_vm_cachep;

// RUN-ALL:      globals.c:[[#@LINE-7]]: glb_sighand_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// RUN-ALL-NEXT: globals.c:[[#@LINE-7]]: glb_files_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// RUN-ALL-NEXT: globals.c:[[#@LINE-7]]: glb_fs_cachep: refused (used-elsewhere): another file does more than pass its value: glb_fs.c:6: it is tested for NULL in glb_fs_alloc
// RUN-ALL-NEXT: globals.c:[[#@LINE-7]]: glb_names_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// RUN-ALL-NEXT: globals.c:[[#@LINE-7]]: glb_mm_cachep: refused (extern-shape): it is not declared once, by an extern in a header that every file naming it includes, where the instance's would go: glb_mm.c declares it itself
// RUN-ALL-NEXT: globals.c:[[#@LINE-7]]: glb_vm_cachep: refused (external): other files can name it, and this run did not read them all: glb_arch.c names it, and was not among the files converted
// UNREAD:       globals.c:[[#@LINE-10]]: glb_names_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
// UNREAD:       globals.c:[[#@LINE-9]]: glb_vm_cachep: refused (external)
// ALONE:        globals.c:[[#@LINE-15]]: glb_sighand_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// ALONE-NEXT:   globals.c:[[#@LINE-15]]: glb_files_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// ALONE-NEXT:   globals.c:[[#@LINE-15]]: glb_fs_cachep: refused (external): {{.*}}: glb_fs.c names it, and was not among the files converted
// ALONE-NEXT:   globals.c:[[#@LINE-15]]: glb_names_cachep: converted
// ALONE-NEXT:   globals.c:[[#@LINE-15]]: glb_mm_cachep: refused (external): {{.*}}: glb_mm.c names it, and was not among the files converted
// ALONE-NEXT:   globals.c:[[#@LINE-15]]: glb_vm_cachep: refused (external)
// SHADOW:      globals.c:[[#@LINE-21]]: glb_sighand_cachep: converted
// SHADOW-NEXT: globals.c:[[#@LINE-21]]: glb_files_cachep: refused (verify-build): the converted file does not compile: {{.+}}
// SHADOW-NEXT: globals.c:[[#@LINE-21]]: glb_fs_cachep: refused (used-elsewhere)
// SHADOW-NEXT: globals.c:[[#@LINE-21]]: glb_names_cachep: converted
// PATCH:      --- a/globals.c
// PATCH:      +#include <linux/slab-static.h>
// PATCH:      -struct kmem_cache *glb_sighand_cachep;
// PATCH-NEXT: -struct kmem_cache *glb_files_cachep;
// PATCH-NEXT: +struct kmem_cache_opaque glb_sighand_cache;
// PATCH-NEXT: +struct kmem_cache_opaque glb_files_cache;
// PATCH-NEXT:  struct kmem_cache *glb_fs_cachep;
// PATCH-NEXT: -struct kmem_cache *glb_names_cachep;
// PATCH-NEXT: +struct kmem_cache_opaque glb_names_cache;
// PATCH:      --- a/glb_task.h
// PATCH:      -extern struct kmem_cache *glb_sighand_cachep;
// PATCH-NEXT: -extern struct kmem_cache *glb_files_cachep;
// PATCH-NEXT: +extern struct kmem_cache_opaque glb_sighand_cache;
// PATCH-NEXT: +#define glb_sighand_cachep to_kmem_cache(&glb_sighand_cache)
// PATCH-NEXT: +extern struct kmem_cache_opaque glb_files_cache;
// PATCH-NEXT: +#define glb_files_cachep to_kmem_cache(&glb_files_cache)
// PATCH-NEXT:  extern struct kmem_cache *glb_fs_cachep;
// PATCH-NEXT: -extern struct kmem_cache *glb_names_cachep;
// PATCH-NEXT: +extern struct kmem_cache_opaque glb_names_cache;
// PATCH-NEXT: +#define glb_names_cachep to_kmem_cache(&glb_names_cache)
// CLEAN-NOT: warning:
// TWIN: twice.c:{{[0-9]+}}:{{[0-9]+}}: warning: {{.*}}glb_files_cache{{.*}} [kmem-resetup]

void __init glb_caches_init(void)
{
	glb_sighand_cachep = kmem_cache_create("glb_sighand",
			sizeof(struct glb_sighand), 0,
			SLAB_HWCACHE_ALIGN|SLAB_PANIC|SLAB_ACCOUNT, NULL);
	glb_files_cachep = kmem_cache_create("glb_files",
			sizeof(struct glb_files), 0,
			SLAB_HWCACHE_ALIGN|SLAB_PANIC|SLAB_ACCOUNT, NULL);
	glb_fs_cachep = kmem_cache_create("glb_fs",
			sizeof(struct glb_fs), 0,
			SLAB_HWCACHE_ALIGN|SLAB_PANIC|SLAB_ACCOUNT, NULL);
	glb_names_cachep = KMEM_CACHE(glb_fs, SLAB_PANIC);
	glb_mm_cachep = KMEM_CACHE(glb_mm, SLAB_PANIC);
	glb_vm_cachep = KMEM_CACHE(glb_mm, SLAB_PANIC);
}

struct glb_sighand *glb_copy_sighand(void)
{
	return kmem_cache_alloc(glb_sighand_cachep, GFP_KERNEL);
}

#ifdef SHADOW
/* A parameter named as a global: the global's macro would rename it. */
void glb_account(struct kmem_cache *glb_files_cachep)
{
	kmem_cache_shrink(glb_files_cachep);
}
#endif
