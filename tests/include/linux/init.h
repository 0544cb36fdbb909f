/*
 * Test stand-in for <linux/init.h>, modeled on Linux 6.12: the section
 * markers for init/exit code and data, and the initcall tables that
 * built-in code registers itself in.  Written for slabcheck's tests; not
 * kernel code.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>
#include <linux/types.h>

/* Code and data that the kernel frees (or never loads) after boot. */
#define __init		__section(".init.text")
#define __exit		__section(".exit.text")
#define __initdata	__section(".init.data")
#define __initconst	__section(".init.rodata")
#define __exitdata	__section(".exit.data")

/* Written during boot, then mapped read-only. */
#define __ro_after_init	__section(".data..ro_after_init")

typedef int (*initcall_t)(void);
typedef void (*exitcall_t)(void);

/*
 * Built-in initcalls: a pointer to the function in the section of its
 * level, which do_initcalls() walks at boot.
 */
#define __define_initcall(fn, id)					\
	static initcall_t __initcall_##fn##id __used			\
		__section(".initcall" #id ".init") = fn

#define early_initcall(fn)		__define_initcall(fn, early)
#define core_initcall(fn)		__define_initcall(fn, 1)
#define postcore_initcall(fn)		__define_initcall(fn, 2)
#define arch_initcall(fn)		__define_initcall(fn, 3)
#define subsys_initcall(fn)		__define_initcall(fn, 4)
#define fs_initcall(fn)			__define_initcall(fn, 5)
#define device_initcall(fn)		__define_initcall(fn, 6)
#define late_initcall(fn)		__define_initcall(fn, 7)

#endif /* _LINUX_INIT_H */
