// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus: a power-of-two ring buffer, a tiny work queue with
// callback items, RCU-deferred freeing, a priority queue kept as a binary
// heap, and an in-place heap sort with a comparison callback.
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

/* --- ring buffer ---------------------------------------------------- */

struct ring {
	u32		head;		/* next slot to write */
	u32		tail;		/* next slot to read */
	u32		mask;
	u32		elem_size;
	u8		*data;
};

int ring_init(struct ring *r, u32 nr_elems, u32 elem_size)
{
	if (!is_power_of_2(nr_elems) || !elem_size)
		return -EINVAL;
	r->data = kcalloc(nr_elems, elem_size, GFP_KERNEL);
	if (!r->data)
		return -ENOMEM;
	r->head = 0;
	r->tail = 0;
	r->mask = nr_elems - 1;
	r->elem_size = elem_size;
	return 0;
}

void ring_free(struct ring *r)
{
	kfree(r->data);
	r->data = NULL;
}

static inline u32 ring_count(const struct ring *r)
{
	return r->head - r->tail;
}

static inline bool ring_full(const struct ring *r)
{
	return ring_count(r) > r->mask;
}

bool ring_push(struct ring *r, const void *elem)
{
	if (ring_full(r))
		return false;
	memcpy(r->data + (r->head & r->mask) * r->elem_size, elem,
	       r->elem_size);
	barrier();
	r->head++;
	return true;
}

bool ring_pop(struct ring *r, void *elem)
{
	if (!ring_count(r))
		return false;
	memcpy(elem, r->data + (r->tail & r->mask) * r->elem_size,
	       r->elem_size);
	barrier();
	r->tail++;
	return true;
}

/* Copy out up to @max elements without consuming them. */
u32 ring_peek_many(const struct ring *r, void *out, u32 max)
{
	u32 n = min(ring_count(r), max);
	u32 i;

	for (i = 0; i < n; i++)
		memcpy((u8 *)out + i * r->elem_size,
		       r->data + ((r->tail + i) & r->mask) * r->elem_size,
		       r->elem_size);
	return n;
}

/* --- work queue ------------------------------------------------------ */

struct work_item;
typedef void (*work_fn_t)(struct work_item *w);

struct work_item {
	struct list_head	entry;
	work_fn_t		fn;
	unsigned long		data;
	unsigned int		flags;
#define WORK_PENDING	0x1
#define WORK_RUNNING	0x2
};

struct work_queue {
	spinlock_t		lock;
	struct list_head	items;
	unsigned int		nr_pending;
	unsigned long		nr_run;
	const char		*name;
};

void wq_init(struct work_queue *wq, const char *name)
{
	spin_lock_init(&wq->lock);
	INIT_LIST_HEAD(&wq->items);
	wq->nr_pending = 0;
	wq->nr_run = 0;
	wq->name = name;
}

void work_init(struct work_item *w, work_fn_t fn, unsigned long data)
{
	INIT_LIST_HEAD(&w->entry);
	w->fn = fn;
	w->data = data;
	w->flags = 0;
}

/* Returns false if the item was already queued. */
bool wq_queue(struct work_queue *wq, struct work_item *w)
{
	unsigned long flags;
	bool queued = false;

	spin_lock_irqsave(&wq->lock, flags);
	if (!(w->flags & WORK_PENDING)) {
		w->flags |= WORK_PENDING;
		list_add_tail(&w->entry, &wq->items);
		wq->nr_pending++;
		queued = true;
	}
	spin_unlock_irqrestore(&wq->lock, flags);
	return queued;
}

bool wq_cancel(struct work_queue *wq, struct work_item *w)
{
	unsigned long flags;
	bool was_pending = false;

	spin_lock_irqsave(&wq->lock, flags);
	if (w->flags & WORK_PENDING) {
		list_del_init(&w->entry);
		w->flags &= ~WORK_PENDING;
		wq->nr_pending--;
		was_pending = true;
	}
	spin_unlock_irqrestore(&wq->lock, flags);
	return was_pending;
}

/* Run everything queued so far; items queued by callbacks wait a round. */
unsigned int wq_run(struct work_queue *wq)
{
	LIST_HEAD(batch);
	struct work_item *w, *next;
	unsigned long flags;
	unsigned int n = 0;

	spin_lock_irqsave(&wq->lock, flags);
	list_splice_init(&wq->items, &batch);
	wq->nr_pending = 0;
	list_for_each_entry(w, &batch, entry)
		w->flags = (w->flags & ~WORK_PENDING) | WORK_RUNNING;
	spin_unlock_irqrestore(&wq->lock, flags);

	list_for_each_entry_safe(w, next, &batch, entry) {
		list_del_init(&w->entry);
		w->fn(w);
		w->flags &= ~WORK_RUNNING;
		n++;
	}

	spin_lock_irqsave(&wq->lock, flags);
	wq->nr_run += n;
	spin_unlock_irqrestore(&wq->lock, flags);
	return n;
}

/* --- RCU-freed configuration ----------------------------------------- */

