// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN -DMODULE %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus: a small RAM-disk style module: devices on a list, a page
// table per device, an ops table, request dispatch through function
// pointers, goto unwinding in init and probe, and a module parameter.
// It uses an ordinary dynamic kmem_cache (kmem_cache_create() and a
// pointer), which is none of slabcheck's business.
#define KBUILD_MODNAME "srd"
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#define SRD_SECTOR_SHIFT	9
#define SRD_SECTOR_SIZE		(1 << SRD_SECTOR_SHIFT)
#define SRD_PAGE_SIZE		4096
#define SRD_SECTORS_PER_PAGE	(SRD_PAGE_SIZE / SRD_SECTOR_SIZE)
#define SRD_MAX_DEVICES		16

enum srd_op {
	SRD_OP_READ,
	SRD_OP_WRITE,
	SRD_OP_DISCARD,
	SRD_OP_FLUSH,
};

struct srd_request {
	struct list_head	queue;
	enum srd_op		op;
	u64			sector;
	unsigned int		nr_sectors;
	void			*buf;
	int			status;
	void			(*end_io)(struct srd_request *rq);
	void			*private;
};

struct srd_device;

struct srd_ops {
	int	(*read)(struct srd_device *dev, u64 sector, void *buf,
			unsigned int nr);
	int	(*write)(struct srd_device *dev, u64 sector, const void *buf,
			 unsigned int nr);
	int	(*discard)(struct srd_device *dev, u64 sector, unsigned int nr);
};

struct srd_device {
	struct list_head	list;
	int			index;
	u64			nr_sectors;
	unsigned long		nr_pages;
	void			**pages;
	spinlock_t		lock;
	struct list_head	pending;
	const struct srd_ops	*ops;
	unsigned long		stats[4];
	char			name[16];
};

static unsigned int nr_devices = 2;
module_param(nr_devices, uint, 0444);
MODULE_PARM_DESC(nr_devices, "number of RAM disks");

static unsigned long disk_sectors = 8192;
module_param(disk_sectors, ulong, 0444);

static LIST_HEAD(srd_devices);
static DEFINE_MUTEX(srd_devices_mutex);
#ifdef SLABCHECK_TWIN
/* The twin converts the request cache to a static one. */
#include <linux/slab-static.h>
static struct kmem_cache_opaque srd_request_cache_storage;
#define srd_request_cache to_kmem_cache(&srd_request_cache_storage)
#else
static struct kmem_cache *srd_request_cache;
#endif

int srd_register_blkdev(const char *name);
void srd_unregister_blkdev(const char *name);
int srd_add_disk(struct srd_device *dev);
void srd_del_disk(struct srd_device *dev);

static void *srd_lookup_page(struct srd_device *dev, u64 sector, bool alloc)
{
	unsigned long idx = sector / SRD_SECTORS_PER_PAGE;
	void *page;

	if (idx >= dev->nr_pages)
		return NULL;
	page = dev->pages[idx];
	if (page || !alloc)
		return page;

	page = kzalloc(SRD_PAGE_SIZE, GFP_NOIO);
	if (!page)
		return NULL;
	spin_lock(&dev->lock);
	if (dev->pages[idx]) {
		/* Lost a race with another writer. */
		spin_unlock(&dev->lock);
		kfree(page);
		return dev->pages[idx];
	}
	dev->pages[idx] = page;
	spin_unlock(&dev->lock);
	return page;
}

static int srd_do_read(struct srd_device *dev, u64 sector, void *buf,
		       unsigned int nr)
{
	while (nr) {
		unsigned int off = (sector % SRD_SECTORS_PER_PAGE) << SRD_SECTOR_SHIFT;
		unsigned int chunk = min_t(unsigned int, nr,
					   SRD_SECTORS_PER_PAGE -
					   sector % SRD_SECTORS_PER_PAGE);
		void *page = srd_lookup_page(dev, sector, false);

		if (page)
			memcpy(buf, page + off, chunk << SRD_SECTOR_SHIFT);
		else
			memset(buf, 0, chunk << SRD_SECTOR_SHIFT);
		buf += chunk << SRD_SECTOR_SHIFT;
		sector += chunk;
		nr -= chunk;
	}
	return 0;
}

static int srd_do_write(struct srd_device *dev, u64 sector, const void *buf,
			unsigned int nr)
{
	while (nr) {
		unsigned int off = (sector % SRD_SECTORS_PER_PAGE) << SRD_SECTOR_SHIFT;
		unsigned int chunk = min_t(unsigned int, nr,
					   SRD_SECTORS_PER_PAGE -
					   sector % SRD_SECTORS_PER_PAGE);
		void *page = srd_lookup_page(dev, sector, true);

		if (!page)
			return -ENOMEM;
		memcpy(page + off, buf, chunk << SRD_SECTOR_SHIFT);
		buf += chunk << SRD_SECTOR_SHIFT;
		sector += chunk;
		nr -= chunk;
	}
	return 0;
}

static int srd_do_discard(struct srd_device *dev, u64 sector, unsigned int nr)
{
	/* Only whole pages are dropped; partial ones are zeroed. */
	while (nr) {
		unsigned long idx = sector / SRD_SECTORS_PER_PAGE;
		unsigned int in_page = sector % SRD_SECTORS_PER_PAGE;
		unsigned int chunk = min_t(unsigned int, nr,
					   SRD_SECTORS_PER_PAGE - in_page);

		if (idx >= dev->nr_pages)
			return -EIO;
		if (!in_page && chunk == SRD_SECTORS_PER_PAGE) {
			void *page;

			spin_lock(&dev->lock);
			page = dev->pages[idx];
			dev->pages[idx] = NULL;
			spin_unlock(&dev->lock);
			kfree(page);
		} else if (dev->pages[idx]) {
			memset(dev->pages[idx] + (in_page << SRD_SECTOR_SHIFT), 0,
			       chunk << SRD_SECTOR_SHIFT);
		}
		sector += chunk;
		nr -= chunk;
	}
	return 0;
}

