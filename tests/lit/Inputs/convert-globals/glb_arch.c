/* Another architecture's code, which the runs of globals.c never compile:
 * it tests glb_vm_cachep, which its text shows. */
#include <linux/bug.h>

#include "glb_task.h"

void glb_arch_check(void)
{
	WARN_ON(!glb_vm_cachep);
}
