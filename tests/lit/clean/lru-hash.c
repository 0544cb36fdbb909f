// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus: a reference-counted object cache with a hash table, an
// LRU list and a shrinker-like scan.  Ordinary kernel C that does not use
// static slab caches must produce no output at all.
#include <linux/atomic.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#define OC_HASH_BITS		8
#define OC_HASH_SIZE		(1U << OC_HASH_BITS)
#define OC_KEY_MAX		32
#define OC_DEFAULT_LIMIT	512
#define OC_AGE_TICKS		(30 * HZ)

enum oc_flags {
	OC_F_HASHED	= 1 << 0,
	OC_F_ON_LRU	= 1 << 1,
	OC_F_DIRTY	= 1 << 2,
	OC_F_PINNED	= 1 << 3,
};

struct oc_entry {
	struct hlist_node	hash;
	struct list_head	lru;
	atomic_t		ref;
	unsigned int		flags;
	unsigned long		last_used;
	u32			hashval;
	u16			key_len;
	u16			val_len;
	char			key[OC_KEY_MAX];
	u8			*val;
};

struct oc_stats {
	unsigned long		lookups;
	unsigned long		hits;
	unsigned long		inserts;
	unsigned long		evictions;
	unsigned long		collisions;
};

struct object_cache {
	spinlock_t		lock;
	struct hlist_head	table[OC_HASH_SIZE];
	struct list_head	lru;
	unsigned int		nr_entries;
	unsigned int		limit;
	struct oc_stats		stats;
	void			(*writeback)(struct oc_entry *e, void *priv);
	void			*priv;
};

static u32 oc_hash_key(const char *key, size_t len)
{
	u32 h = 0x811c9dc5;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (u8)key[i];
		h *= 0x01000193;
	}
	return h;
}

static inline struct hlist_head *oc_bucket(struct object_cache *oc, u32 h)
{
	return &oc->table[hash_32(h, OC_HASH_BITS)];
}

void oc_init(struct object_cache *oc, unsigned int limit,
	     void (*writeback)(struct oc_entry *e, void *priv), void *priv)
{
	unsigned int i;

	spin_lock_init(&oc->lock);
	for (i = 0; i < OC_HASH_SIZE; i++)
		INIT_HLIST_HEAD(&oc->table[i]);
	INIT_LIST_HEAD(&oc->lru);
	oc->nr_entries = 0;
	oc->limit = limit ? limit : OC_DEFAULT_LIMIT;
	memset(&oc->stats, 0, sizeof(oc->stats));
	oc->writeback = writeback;
	oc->priv = priv;
}

