// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_INLINE_LOOPS %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_INLINE_LOOPS -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -DMODULE -DSLABCHECK_INLINE_LOOPS -DSLABCHECK_FLAG_GUARDED %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE -DSLABCHECK_INLINE_LOOPS -DSLABCHECK_FLAG_GUARDED -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-module-leak through an array of structs of functions, the gfs2
// shape: module init brings the subsystems up in order and takes them
// down backwards when one fails; module exit takes them all down.  The
// table is static and nothing in the file writes it or takes its address,
// so its initializer is what every load reads: the loop counter picks the
// element, and each subsystem's exit destroys its cache.
// The failure path and module exit call gfs2_subsystems_exit(), which
// walks the table.  The helper calls nothing by name that touches a
// cache; it is looked at because the table it calls through holds
// functions that do.  With -DSLABCHECK_INLINE_LOOPS they walk the table
// themselves.  With -DSLABCHECK_FLAG_GUARDED as well, init records that
// every subsystem came up and module exit walks the table only if so: the
// flag is module state, so the exit that skips the loop is no leak, as it
// would not be with the destroys written out under the flag.
// The twin's quota exit forgets its cache: it leaks on unload, and when a
// later subsystem fails to come up.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct gfs2_glock_min {
	unsigned long		gl_flags;
	struct list_head	gl_holders;
	unsigned int		gl_state;
};

struct gfs2_quota_data_min {
	struct list_head	qd_list;
	int			qd_count;
	u32			qd_id;
	s64			qd_change;
};

static struct kmem_cache_opaque gfs2_glock_cache;
#define gfs2_glock_cachep to_kmem_cache(&gfs2_glock_cache)
static struct kmem_cache_opaque gfs2_quotad_cache;
#define gfs2_quotad_cachep to_kmem_cache(&gfs2_quotad_cache)

#ifdef SLABCHECK_FLAG_GUARDED
static bool gfs2_subsystems_up;
#endif

int gfs2_sys_init(void);
void gfs2_sys_uninit(void);

static int __init gfs2_glock_init(void)
{
	return KMEM_CACHE_SETUP(gfs2_glock_cachep, gfs2_glock_min, 0) ?
		       0 :
		       -ENOMEM;
}

static void gfs2_glock_exit(void)
{
	kmem_cache_destroy(gfs2_glock_cachep);
}

static int __init gfs2_quota_init(void)
{
	// TWIN: {{.*}}[[@LINE+4]]:9: warning: static cache 'gfs2_quotad_cache' is not destroyed on every path out of module exit 'exit_gfs2_fs' [kmem-module-leak]
	//
	// TWIN: {{.*}}[[@LINE+2]]:9: warning: static cache 'gfs2_quotad_cache' stays set up when module init 'init_gfs2_fs' fails [kmem-module-leak]
	//
	return kmem_cache_setup(gfs2_quotad_cachep, "gfs2_quotad",
				sizeof(struct gfs2_quota_data_min), 0,
				SLAB_RECLAIM_ACCOUNT, NULL);
}

void gfs2_quota_cleanup(void);

static void gfs2_quota_exit(void)
{
	gfs2_quota_cleanup();
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(gfs2_quotad_cachep);
#endif
}

static struct {
	const char *name;
	int (*init)(void);
	void (*exit)(void);
} gfs2_subsystems[] = {
	{ "glock", gfs2_glock_init, gfs2_glock_exit },
	{ "quota", gfs2_quota_init, gfs2_quota_exit },
	{ "sysfs", gfs2_sys_init, gfs2_sys_uninit },
};

#ifndef SLABCHECK_INLINE_LOOPS
/* Takes down every subsystem; exits cope with an init that never ran. */
static void gfs2_subsystems_exit(void)
{
	int i;

	for (i = ARRAY_SIZE(gfs2_subsystems); i-- > 0;)
		gfs2_subsystems[i].exit();
}
#endif

static int __init init_gfs2_fs(void)
{
	int i, error;

	for (i = 0; i < ARRAY_SIZE(gfs2_subsystems); i++) {
		error = gfs2_subsystems[i].init();
		if (error)
			goto fail;
	}
#ifdef SLABCHECK_FLAG_GUARDED
	gfs2_subsystems_up = true;
#endif
	return 0;
fail:
#ifdef SLABCHECK_INLINE_LOOPS
	while (i-- > 0)
		gfs2_subsystems[i].exit();
#else
	gfs2_subsystems_exit();
#endif
	return error;
}

static void __exit exit_gfs2_fs(void)
{
#ifdef SLABCHECK_INLINE_LOOPS
	int i;

#ifdef SLABCHECK_FLAG_GUARDED
	if (!gfs2_subsystems_up)
		return;
#endif
	for (i = ARRAY_SIZE(gfs2_subsystems); i-- > 0;)
		gfs2_subsystems[i].exit();
#else
	gfs2_subsystems_exit();
#endif
}

module_init(init_gfs2_fs);
module_exit(exit_gfs2_fs);
MODULE_LICENSE("GPL");
