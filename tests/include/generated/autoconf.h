/*
 * Test stand-in for the build-generated <generated/autoconf.h>: the Kconfig
 * values the checked API depends on, as an x86_64 defconfig of Linux 6.12
 * has them.  A test that needs another configuration defines them on its
 * command line (-DCONFIG_PAGE_SHIFT=16), which this header then leaves
 * alone.  Written for slabcheck's tests; not kernel code.
 */
#ifndef __AUTOCONF_H__
#define __AUTOCONF_H__

#ifndef CONFIG_PAGE_SHIFT
#define CONFIG_PAGE_SHIFT 12
#endif

#endif /* __AUTOCONF_H__ */
