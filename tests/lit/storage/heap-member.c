// RUN: %check %s | %filecheck %s
//
// kmem-storage: an instance that is a member of a struct the function got
// from kzalloc(): kfree() of the struct frees a live cache.  sparse sees
// &ctrl->req_cache as the pointer plus the member's offset and must still
// name the member.  The instance in a static struct is the look-alike.
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nvmx_req {
	unsigned long	tag;
	void		*data;
};

struct nvmx_ctrl {
	int				id;
	struct list_head		list;
	struct kmem_cache_opaque	req_cache;
};

static struct nvmx_ctrl nvmx_admin;

struct nvmx_ctrl *nvmx_ctrl_create(int id)
{
	struct nvmx_ctrl *ctrl = kzalloc(sizeof(*ctrl), GFP_KERNEL);

	if (!ctrl)
		return NULL;
	ctrl->id = id;
	if (kmem_cache_setup(to_kmem_cache(&ctrl->req_cache), "nvmx_req",
			     sizeof(struct nvmx_req), 0, 0, NULL)) {
	// CHECK: {{.*}}[[@LINE-2]]:6: warning: static cache storage 'req_cache' is in memory from '__kmalloc_noprof', not static: freeing it frees a live cache [kmem-storage]
		kfree(ctrl);
		return NULL;
	}
	return ctrl;
}

int __init nvmx_admin_init(void)
{
	nvmx_admin.id = 0;
	return kmem_cache_setup(to_kmem_cache(&nvmx_admin.req_cache),
				"nvmx_admin_req", sizeof(struct nvmx_req), 0,
				0, NULL);
}
