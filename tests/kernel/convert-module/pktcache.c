// SPDX-License-Identifier: GPL-2.0
/*
 * Caches created in init and destroyed in exit, the way drivers write
 * them: a KMEM_CACHE() tested with unlikely(), a kmem_cache_create() with
 * a struct kmem_cache_args, a usercopy cache created by a helper whose
 * NULL test and "return 0" fold into the setup's return, the unwinding
 * by gotos.  tests/scripts/check-convert-kbuild.sh converts it.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/stddef.h>

#include "pktcache.h"

struct pkt_entry {
	unsigned long seq;
	void *payload;
};

struct pkt_frag {
	unsigned long seq;
	void *freeptr;
};

struct pkt_name {
	unsigned long id;
	char name[32];
};

static struct kmem_cache *pkt_entry_cachep;
static struct kmem_cache *pkt_frag_cachep __read_mostly;
static struct kmem_cache *pkt_name_cachep;

void *pkt_alloc_entry(gfp_t gfp)
{
	return kmem_cache_zalloc(pkt_entry_cachep, gfp);
}
EXPORT_SYMBOL_GPL(pkt_alloc_entry);

void pkt_free_entry(void *entry)
{
	kmem_cache_free(pkt_entry_cachep, entry);
}
EXPORT_SYMBOL_GPL(pkt_free_entry);

static int pkt_name_cache_init(void)
{
	pkt_name_cachep = kmem_cache_create_usercopy("pkt_name",
				sizeof(struct pkt_name), 0,
				SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT,
				offsetof(struct pkt_name, name),
				sizeof_field(struct pkt_name, name), NULL);
	if (pkt_name_cachep == NULL)
		return -ENOMEM;
	return 0;
}

static int __init pktcache_init(void)
{
	struct kmem_cache_args args = {
		.use_freeptr_offset = true,
		.freeptr_offset = offsetof(struct pkt_frag, freeptr),
	};
	int err;

	pkt_entry_cachep = KMEM_CACHE(pkt_entry, SLAB_HWCACHE_ALIGN);
	if (unlikely(!pkt_entry_cachep))
		return -ENOMEM;
	pkt_frag_cachep = kmem_cache_create("pkt_frag", sizeof(struct pkt_frag),
					    &args, SLAB_TYPESAFE_BY_RCU);
	if (!pkt_frag_cachep) {
		err = -ENOMEM;
		goto out_entry;
	}
	err = pkt_name_cache_init();
	if (err)
		goto out_frag;
	return 0;

out_frag:
	kmem_cache_destroy(pkt_frag_cachep);
out_entry:
	kmem_cache_destroy(pkt_entry_cachep);
	return err;
}

static void __exit pktcache_exit(void)
{
	kmem_cache_destroy(pkt_name_cachep);
	kmem_cache_destroy(pkt_frag_cachep);
	kmem_cache_destroy(pkt_entry_cachep);
}

module_init(pktcache_init);
module_exit(pktcache_exit);
MODULE_DESCRIPTION("slabcheck: caches for slabcheck convert kbuild");
MODULE_LICENSE("GPL");
