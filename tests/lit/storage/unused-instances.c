// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefixes=CHECK,TWIN %s
//
// kmem-storage on instances nothing uses (their user is configured out,
// or is itself never called): what is reported is what the declaration
// says, const or a read-only or init section, not what the compiler made
// of a variable it is about to drop.  A plain static instance is fine
// whether it is used or not; the twin puts one look-alike in
// __ro_after_init.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct zswap_entry_min {
	unsigned long		handle;
	unsigned int		length;
	void			*objcg;
};

struct zswap_pool_min {
	void			*zpool;
	struct list_head	list;
	char			tfm_name[32];
};

/* Its only user is configured out. */
#ifdef SLABCHECK_TWIN
static struct kmem_cache_opaque zswap_entry_cache __maybe_unused
	__ro_after_init;
// TWIN: {{.*}}[[@LINE-2]]:33: warning: static cache 'zswap_entry_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]
#else
static struct kmem_cache_opaque zswap_entry_cache __maybe_unused;
#endif

/* Only used from a function nobody calls. */
static struct kmem_cache_opaque zswap_pool_cache;

static int __maybe_unused zswap_pool_cache_init(void)
{
	if (kmem_cache_setup(to_kmem_cache(&zswap_pool_cache), "zswap_pool",
			     sizeof(struct zswap_pool_min), 0, 0, NULL))
		return -ENOMEM;
	return 0;
}

/* The same mistakes, used or not, are reported the same way. */
static const struct kmem_cache_opaque zswap_const_cache __maybe_unused;
// CHECK: {{.*}}[[@LINE-1]]:39: warning: static cache 'zswap_const_cache' is const [kmem-storage]

static struct kmem_cache_opaque zswap_ro_cache __maybe_unused __ro_after_init;
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'zswap_ro_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]

static struct kmem_cache_opaque zswap_init_cache __maybe_unused __initdata;
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'zswap_init_cache' is in read-only or init memory (section '.init.data') [kmem-storage]

static struct kmem_cache_opaque zswap_used_cache __ro_after_init;
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache 'zswap_used_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]

int __init zswap_init(void)
{
	if (kmem_cache_setup(to_kmem_cache(&zswap_used_cache), "zswap_entry",
			     sizeof(struct zswap_entry_min), 0, 0, NULL))
		return -ENOMEM;
	return 0;
}
