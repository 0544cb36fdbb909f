/*
 * ringbuf: named in-kernel record rings for other modules to log into.
 *
 * Rings, records and readers come from three static slab caches (struct
 * kmem_cache_opaque, <linux/slab-static.h>).  Needs a kernel with static
 * kmem_cache instances in modules; builds as an out-of-tree module.
 *
 * This file is slabcheck's example: four bugs are planted in it, each
 * marked BUG(rule) on the line above.  EXPECTED lists what slabcheck
 * reports for it.
 */
#define pr_fmt(fmt) "ringbuf: " fmt

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/slab-static.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "ringbuf.h"

#define RB_NAME_LEN		16
#define RB_INLINE_DATA		48
#define RB_BULK_DATA		240
#define RB_MAX_DEPTH		4096

#define RB_REC_BULK		0x1

struct rb_ring {
	struct list_head	node;		/* on rb_rings */
	spinlock_t		lock;
	struct list_head	records;	/* oldest first */
	struct list_head	readers;
	unsigned int		depth;
	unsigned int		count;
	u64			next_seq;
	unsigned long		dropped;
	char			name[RB_NAME_LEN];
};

struct rb_record {
	struct list_head	node;
	u64			seq;
	u32			len;
	u32			flags;
	u8			data[RB_INLINE_DATA];
};

/* A record whose payload continues past data[]. */
struct rb_bulk_record {
	struct rb_record	rec;
	u8			more[RB_BULK_DATA - RB_INLINE_DATA];
};

struct rb_reader {
	struct list_head	node;		/* on ring->readers */
	struct rb_ring		*ring;
	u64			pos;		/* next sequence number to read */
	unsigned long		missed;
};

static struct kmem_cache_opaque rb_ring_cache;
#define rb_ring_cachep to_kmem_cache(&rb_ring_cache)
/* BUG(kmem-storage): left over from the pointer it replaced; mm/ writes the instance after boot */
static struct kmem_cache_opaque rb_record_cache __ro_after_init;
#define rb_record_cachep to_kmem_cache(&rb_record_cache)
static struct kmem_cache_opaque rb_reader_cache;
#define rb_reader_cachep to_kmem_cache(&rb_reader_cache)

static LIST_HEAD(rb_rings);
static DEFINE_MUTEX(rb_rings_mutex);

static bool reader_debug;
module_param(reader_debug, bool, 0444);
MODULE_PARM_DESC(reader_debug, "red-zone and poison reader objects");

static void rb_free_record(struct rb_record *rec)
{
	kmem_cache_free(rb_record_cachep, rec);
}

struct rb_ring *rb_ring_create(const char *name, unsigned int depth)
{
	struct rb_ring *ring;

	if (!depth || depth > RB_MAX_DEPTH)
		return ERR_PTR(-EINVAL);

	ring = kmem_cache_zalloc(rb_ring_cachep, GFP_KERNEL);
	if (!ring)
		return ERR_PTR(-ENOMEM);
	spin_lock_init(&ring->lock);
	INIT_LIST_HEAD(&ring->records);
	INIT_LIST_HEAD(&ring->readers);
	ring->depth = depth;
	strscpy(ring->name, name, sizeof(ring->name));

	mutex_lock(&rb_rings_mutex);
	list_add_tail(&ring->node, &rb_rings);
	mutex_unlock(&rb_rings_mutex);
	return ring;
}
EXPORT_SYMBOL_GPL(rb_ring_create);

void rb_ring_destroy(struct rb_ring *ring)
{
	struct rb_record *rec, *tmp;

	mutex_lock(&rb_rings_mutex);
	list_del(&ring->node);
	mutex_unlock(&rb_rings_mutex);

	WARN_ON(!list_empty(&ring->readers));
	list_for_each_entry_safe(rec, tmp, &ring->records, node) {
		list_del(&rec->node);
		rb_free_record(rec);
	}
	kmem_cache_free(rb_ring_cachep, ring);
}
EXPORT_SYMBOL_GPL(rb_ring_destroy);

/* Append @rec, dropping the oldest record if the ring is full. */
static void rb_append(struct rb_ring *ring, struct rb_record *rec)
{
	struct rb_record *old = NULL;

	spin_lock(&ring->lock);
	rec->seq = ring->next_seq++;
	list_add_tail(&rec->node, &ring->records);
	if (++ring->count > ring->depth) {
		old = list_first_entry(&ring->records, struct rb_record, node);
		list_del(&old->node);
		ring->count--;
		ring->dropped++;
	}
	spin_unlock(&ring->lock);

	if (old)
		rb_free_record(old);
}

int rb_push(struct rb_ring *ring, const void *data, size_t len)
{
	struct rb_record *rec;

	if (len > RB_INLINE_DATA)
		return -EMSGSIZE;
	rec = kmem_cache_alloc(rb_record_cachep, GFP_ATOMIC);
	if (!rec)
		return -ENOMEM;
	rec->len = len;
	rec->flags = 0;
	memcpy(rec->data, data, len);
	rb_append(ring, rec);
	return 0;
}
EXPORT_SYMBOL_GPL(rb_push);

