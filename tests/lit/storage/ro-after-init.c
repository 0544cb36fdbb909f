// RUN: %check %s | %filecheck %s
// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-storage: the conversion from a cache pointer to a static instance
// kept the pointer's __ro_after_init.  The pointer was written once at
// boot; the instance is written by mm/ for as long as the cache lives, and
// that memory turns read-only after boot.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dentry_min {
	unsigned int		d_flags;
	u32			d_hash;
	void			*d_parent;
	void			*d_inode;
	struct {
		char		string[40];
	} d_shortname;
	struct hlist_node	d_sib;
};

struct external_name_min {
	atomic_t		count;
	u32			len;
	char			name[64];
};

/* Was: static struct kmem_cache *__dentry_cache __ro_after_init; */
static struct kmem_cache_opaque __dentry_cache __ro_after_init;
// CHECK: {{.*}}[[@LINE-1]]:33: warning: static cache '__dentry_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]
#define dentry_cache to_kmem_cache(&__dentry_cache)

/* Converted correctly. */
static struct kmem_cache_opaque names_cache;
#define names_cachep to_kmem_cache(&names_cache)

/* Spelled out by hand: the same section. */
static struct kmem_cache_opaque ext_name_cache
	__attribute__((section(".data..ro_after_init")));
// CHECK: {{.*}}[[@LINE-2]]:33: warning: static cache 'ext_name_cache' is in read-only or init memory (section '.data..ro_after_init') [kmem-storage]

void __init dcache_init(void)
{
	KMEM_CACHE_SETUP_USERCOPY(dentry_cache, dentry_min,
				  SLAB_RECLAIM_ACCOUNT | SLAB_PANIC | SLAB_ACCOUNT,
				  d_shortname.string);
	kmem_cache_setup(names_cachep, "names_cache", 4096, 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
	KMEM_CACHE_SETUP(to_kmem_cache(&ext_name_cache), external_name_min,
			 SLAB_PANIC);
}
