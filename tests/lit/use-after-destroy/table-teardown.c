// RUN: %check %s | %filecheck %s
//
// kmem-use-after-destroy through a table of teardown steps: the shutdown
// runs each step of a const table in order, and the first step destroys
// the request cache; the last request is freed into it afterwards.  The
// loop counter picks each element, so the note names the step's function.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct nvmet_req_min {
	struct list_head	entry;
	u16			status;
	u32			transfer_len;
};

static struct kmem_cache_opaque nvmet_req_cache;
#define nvmet_req_cachep to_kmem_cache(&nvmet_req_cache)

void nvmet_flush_workqueues(void);

static void nvmet_destroy_req_cache(void)
{
	kmem_cache_destroy(nvmet_req_cachep);
}

static void (*const nvmet_teardown_steps[])(void) = {
	nvmet_destroy_req_cache,
	nvmet_flush_workqueues,
};

void nvmet_shutdown(struct nvmet_req_min *last)
{
	int i;

	// CHECK: {{.*}}[[@LINE+4]]:2: warning: static cache 'nvmet_req_cache' is passed to 'kmem_cache_free' after it was destroyed on this path [kmem-use-after-destroy]
	//
	for (i = 0; i < ARRAY_SIZE(nvmet_teardown_steps); i++)
		nvmet_teardown_steps[i]();
	kmem_cache_free(nvmet_req_cachep, last);
}