int rb_push_bulk(struct rb_ring *ring, const void *data, size_t len)
{
	struct rb_bulk_record *bulk;

	if (len <= RB_INLINE_DATA)
		return rb_push(ring, data, len);
	if (len > RB_BULK_DATA)
		return -EMSGSIZE;
	/* BUG(kmem-size-mismatch): a bulk record is bigger than the record cache's objects */
	bulk = kmem_cache_alloc(rb_record_cachep, GFP_ATOMIC);
	if (!bulk)
		return -ENOMEM;
	bulk->rec.len = len;
	bulk->rec.flags = RB_REC_BULK;
	memcpy(bulk->rec.data, data, len);
	rb_append(ring, &bulk->rec);
	return 0;
}
EXPORT_SYMBOL_GPL(rb_push_bulk);

struct rb_reader *rb_reader_open(struct rb_ring *ring)
{
	struct rb_reader *r;

	r = kmem_cache_alloc(rb_reader_cachep, GFP_KERNEL);
	if (!r)
		return NULL;
	r->ring = ring;
	r->missed = 0;
	spin_lock(&ring->lock);
	r->pos = ring->next_seq - ring->count;
	list_add(&r->node, &ring->readers);
	spin_unlock(&ring->lock);
	return r;
}
EXPORT_SYMBOL_GPL(rb_reader_open);

/* Copy the next record into @buf; returns its length, 0 if none, or -errno. */
ssize_t rb_read(struct rb_reader *r, void *buf, size_t size)
{
	struct rb_ring *ring = r->ring;
	struct rb_record *rec;
	ssize_t ret = 0;

	spin_lock(&ring->lock);
	list_for_each_entry(rec, &ring->records, node) {
		if (rec->seq < r->pos)
			continue;
		if (rec->len > size) {
			ret = -ENOSPC;
			break;
		}
		r->missed += rec->seq - r->pos;
		r->pos = rec->seq + 1;
		memcpy(buf, rec->data, rec->len);
		ret = rec->len;
		break;
	}
	spin_unlock(&ring->lock);
	return ret;
}
EXPORT_SYMBOL_GPL(rb_read);

void rb_reader_close(struct rb_reader *r)
{
	spin_lock(&r->ring->lock);
	list_del(&r->node);
	spin_unlock(&r->ring->lock);
	kmem_cache_free(rb_reader_cachep, r);
}
EXPORT_SYMBOL_GPL(rb_reader_close);

static int rb_reader_cache_debug(void)
{
	kmem_cache_destroy(rb_reader_cachep);
	/* BUG(kmem-resetup): a static instance cannot be set up again, not even after kmem_cache_destroy() */
	return kmem_cache_setup(rb_reader_cachep, "rb_reader",
				sizeof(struct rb_reader), 0,
				SLAB_RED_ZONE | SLAB_POISON | SLAB_STORE_USER,
				NULL);
}

/* Push a few records through a small ring and read them back. */
static int __init rb_selftest(void)
{
	static const char msg[] = "ringbuf selftest";
	struct rb_reader *r;
	struct rb_ring *ring;
	char buf[RB_INLINE_DATA];
	int i, err = 0;

	ring = rb_ring_create("selftest", 2);
	if (IS_ERR(ring))
		return PTR_ERR(ring);
	r = rb_reader_open(ring);
	if (!r) {
		err = -ENOMEM;
		goto out_ring;
	}
	for (i = 0; i < 3 && !err; i++)
		err = rb_push(ring, msg, sizeof(msg));
	if (!err && (rb_read(r, buf, sizeof(buf)) != sizeof(msg) ||
		     memcmp(buf, msg, sizeof(msg)) || r->missed != 1))
		err = -EIO;

	rb_reader_close(r);
out_ring:
	rb_ring_destroy(ring);
	return err;
}

static int __init ringbuf_init(void)
{
	int err;

	err = kmem_cache_setup(rb_ring_cachep, "rb_ring",
			       sizeof(struct rb_ring), 0,
			       SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT, NULL);
	if (err)
		return err;

	if (!KMEM_CACHE_SETUP_USERCOPY(rb_record_cachep, rb_record,
				       SLAB_ACCOUNT, data)) {
		/* BUG(kmem-module-leak): rb_ring_cache is still set up on this return */
		return -ENOMEM;
	}

	err = kmem_cache_setup(rb_reader_cachep, "rb_reader",
			       sizeof(struct rb_reader), 0, 0, NULL);
	if (err)
		goto out_record;

	if (reader_debug) {
		err = rb_reader_cache_debug();
		if (err)
			goto out_record;
	}

	err = rb_selftest();
	if (err)
		goto out_reader;

	pr_info("ready (record %zu bytes, bulk %d bytes)\n",
		sizeof(struct rb_record), RB_BULK_DATA);
	return 0;

out_reader:
	kmem_cache_destroy(rb_reader_cachep);
out_record:
	kmem_cache_destroy(rb_record_cachep);
	kmem_cache_destroy(rb_ring_cachep);
	return err;
}

static void __exit ringbuf_exit(void)
{
	WARN_ON(!list_empty(&rb_rings));
	kmem_cache_destroy(rb_reader_cachep);
	kmem_cache_destroy(rb_record_cachep);
	kmem_cache_destroy(rb_ring_cachep);
}

module_init(ringbuf_init);
module_exit(ringbuf_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Named record rings on static slab caches (slabcheck example)");