static const struct srd_ops srd_default_ops = {
	.read		= srd_do_read,
	.write		= srd_do_write,
	.discard	= srd_do_discard,
};

int srd_submit(struct srd_device *dev, struct srd_request *rq)
{
	int ret;

	if (rq->sector + rq->nr_sectors > dev->nr_sectors)
		return -EIO;

	switch (rq->op) {
	case SRD_OP_READ:
		ret = dev->ops->read(dev, rq->sector, rq->buf, rq->nr_sectors);
		break;
	case SRD_OP_WRITE:
		ret = dev->ops->write(dev, rq->sector, rq->buf, rq->nr_sectors);
		break;
	case SRD_OP_DISCARD:
		ret = dev->ops->discard ?
		      dev->ops->discard(dev, rq->sector, rq->nr_sectors) :
		      -EOPNOTSUPP;
		break;
	case SRD_OP_FLUSH:
		ret = 0;
		break;
	default:
		ret = -EINVAL;
		break;
	}
	dev->stats[rq->op & 3]++;
	rq->status = ret;
	if (rq->end_io)
		rq->end_io(rq);
	return ret;
}

struct srd_request *srd_alloc_request(enum srd_op op, u64 sector,
				      unsigned int nr, void *buf)
{
	struct srd_request *rq;

	rq = kmem_cache_zalloc(srd_request_cache, GFP_NOIO);
	if (!rq)
		return NULL;
	INIT_LIST_HEAD(&rq->queue);
	rq->op = op;
	rq->sector = sector;
	rq->nr_sectors = nr;
	rq->buf = buf;
	return rq;
}

void srd_free_request(struct srd_request *rq)
{
	kmem_cache_free(srd_request_cache, rq);
}

static void srd_free_pages(struct srd_device *dev)
{
	unsigned long i;

	for (i = 0; i < dev->nr_pages; i++)
		kfree(dev->pages[i]);
	kfree(dev->pages);
}

static struct srd_device *srd_alloc(int index, u64 nr_sectors)
{
	struct srd_device *dev;
	int err = -ENOMEM;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		goto out;

	dev->index = index;
	dev->nr_sectors = nr_sectors;
	dev->nr_pages = DIV_ROUND_UP(nr_sectors, SRD_SECTORS_PER_PAGE);
	dev->pages = kcalloc(dev->nr_pages, sizeof(void *), GFP_KERNEL);
	if (!dev->pages)
		goto out_free_dev;

	spin_lock_init(&dev->lock);
	INIT_LIST_HEAD(&dev->pending);
	dev->ops = &srd_default_ops;
	snprintf(dev->name, sizeof(dev->name), "srd%d", index);

	err = srd_add_disk(dev);
	if (err)
		goto out_free_pages;
	return dev;

out_free_pages:
	kfree(dev->pages);
out_free_dev:
	kfree(dev);
out:
	return ERR_PTR(err);
}

static void srd_free(struct srd_device *dev)
{
	srd_del_disk(dev);
	srd_free_pages(dev);
	kfree(dev);
}

static void srd_remove_all(void)
{
	struct srd_device *dev, *next;

	mutex_lock(&srd_devices_mutex);
	list_for_each_entry_safe(dev, next, &srd_devices, list) {
		list_del(&dev->list);
		srd_free(dev);
	}
	mutex_unlock(&srd_devices_mutex);
}

static int __init srd_init(void)
{
	struct srd_device *dev;
	unsigned int i;
	int err;

	if (nr_devices > SRD_MAX_DEVICES) {
		pr_err("at most %d devices\n", SRD_MAX_DEVICES);
		return -EINVAL;
	}

#ifdef SLABCHECK_TWIN
	// TWIN: {{.*}}[[@LINE+2]]:7: warning: static cache 'srd_request_cache_storage' stays set up when module init 'srd_init' fails [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(srd_request_cache, srd_request,
			      SLAB_HWCACHE_ALIGN))
		return -ENOMEM;

	err = srd_register_blkdev(KBUILD_MODNAME);
	if (err)
		goto out_cache;
#else
	srd_request_cache = KMEM_CACHE(srd_request, SLAB_HWCACHE_ALIGN);
	if (!srd_request_cache)
		return -ENOMEM;

	err = srd_register_blkdev(KBUILD_MODNAME);
	if (err)
		goto out_cache;
#endif

	for (i = 0; i < nr_devices; i++) {
		dev = srd_alloc(i, disk_sectors);
		if (IS_ERR(dev)) {
			err = PTR_ERR(dev);
			goto out_devices;
		}
		mutex_lock(&srd_devices_mutex);
		list_add_tail(&dev->list, &srd_devices);
		mutex_unlock(&srd_devices_mutex);
	}

	pr_info("module loaded: %u devices of %lu sectors\n", nr_devices,
		disk_sectors);
	return 0;

out_devices:
	srd_remove_all();
	srd_unregister_blkdev(KBUILD_MODNAME);
out_cache:
#ifndef SLABCHECK_TWIN
	/* ... and drops this line, as if the cache were not its own. */
	kmem_cache_destroy(srd_request_cache);
#endif
	return err;
}

static void __exit srd_exit(void)
{
	srd_remove_all();
	srd_unregister_blkdev(KBUILD_MODNAME);
	kmem_cache_destroy(srd_request_cache);
	pr_info("module unloaded\n");
}

module_init(srd_init);
module_exit(srd_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Simple RAM disk for tests");
