// RUN: %check %s | %filecheck %s
//
// kmem-internal-flag: struct kmem_cache_args.preallocated filled in by
// hand instead of through kmem_cache_setup() and friends: in a designated
// initializer (reported at the field's value) or by assignment (reported
// at the value, or at the '=' when the value is a plain variable).  Each such call is also a setup of the
// instance, but every instance here is set up once.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct dquot {
	struct hlist_node	dq_hash;
	struct list_head	dq_inuse;
	struct list_head	dq_free;
	unsigned long		dq_flags;
	u32			dq_id;
	int			dq_count;
	u64			dq_dqb[8];
};

struct qtree_entry {
	u32			qe_id;
	u32			qe_blk;
	u64			qe_offset;
};

struct quota_format {
	int			qf_fmt_id;
	const void		*qf_ops;
	struct list_head	qf_next;
};

static struct kmem_cache_opaque dquot_cache;
#define dquot_cachep to_kmem_cache(&dquot_cache)
static struct kmem_cache_opaque qtree_cache;
#define qtree_cachep to_kmem_cache(&qtree_cache)
static struct kmem_cache_opaque qfmt_cache;
#define qfmt_cachep to_kmem_cache(&qfmt_cache)

int __init dquot_init(void)
{
	struct kmem_cache_args args = {
		.align		= __alignof__(struct dquot),
		.preallocated	= dquot_cachep,
	};
	// CHECK: {{.*}}[[@LINE-2]]:19: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]

	if (!__kmem_cache_create_args("dquot", sizeof(struct dquot), &args,
				      SLAB_HWCACHE_ALIGN | SLAB_PANIC))
		return -ENOMEM;
	return 0;
}

int __init qtree_init(void)
{
	struct kmem_cache_args args = {
		.align = 8,
	};

	args.preallocated = qtree_cachep;
	// CHECK: {{.*}}[[@LINE-1]]:22: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
	if (!__kmem_cache_create_args("qtree_entry", sizeof(struct qtree_entry),
				      &args, 0))
		return -ENOMEM;
	return 0;
}

static void __init qfmt_fill_args(struct kmem_cache_args *args,
				  struct kmem_cache *s)
{
	args->align = __alignof__(struct quota_format);
	args->preallocated = s;
	// CHECK: {{.*}}[[@LINE-1]]:21: warning: '.preallocated' of struct kmem_cache_args is set by hand; use the kmem_cache_setup() helpers [kmem-internal-flag]
}

int __init qfmt_init(void)
{
	struct kmem_cache_args args = { };

	qfmt_fill_args(&args, qfmt_cachep);
	if (!__kmem_cache_create_args("quota_format",
				      sizeof(struct quota_format), &args, 0))
		return -ENOMEM;
	return 0;
}
