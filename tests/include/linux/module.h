/*
 * Test stand-in for <linux/module.h>, modeled on Linux 6.12.
 *
 * As in the kernel, module_init()/module_exit() mean two different things:
 * in a module (-DMODULE) they alias init_module/cleanup_module to the
 * given functions; in built-in code they file a pointer to the function in
 * an initcall or exitcall section.  Written for slabcheck's tests; not
 * kernel code.
 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/export.h>

struct module;

struct module_kobject {
	struct kobject		kobj;
	struct module		*mod;
	struct kobject		*drivers_dir;
};

enum module_state {
	MODULE_STATE_LIVE,
	MODULE_STATE_COMING,
	MODULE_STATE_GOING,
	MODULE_STATE_UNFORMED,
};

#define MODULE_NAME_LEN	56

struct module {
	enum module_state	state;
	struct list_head	list;
	char			name[MODULE_NAME_LEN];
	struct module_kobject	mkobj;
	int			(*init)(void);
	void			(*exit)(void);
	atomic_t		refcnt;
};

#ifdef MODULE
extern struct module __this_module;
#define THIS_MODULE	(&__this_module)
#else
#define THIS_MODULE	((struct module *)0)
#endif

#ifndef MODULE
/*
 * Like the kernel's, these end in their own semicolon: both
 * "module_init(fn)" and "module_init(fn);" are written in the tree.
 */
/* Built in: run at device_initcall time; exit code is never run. */
#define module_init(fn)							\
	static initcall_t __initcall_##fn __used			\
		__section(".initcall6.init") = fn;
#define module_exit(fn)							\
	static exitcall_t __exitcall_##fn __used			\
		__section(".exitcall.exit") = fn;
#else
/* Loadable: the loader calls init_module() and cleanup_module(). */
#define module_init(initfn)						\
	static inline initcall_t __maybe_unused __inittest(void)	\
	{ return initfn; }						\
	int init_module(void) __attribute__((alias(#initfn)));
#define module_exit(exitfn)						\
	static inline exitcall_t __maybe_unused __exittest(void)	\
	{ return exitfn; }						\
	void cleanup_module(void) __attribute__((alias(#exitfn)));
#endif

/*
 * Module metadata and parameters.  The kernel files these for modpost,
 * modinfo(8) and sysfs; here they only check their arguments and emit
 * nothing.
 */
#define MODULE_INFO(tag, info)						\
	_Static_assert(sizeof(info) > 0, #tag " needs a value")
#define MODULE_LICENSE(_license)	MODULE_INFO(license, _license)
#define MODULE_AUTHOR(_author)		MODULE_INFO(author, _author)
#define MODULE_DESCRIPTION(_desc)	MODULE_INFO(description, _desc)
#define MODULE_ALIAS(_alias)		MODULE_INFO(alias, _alias)
#define MODULE_VERSION(_version)	MODULE_INFO(version, _version)

/*
 * As the kernel's: the parameter's address goes into a table the module
 * loader writes through, so the compiler cannot fold the variable's
 * initial value into the code that reads it.
 */
#define module_param(name, type, perm)					\
	static void *__param_##name __attribute__((used,		\
		section("__param"))) = &(name);				\
	_Static_assert((perm) >= 0, #name)
#define MODULE_PARM_DESC(name, desc)	MODULE_INFO(parm, #name ":" desc)

bool try_module_get(struct module *module);
void module_put(struct module *module);

#endif /* _LINUX_MODULE_H */
