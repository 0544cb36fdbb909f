// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup look-alikes: a failed setup leaves the instance unset, so
// trying again after a failure is fine, whatever tells the failure: a
// non-zero int, a NULL or ERR_PTR result, in a loop, by goto, or with a
// smaller fallback configuration.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct xlog_ticket {
	struct list_head	t_queue;
	u64			t_tid;
	int			t_curr_res;
	int			t_unit_res;
	char			t_ocnt;
	char			t_cnt;
	u8			t_flags;
	u8			t_pad;
};

struct xlog_item {
	struct list_head	li_ail;
	u64			li_lsn;
	unsigned long		li_flags;
	u8			li_payload[200];
};

struct xlog_small_item {
	struct list_head	li_ail;
	u64			li_lsn;
	unsigned long		li_flags;
	u8			li_payload[64];
};

struct xlog_buf {
	struct list_head	b_list;
	u64			b_bn;
	unsigned int		b_length;
	int			b_error;
};

struct xlog_intent {
	u64			i_id;
	u32			i_nextents;
	u32			i_flags;
};

static struct kmem_cache_opaque xlog_ticket_cache;
#define xlog_ticket_cachep to_kmem_cache(&xlog_ticket_cache)
static struct kmem_cache_opaque xlog_item_cache;
#define xlog_item_cachep to_kmem_cache(&xlog_item_cache)
static struct kmem_cache_opaque xlog_buf_cache;
#define xlog_buf_cachep to_kmem_cache(&xlog_buf_cache)
static struct kmem_cache_opaque xlog_intent_cache;
#define xlog_intent_cachep to_kmem_cache(&xlog_intent_cache)
static struct kmem_cache_opaque xlog_trace_cache;
#define xlog_trace_cachep to_kmem_cache(&xlog_trace_cache)

void msleep(unsigned int msecs);

/* A few attempts while memory is tight early in boot. */
int __init xlog_ticket_init(void)
{
	int tries, err = -ENOMEM;

	for (tries = 0; tries < 3; tries++) {
		err = kmem_cache_setup(xlog_ticket_cachep, "xlog_ticket",
				       sizeof(struct xlog_ticket), 0, 0, NULL);
		if (!err)
			break;
		msleep(10);
	}
	return err;
}

/* Fall back to smaller log items when the big ones cannot be had. */
int __init xlog_item_init(void)
{
	int err;

	err = kmem_cache_setup_usercopy(xlog_item_cachep, "xlog_item",
					sizeof(struct xlog_item), 0,
					SLAB_ACCOUNT,
					offsetof(struct xlog_item, li_payload),
					sizeof_field(struct xlog_item, li_payload),
					NULL);
#ifdef SLABCHECK_TWIN
	/* The twin's fallback test got inverted: it retries on success. */
	if (!err)
#else
	if (err)
#endif
		// TWIN: {{.*}}[[@LINE+1]]:9: warning: static cache 'xlog_item_cache' may already be set up on this path [kmem-resetup]
		err = kmem_cache_setup(xlog_item_cachep, "xlog_item",
				       sizeof(struct xlog_small_item), 0,
				       SLAB_ACCOUNT, NULL);
	return err;
}

/* The pointer-returning macros: NULL means nothing was set up. */
int __init xlog_buf_init(void)
{
	unsigned int retries = 2;

again:
	if (!KMEM_CACHE_SETUP(xlog_buf_cachep, xlog_buf, SLAB_HWCACHE_ALIGN)) {
		if (retries--) {
			msleep(20);
			goto again;
		}
		return -ENOMEM;
	}
	return 0;
}

/* Newer kernels return ERR_PTR(); code that checks both is fine too. */
int __init xlog_intent_init(void)
{
	struct kmem_cache *s;

	s = KMEM_CACHE_SETUP(xlog_intent_cachep, xlog_intent,
			     SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT);
	if (IS_ERR_OR_NULL(s))
		s = KMEM_CACHE_SETUP(xlog_intent_cachep, xlog_intent, 0);
	if (IS_ERR_OR_NULL(s))
		return s ? PTR_ERR(s) : -ENOMEM;
	return 0;
}

/* A while loop on the int result. */
void __init xlog_trace_init(void)
{
	while (kmem_cache_setup(xlog_trace_cachep, "xlog_trace",
				sizeof(struct xlog_intent), 0, 0, NULL))
		msleep(100);
}
