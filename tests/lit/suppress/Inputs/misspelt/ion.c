#include "../resetup-twice.h"

void __init ion_selftest(void)
{
	KMEM_CACHE_SETUP(ion_cachep, ion_buffer_min, SLAB_PANIC);
	KMEM_CACHE_SETUP(ion_cachep, ion_buffer_min, SLAB_PANIC);
	KMEM_CACHE_SETUP(ion_cachep, ion_buffer_min, SLAB_PANIC);
}