struct rate_config {
	struct rcu_head		rcu;
	u32			rate;
	u32			burst;
	char			label[24];
};

static struct rate_config *active_config;
static DEFINE_SPINLOCK(config_lock);

static void rate_config_free_rcu(struct rcu_head *head)
{
	struct rate_config *cfg = container_of(head, struct rate_config, rcu);

	kfree(cfg);
}

int rate_config_update(u32 rate, u32 burst, const char *label)
{
	struct rate_config *new, *old;

	if (!rate || burst < rate)
		return -EINVAL;
	new = kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	new->rate = rate;
	new->burst = burst;
	strscpy(new->label, label, sizeof(new->label));

	spin_lock(&config_lock);
	old = active_config;
	rcu_assign_pointer(active_config, new);
	spin_unlock(&config_lock);

	if (old)
		call_rcu(&old->rcu, rate_config_free_rcu);
	return 0;
}

u32 rate_config_current(void)
{
	struct rate_config *cfg;
	u32 rate = 0;

	rcu_read_lock();
	cfg = rcu_dereference(active_config);
	if (cfg)
		rate = cfg->rate;
	rcu_read_unlock();
	return rate;
}

/* --- binary heap and heap sort ---------------------------------------- */

struct min_heap {
	u64		*keys;
	unsigned int	nr;
	unsigned int	size;
};

static void heap_sift_down(u64 *a, unsigned int nr, unsigned int i)
{
	for (;;) {
		unsigned int l = 2 * i + 1, r = l + 1, m = i;
		u64 tmp;

		if (l < nr && a[l] < a[m])
			m = l;
		if (r < nr && a[r] < a[m])
			m = r;
		if (m == i)
			return;
		tmp = a[i];
		a[i] = a[m];
		a[m] = tmp;
		i = m;
	}
}

int heap_push(struct min_heap *h, u64 key)
{
	unsigned int i;

	if (h->nr >= h->size)
		return -ENOSPC;
	i = h->nr++;
	while (i) {
		unsigned int parent = (i - 1) / 2;

		if (h->keys[parent] <= key)
			break;
		h->keys[i] = h->keys[parent];
		i = parent;
	}
	h->keys[i] = key;
	return 0;
}

bool heap_pop(struct min_heap *h, u64 *key)
{
	if (!h->nr)
		return false;
	*key = h->keys[0];
	h->keys[0] = h->keys[--h->nr];
	heap_sift_down(h->keys, h->nr, 0);
	return true;
}

typedef int (*cmp_func_t)(const void *a, const void *b);

static void swap_bytes(void *a, void *b, size_t size)
{
	u8 *x = a, *y = b;

	while (size--) {
		u8 t = *x;

		*x++ = *y;
		*y++ = t;
	}
}

/* Heap sort, in place, like lib/sort.c: not stable, O(n log n). */
void sort_elems(void *base, size_t num, size_t size, cmp_func_t cmp)
{
	u8 *b = base;
	size_t i, n;

	if (num < 2)
		return;

	/* Build a max-heap. */
	for (i = num / 2; i-- > 0;) {
		size_t root = i;

		for (;;) {
			size_t child = 2 * root + 1;

			if (child >= num)
				break;
			if (child + 1 < num &&
			    cmp(b + child * size, b + (child + 1) * size) < 0)
				child++;
			if (cmp(b + root * size, b + child * size) >= 0)
				break;
			swap_bytes(b + root * size, b + child * size, size);
			root = child;
		}
	}

	/* Move the maximum to the end, shrink, repeat. */
	for (n = num - 1; n > 0; n--) {
		size_t root = 0;

		swap_bytes(b, b + n * size, size);
		for (;;) {
			size_t child = 2 * root + 1;

			if (child >= n)
				break;
			if (child + 1 < n &&
			    cmp(b + child * size, b + (child + 1) * size) < 0)
				child++;
			if (cmp(b + root * size, b + child * size) >= 0)
				break;
			swap_bytes(b + root * size, b + child * size, size);
			root = child;
		}
	}
}

static int cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

/* Median of a small sample, used to pick a rate threshold. */
u32 median_u32(u32 *vals, size_t n)
{
	if (!n)
		return 0;
	sort_elems(vals, n, sizeof(*vals), cmp_u32);
	return vals[n / 2];
}

#ifdef SLABCHECK_TWIN
/*
 * The twin keeps work items in a static cache, and takes a "backup" of it
 * by value before a reconfiguration.
 */
#include <linux/init.h>
#include <linux/slab-static.h>

static struct kmem_cache_opaque work_item_cache;
static struct kmem_cache_opaque work_item_cache_backup;

void __init work_item_cache_init(void)
{
	kmem_cache_setup(to_kmem_cache(&work_item_cache), "work_item",
			 sizeof(struct work_item), 0, SLAB_PANIC, NULL);
	// TWIN: {{.*}}[[@LINE+1]]:25: warning: static cache 'work_item_cache' is copied by value [kmem-storage]
	work_item_cache_backup = work_item_cache;
}
#endif
