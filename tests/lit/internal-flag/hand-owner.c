// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-internal-flag: struct kmem_cache_args.owner filled in by hand, in a
// file-scope initializer, a local initializer, or an assignment.  mm/
// ignores it for ordinary caches, and only the setup helpers know what to
// pin.  Ordinary fields (.align, .ctor, .useroffset) set by hand are
// fine.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>

struct nvme_iod {
	struct list_head	list;
	u64			first_dma;
	int			nr_allocations;
	unsigned int		dma_len;
	u8			sgt[48];
};

struct nvme_cmd_ext {
	u8			opcode;
	u8			flags;
	u16			command_id;
	u32			nsid;
	u64			metadata;
	u64			prp[2];
};

static void nvme_iod_ctor(void *obj)
{
	struct nvme_iod *iod = obj;

	iod->nr_allocations = -1;
}

static struct kmem_cache_args nvme_iod_args = {
	.align	= 64,
	.ctor	= nvme_iod_ctor,
	.owner	= &THIS_MODULE->mkobj.kobj,
	// CHECK: {{.*}}[[@LINE-1]]:11: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
};

struct kmem_cache *nvme_iod_cache;
struct kmem_cache *nvme_cmd_cache;
struct kmem_cache *nvme_sense_cache;

int nvme_core_caches_init(void)
{
	struct kmem_cache_args cmd_args = {
		.useroffset	= offsetof(struct nvme_cmd_ext, prp),
		.usersize	= sizeof_field(struct nvme_cmd_ext, prp),
		.owner		= &THIS_MODULE->mkobj.kobj,
		// CHECK: {{.*}}[[@LINE-1]]:13: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
	};
	struct kmem_cache_args sense_args = {
		.align = 8,
	};

	nvme_iod_cache = kmem_cache_create("nvme_iod", sizeof(struct nvme_iod),
					   &nvme_iod_args, SLAB_HWCACHE_ALIGN);
	if (!nvme_iod_cache)
		return -ENOMEM;

	nvme_cmd_cache = kmem_cache_create("nvme_cmd",
					   sizeof(struct nvme_cmd_ext),
					   &cmd_args, 0);
	if (!nvme_cmd_cache)
		goto out_iod;

	sense_args.owner = &THIS_MODULE->mkobj.kobj;
	// CHECK: {{.*}}[[@LINE-1]]:21: warning: '.owner' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
	nvme_sense_cache = kmem_cache_create("nvme_sense", 96, &sense_args, 0);
	if (!nvme_sense_cache)
		goto out_cmd;
	return 0;

out_cmd:
	kmem_cache_destroy(nvme_cmd_cache);
out_iod:
	kmem_cache_destroy(nvme_iod_cache);
	return -ENOMEM;
}
