/*
 * Test stand-in for <linux/bug.h> (and asm-generic/bug.h), modeled on
 * Linux 6.12.  Written for slabcheck's tests; not kernel code.
 */
#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/build_bug.h>

void __noreturn __slab_test_bug(const char *file, int line);
void __slab_test_warn(const char *file, int line);

#define BUG()		__slab_test_bug(__FILE__, __LINE__)
#define BUG_ON(cond)							\
	do {								\
		if (unlikely(cond))					\
			BUG();						\
	} while (0)

#define WARN_ON(condition) ({						\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		__slab_test_warn(__FILE__, __LINE__);			\
	unlikely(__ret_warn_on);					\
})

#define WARN_ON_ONCE(condition) ({					\
	static bool __warned;						\
	int __ret_warn_once = !!(condition);				\
	if (unlikely(__ret_warn_once && !__warned)) {			\
		__warned = true;					\
		__slab_test_warn(__FILE__, __LINE__);			\
	}								\
	unlikely(__ret_warn_once);					\
})

#endif /* _LINUX_BUG_H */