static struct oc_entry *oc_entry_alloc(const char *key, size_t key_len,
				       const void *val, size_t val_len)
{
	struct oc_entry *e;

	if (key_len == 0 || key_len >= OC_KEY_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	if (val_len > U16_MAX)
		return ERR_PTR(-E2BIG);

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return ERR_PTR(-ENOMEM);

	e->val = kmalloc(val_len ? val_len : 1, GFP_KERNEL);
	if (!e->val) {
		kfree(e);
		return ERR_PTR(-ENOMEM);
	}

	INIT_HLIST_NODE(&e->hash);
	INIT_LIST_HEAD(&e->lru);
	atomic_set(&e->ref, 1);
	memcpy(e->key, key, key_len);
	e->key[key_len] = '\0';
	e->key_len = key_len;
	if (val_len)
		memcpy(e->val, val, val_len);
	e->val_len = val_len;
	e->hashval = oc_hash_key(key, key_len);
	e->last_used = jiffies;
	return e;
}

static void oc_entry_free(struct oc_entry *e)
{
	kfree(e->val);
	kfree(e);
}

void oc_put(struct object_cache *oc, struct oc_entry *e)
{
	if (!atomic_dec_and_test(&e->ref))
		return;
	if ((e->flags & OC_F_DIRTY) && oc->writeback)
		oc->writeback(e, oc->priv);
	oc_entry_free(e);
}

static struct oc_entry *__oc_find(struct object_cache *oc, const char *key,
				  size_t key_len, u32 h)
{
	struct oc_entry *e;
	unsigned int depth = 0;

	lockdep_assert_held(&oc->lock);
	hlist_for_each_entry(e, oc_bucket(oc, h), hash) {
		depth++;
		if (e->hashval != h || e->key_len != key_len)
			continue;
		if (!memcmp(e->key, key, key_len)) {
			if (depth > 1)
				oc->stats.collisions += depth - 1;
			return e;
		}
	}
	return NULL;
}

static void __oc_unlink(struct object_cache *oc, struct oc_entry *e)
{
	if (e->flags & OC_F_HASHED) {
		hlist_del_init(&e->hash);
		e->flags &= ~OC_F_HASHED;
	}
	if (e->flags & OC_F_ON_LRU) {
		list_del_init(&e->lru);
		e->flags &= ~OC_F_ON_LRU;
	}
	oc->nr_entries--;
}

struct oc_entry *oc_lookup(struct object_cache *oc, const char *key)
{
	size_t len = strnlen(key, OC_KEY_MAX);
	u32 h = oc_hash_key(key, len);
	struct oc_entry *e;

	spin_lock(&oc->lock);
	oc->stats.lookups++;
	e = __oc_find(oc, key, len, h);
	if (e) {
		oc->stats.hits++;
		atomic_inc(&e->ref);
		e->last_used = jiffies;
		if (e->flags & OC_F_ON_LRU)
			list_move_tail(&e->lru, &oc->lru);
	}
	spin_unlock(&oc->lock);
	return e;
}

/* Evict from the cold end until we are under the limit; returns count. */
static unsigned int __oc_evict(struct object_cache *oc, struct list_head *dispose)
{
	struct oc_entry *e, *tmp;
	unsigned int n = 0;

	list_for_each_entry_safe(e, tmp, &oc->lru, lru) {
		if (oc->nr_entries <= oc->limit)
			break;
		if (e->flags & OC_F_PINNED)
			continue;
		if (atomic_read(&e->ref) > 1)
			continue;
		__oc_unlink(oc, e);
		list_add(&e->lru, dispose);
		oc->stats.evictions++;
		n++;
	}
	return n;
}

static void oc_dispose(struct object_cache *oc, struct list_head *dispose)
{
	struct oc_entry *e, *tmp;

	list_for_each_entry_safe(e, tmp, dispose, lru) {
		list_del(&e->lru);
		oc_put(oc, e);
	}
}

int oc_insert(struct object_cache *oc, const char *key,
	      const void *val, size_t val_len, bool pin)
{
	struct oc_entry *e, *old;
	LIST_HEAD(dispose);
	size_t len = strnlen(key, OC_KEY_MAX);
	int ret = 0;

	e = oc_entry_alloc(key, len, val, val_len);
	if (IS_ERR(e))
		return PTR_ERR(e);
	if (pin)
		e->flags |= OC_F_PINNED;

	spin_lock(&oc->lock);
	old = __oc_find(oc, key, len, e->hashval);
	if (old) {
		__oc_unlink(oc, old);
		list_add(&old->lru, &dispose);
		ret = 1;
	}
	hlist_add_head(&e->hash, oc_bucket(oc, e->hashval));
	e->flags |= OC_F_HASHED;
	if (!pin) {
		list_add_tail(&e->lru, &oc->lru);
		e->flags |= OC_F_ON_LRU;
	}
	oc->nr_entries++;
	oc->stats.inserts++;
	__oc_evict(oc, &dispose);
	spin_unlock(&oc->lock);

	oc_dispose(oc, &dispose);
	return ret;
}

bool oc_remove(struct object_cache *oc, const char *key)
{
	size_t len = strnlen(key, OC_KEY_MAX);
	struct oc_entry *e;

	spin_lock(&oc->lock);
	e = __oc_find(oc, key, len, oc_hash_key(key, len));
	if (e)
		__oc_unlink(oc, e);
	spin_unlock(&oc->lock);

	if (!e)
		return false;
	oc_put(oc, e);
	return true;
}

void oc_mark_dirty(struct oc_entry *e)
{
	e->flags |= OC_F_DIRTY;
}

/* Age out entries not used for OC_AGE_TICKS; a shrinker's scan callback. */
unsigned long oc_scan(struct object_cache *oc, unsigned long nr_to_scan)
{
	struct oc_entry *e, *tmp;
	LIST_HEAD(dispose);
	unsigned long freed = 0;
	unsigned long now = jiffies;

	spin_lock(&oc->lock);
	list_for_each_entry_safe(e, tmp, &oc->lru, lru) {
		if (!nr_to_scan--)
			break;
		if (time_before(now, e->last_used + OC_AGE_TICKS))
			continue;
		if (atomic_read(&e->ref) > 1)
			continue;
		__oc_unlink(oc, e);
		list_add(&e->lru, &dispose);
		freed++;
	}
	spin_unlock(&oc->lock);

	oc_dispose(oc, &dispose);
	return freed;
}

unsigned long oc_count(struct object_cache *oc)
{
	return READ_ONCE(oc->nr_entries);
}

void oc_destroy(struct object_cache *oc)
{
	struct oc_entry *e;
	struct hlist_node *n;
	LIST_HEAD(dispose);
	unsigned int i;

	spin_lock(&oc->lock);
	for (i = 0; i < OC_HASH_SIZE; i++) {
		hlist_for_each_entry_safe(e, n, &oc->table[i], hash) {
			__oc_unlink(oc, e);
			list_add(&e->lru, &dispose);
		}
	}
	spin_unlock(&oc->lock);
	oc_dispose(oc, &dispose);
	WARN_ON(oc->nr_entries != 0);
}

int oc_format_stats(struct object_cache *oc, char *buf, size_t size)
{
	struct oc_stats s;
	unsigned int hit_pct = 0;

	spin_lock(&oc->lock);
	s = oc->stats;
	spin_unlock(&oc->lock);

	if (s.lookups)
		hit_pct = (unsigned int)(s.hits * 100 / s.lookups);
	return scnprintf(buf, size,
			 "lookups %lu hits %lu (%u%%) inserts %lu evictions %lu collisions %lu\n",
			 s.lookups, s.hits, hit_pct, s.inserts, s.evictions,
			 s.collisions);
}

/* Walk every bucket and report the longest chain, for debugfs. */
unsigned int oc_max_chain(struct object_cache *oc)
{
	unsigned int i, longest = 0;

	spin_lock(&oc->lock);
	for (i = 0; i < OC_HASH_SIZE; i++) {
		struct oc_entry *e;
		unsigned int len = 0;

		hlist_for_each_entry(e, &oc->table[i], hash)
			len++;
		longest = max(longest, len);
	}
	spin_unlock(&oc->lock);
	return longest;
}

#ifdef SLABCHECK_TWIN
/*
 * The twin gives each object cache a cache of entries, and declares it
 * where the cache is made: on the stack of the function that returns.
 */
#include <linux/slab-static.h>

int object_cache_init_entries(struct object_cache *oc)
{
	// TWIN: {{.*}}[[@LINE+1]]:27: warning: static cache 'entry_cache' has automatic storage duration [kmem-storage]
	struct kmem_cache_opaque entry_cache;

	(void)oc;
	return kmem_cache_setup(to_kmem_cache(&entry_cache), "oc_entry",
				sizeof(struct oc_entry), 0, 0, NULL);
}
#endif
