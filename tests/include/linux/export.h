/*
 * Test stand-in for <linux/export.h>, modeled on Linux 6.12.  Exporting is
 * a link-time matter; here the macros only redeclare the symbol so that a
 * typo still fails to compile.  Written for slabcheck's tests; not kernel
 * code.
 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)		extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL(sym)		extern typeof(sym) sym
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	extern typeof(sym) sym

#endif /* _LINUX_EXPORT_H */
