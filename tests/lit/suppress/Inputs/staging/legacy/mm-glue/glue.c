#include "../../../resetup-twice.h"

void __init ion_glue_init(void)
{
	kmem_cache_setup(ion_cachep, "ion", sizeof(struct ion_buffer_min), 0,
			 SLAB_PANIC | SLAB_PREALLOCATED, NULL);
}
