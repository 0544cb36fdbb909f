// The cookie half of a module split over files (see ../exit-in-other-file.c):
// it drains the cookie hash and destroys the cache the main file set up.
// With -DSLABCHECK_TWIN it forgets the destroy.
#include <linux/init.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

extern struct kmem_cache_opaque fscache_cookie_cache;
#define fscache_cookie_cachep to_kmem_cache(&fscache_cookie_cache)

static LIST_HEAD(fscache_cookie_lru);

static void fscache_drop_lru(void)
{
	struct list_head *entry, *next;

	for (entry = fscache_cookie_lru.next; entry != &fscache_cookie_lru; entry = next) {
		next = entry->next;
		list_del(entry);
		kmem_cache_free(fscache_cookie_cachep, entry);
	}
}

void fscache_cookies_exit(void)
{
	fscache_drop_lru();
#ifndef SLABCHECK_TWIN
	kmem_cache_destroy(fscache_cookie_cachep);
#endif
}
