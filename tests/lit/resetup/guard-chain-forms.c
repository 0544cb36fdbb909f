// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup and guards that are not in the helper that sets up, two
// helpers down from the caller that runs them twice.  The media driver
// probes each of its two sub-devices through a table of operations; both
// open the frame cache through a helper that tests the "ready" flag
// itself and leaves the setup, and setting the flag, to the helper below.
// Both then start the firmware, whose steps run from a table, each step
// only if its flag per element (`if (fw_step_done[i]) continue;`) says
// it has not run yet, as fs/btrfs records its init steps.  Each guard is
// kept in the summaries above it.  In the twin nothing tests the flags:
// the second sub-device sets up every cache again.
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct vmx_frame {
	unsigned long	dma;
	unsigned int	size;
	unsigned int	seq;
};

struct vmx_fw_msg {
	unsigned int	id;
	unsigned char	body[60];
};

struct vmx_fw_log {
	unsigned long	ts;
	char		line[120];
};

struct vmx_subdev {
	int		id;
	int		opened;
};

static struct kmem_cache_opaque vmx_frame_cache;
#define vmx_frame_cachep to_kmem_cache(&vmx_frame_cache)
static struct kmem_cache_opaque vmx_fw_msg_cache;
#define vmx_fw_msg_cachep to_kmem_cache(&vmx_fw_msg_cache)
static struct kmem_cache_opaque vmx_fw_log_cache;
#define vmx_fw_log_cachep to_kmem_cache(&vmx_fw_log_cache)
static bool vmx_frame_cache_ready;

int vmx_fw_load(void);
int vmx_subdev_register(struct vmx_subdev *sd);

static int vmx_frame_cache_create(void)
{
	int ret;

	ret = kmem_cache_setup(vmx_frame_cachep, "vmx_frame",
			       sizeof(struct vmx_frame), 0, 0, NULL);
	if (ret)
		return ret;
	vmx_frame_cache_ready = true;
	return 0;
}

static int vmx_frame_cache_open(void)
{
#ifndef SLABCHECK_TWIN
	if (vmx_frame_cache_ready)
		return 0;
#endif
	return vmx_frame_cache_create();
}

static int vmx_fw_msg_init(void)
{
	return kmem_cache_setup(vmx_fw_msg_cachep, "vmx_fw_msg",
				sizeof(struct vmx_fw_msg), 0, 0, NULL);
}

static int vmx_fw_log_init(void)
{
	return kmem_cache_setup(vmx_fw_log_cachep, "vmx_fw_log",
				sizeof(struct vmx_fw_log), 0, 0, NULL);
}

struct vmx_fw_step {
	int (*init)(void);
};

static const struct vmx_fw_step vmx_fw_steps[] = {
	{ .init = vmx_fw_msg_init },
	{ .init = vmx_fw_load },
	{ .init = vmx_fw_log_init },
};

static bool vmx_fw_step_done[ARRAY_SIZE(vmx_fw_steps)];

static int vmx_fw_run_steps(void)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(vmx_fw_steps); i++) {
#ifndef SLABCHECK_TWIN
		if (vmx_fw_step_done[i])
			continue;
#endif
		ret = vmx_fw_steps[i].init();
		if (ret)
			return ret;
		vmx_fw_step_done[i] = true;
	}
	return 0;
}

static int vmx_fw_start(void)
{
	return vmx_fw_run_steps();
}

static int vmx_open_common(struct vmx_subdev *sd)
{
	int ret;

	ret = vmx_frame_cache_open();
	if (ret)
		return ret;
	ret = vmx_fw_start();
	if (ret)
		return ret;
	sd->opened = 1;
	return vmx_subdev_register(sd);
}

static int vmx_capture_open(struct vmx_subdev *sd)
{
	sd->id = 0;
	return vmx_open_common(sd);
}

static int vmx_output_open(struct vmx_subdev *sd)
{
	sd->id = 1;
	return vmx_open_common(sd);
}

struct vmx_subdev_ops {
	int (*open)(struct vmx_subdev *sd);
};

static const struct vmx_subdev_ops vmx_subdev_ops[] = {
	{ .open = vmx_capture_open },
	{ .open = vmx_output_open },
};

int vmx_probe(struct vmx_subdev *subdevs)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(vmx_subdev_ops); i++) {
		ret = vmx_subdev_ops[i].open(&subdevs[i]);
		// TWIN: {{.*}}guard-chain-forms.c:[[@LINE-1]]:9: warning: static cache 'vmx_frame_cache' may already be set up on this path (set up again in 'vmx_output_open') [kmem-resetup]
		// TWIN: {{.*}}guard-chain-forms.c:[[@LINE-2]]:9: warning: static cache 'vmx_fw_log_cache' may already be set up on this path (set up again in 'vmx_output_open') [kmem-resetup]
		// TWIN: {{.*}}guard-chain-forms.c:[[@LINE-3]]:9: warning: static cache 'vmx_fw_msg_cache' may already be set up on this path (set up again in 'vmx_output_open') [kmem-resetup]
		if (ret)
			return ret;
	}
	return 0;
}
