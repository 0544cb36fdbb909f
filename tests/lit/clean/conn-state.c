// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// Clean corpus: a connection state machine in the style of a small
// transport protocol: an event switch per state, retransmission timers,
// an ops table of function pointers and a per-connection event log.
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

enum xp_state {
	XP_CLOSED,
	XP_LISTEN,
	XP_SYN_SENT,
	XP_SYN_RECV,
	XP_ESTABLISHED,
	XP_FIN_WAIT1,
	XP_FIN_WAIT2,
	XP_CLOSING,
	XP_TIME_WAIT,
	XP_CLOSE_WAIT,
	XP_LAST_ACK,
	XP_NR_STATES
};

enum xp_event {
	XP_EV_OPEN_ACTIVE,
	XP_EV_OPEN_PASSIVE,
	XP_EV_RCV_SYN,
	XP_EV_RCV_SYNACK,
	XP_EV_RCV_ACK,
	XP_EV_RCV_FIN,
	XP_EV_CLOSE,
	XP_EV_TIMEOUT,
	XP_EV_RESET,
	XP_NR_EVENTS
};

#define XP_MAX_RETRIES		5
#define XP_RTO_MIN		(HZ / 5)
#define XP_RTO_MAX		(60 * HZ)
#define XP_TIME_WAIT_LEN	(2 * HZ)
#define XP_LOG_SIZE		16

struct xp_conn;

struct xp_ops {
	int	(*send_ctl)(struct xp_conn *c, unsigned int flags);
	void	(*state_change)(struct xp_conn *c, enum xp_state old,
				enum xp_state new);
	void	(*data_ready)(struct xp_conn *c);
	void	(*destruct)(struct xp_conn *c);
};

#define XP_CTL_SYN	0x01
#define XP_CTL_ACK	0x02
#define XP_CTL_FIN	0x04
#define XP_CTL_RST	0x08

struct xp_log_entry {
	unsigned long		when;
	u8			from;
	u8			to;
	u8			event;
	u8			pad;
};

struct xp_conn {
	spinlock_t		lock;
	enum xp_state		state;
	const struct xp_ops	*ops;
	struct list_head	node;
	unsigned long		timer_expires;
	unsigned long		rto;
	unsigned int		retries;
	u32			snd_nxt;
	u32			snd_una;
	u32			rcv_nxt;
	int			err;
	unsigned int		log_head;
	struct xp_log_entry	log[XP_LOG_SIZE];
};

static const char *const xp_state_names[XP_NR_STATES] = {
	[XP_CLOSED]		= "CLOSED",
	[XP_LISTEN]		= "LISTEN",
	[XP_SYN_SENT]		= "SYN_SENT",
	[XP_SYN_RECV]		= "SYN_RECV",
	[XP_ESTABLISHED]	= "ESTABLISHED",
	[XP_FIN_WAIT1]		= "FIN_WAIT1",
	[XP_FIN_WAIT2]		= "FIN_WAIT2",
	[XP_CLOSING]		= "CLOSING",
	[XP_TIME_WAIT]		= "TIME_WAIT",
	[XP_CLOSE_WAIT]		= "CLOSE_WAIT",
	[XP_LAST_ACK]		= "LAST_ACK",
};

const char *xp_state_name(enum xp_state s)
{
	if ((unsigned int)s >= XP_NR_STATES)
		return "?";
	return xp_state_names[s];
}

static void xp_log(struct xp_conn *c, enum xp_state from, enum xp_state to,
		   enum xp_event ev)
{
	struct xp_log_entry *le = &c->log[c->log_head++ % XP_LOG_SIZE];

	le->when = jiffies;
	le->from = from;
	le->to = to;
	le->event = ev;
	le->pad = 0;
}

static void xp_set_state(struct xp_conn *c, enum xp_state new,
			 enum xp_event ev)
{
	enum xp_state old = c->state;

	if (old == new)
		return;
	c->state = new;
	xp_log(c, old, new, ev);
	if (c->ops && c->ops->state_change)
		c->ops->state_change(c, old, new);
}

static void xp_arm_timer(struct xp_conn *c, unsigned long delay)
{
	c->timer_expires = jiffies + delay;
}

static void xp_stop_timer(struct xp_conn *c)
{
	c->timer_expires = 0;
	c->retries = 0;
}

static int xp_send(struct xp_conn *c, unsigned int flags)
{
	if (!c->ops || !c->ops->send_ctl)
		return -EOPNOTSUPP;
	return c->ops->send_ctl(c, flags);
}

/* Exponential backoff, clamped. */
static void xp_backoff(struct xp_conn *c)
{
	c->rto = min_t(unsigned long, c->rto * 2, XP_RTO_MAX);
	xp_arm_timer(c, c->rto);
}

static int xp_handle_timeout(struct xp_conn *c)
{
	if (++c->retries > XP_MAX_RETRIES) {
		c->err = -ETIMEDOUT;
		xp_set_state(c, XP_CLOSED, XP_EV_TIMEOUT);
		return -ETIMEDOUT;
	}

	switch (c->state) {
	case XP_SYN_SENT:
		xp_backoff(c);
		return xp_send(c, XP_CTL_SYN);
	case XP_SYN_RECV:
		xp_backoff(c);
		return xp_send(c, XP_CTL_SYN | XP_CTL_ACK);
	case XP_FIN_WAIT1:
	case XP_CLOSING:
	case XP_LAST_ACK:
		xp_backoff(c);
		return xp_send(c, XP_CTL_FIN | XP_CTL_ACK);
	case XP_TIME_WAIT:
		xp_stop_timer(c);
		xp_set_state(c, XP_CLOSED, XP_EV_TIMEOUT);
		return 0;
	default:
		/* Spurious: nothing outstanding in this state. */
		xp_stop_timer(c);
		return 0;
	}
}

/*
 * The transition function.  Returns 0, or a negative errno when the event
 * is not valid in the current state (the connection is left unchanged).
 */
int xp_event(struct xp_conn *c, enum xp_event ev)
{
	enum xp_state s;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&c->lock, flags);
	s = c->state;

	if (ev == XP_EV_RESET) {
		xp_stop_timer(c);
		c->err = -ECONNRESET;
		xp_set_state(c, XP_CLOSED, ev);
		goto out;
	}
	if (ev == XP_EV_TIMEOUT) {
		ret = xp_handle_timeout(c);
		goto out;
	}

	switch (s) {
	case XP_CLOSED:
		if (ev == XP_EV_OPEN_ACTIVE) {
			c->rto = XP_RTO_MIN;
			xp_arm_timer(c, c->rto);
			ret = xp_send(c, XP_CTL_SYN);
			if (!ret)
				xp_set_state(c, XP_SYN_SENT, ev);
		} else if (ev == XP_EV_OPEN_PASSIVE) {
			xp_set_state(c, XP_LISTEN, ev);
		} else {
			ret = -ENOTCONN;
		}
		break;
	case XP_LISTEN:
		if (ev == XP_EV_RCV_SYN) {
			c->rcv_nxt++;
			ret = xp_send(c, XP_CTL_SYN | XP_CTL_ACK);
			xp_arm_timer(c, XP_RTO_MIN);
			xp_set_state(c, XP_SYN_RECV, ev);
		} else if (ev == XP_EV_CLOSE) {
			xp_set_state(c, XP_CLOSED, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_SYN_SENT:
		switch (ev) {
		case XP_EV_RCV_SYNACK:
			xp_stop_timer(c);
			c->snd_una = c->snd_nxt;
			ret = xp_send(c, XP_CTL_ACK);
			xp_set_state(c, XP_ESTABLISHED, ev);
			break;
		case XP_EV_RCV_SYN:
			/* Simultaneous open. */
			ret = xp_send(c, XP_CTL_SYN | XP_CTL_ACK);
			xp_set_state(c, XP_SYN_RECV, ev);
			break;
		case XP_EV_CLOSE:
			xp_stop_timer(c);
			xp_set_state(c, XP_CLOSED, ev);
			break;
		default:
			ret = -EINVAL;
			break;
		}
		break;
	case XP_SYN_RECV:
		if (ev == XP_EV_RCV_ACK) {
			xp_stop_timer(c);
			xp_set_state(c, XP_ESTABLISHED, ev);
		} else if (ev == XP_EV_CLOSE) {
			ret = xp_send(c, XP_CTL_FIN);
			xp_set_state(c, XP_FIN_WAIT1, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_ESTABLISHED:
		if (ev == XP_EV_CLOSE) {
			ret = xp_send(c, XP_CTL_FIN | XP_CTL_ACK);
			xp_arm_timer(c, c->rto);
			xp_set_state(c, XP_FIN_WAIT1, ev);
		} else if (ev == XP_EV_RCV_FIN) {
			c->rcv_nxt++;
			ret = xp_send(c, XP_CTL_ACK);
			xp_set_state(c, XP_CLOSE_WAIT, ev);
			if (c->ops && c->ops->data_ready)
				c->ops->data_ready(c);
		} else if (ev == XP_EV_RCV_ACK) {
			c->snd_una = c->snd_nxt;
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_FIN_WAIT1:
		if (ev == XP_EV_RCV_ACK) {
			xp_set_state(c, XP_FIN_WAIT2, ev);
		} else if (ev == XP_EV_RCV_FIN) {
			ret = xp_send(c, XP_CTL_ACK);
			xp_set_state(c, XP_CLOSING, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_FIN_WAIT2:
		if (ev == XP_EV_RCV_FIN) {
			ret = xp_send(c, XP_CTL_ACK);
			xp_arm_timer(c, XP_TIME_WAIT_LEN);
			xp_set_state(c, XP_TIME_WAIT, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_CLOSING:
		if (ev == XP_EV_RCV_ACK) {
			xp_arm_timer(c, XP_TIME_WAIT_LEN);
			xp_set_state(c, XP_TIME_WAIT, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_CLOSE_WAIT:
		if (ev == XP_EV_CLOSE) {
			ret = xp_send(c, XP_CTL_FIN | XP_CTL_ACK);
			xp_arm_timer(c, c->rto);
			xp_set_state(c, XP_LAST_ACK, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_LAST_ACK:
		if (ev == XP_EV_RCV_ACK) {
			xp_stop_timer(c);
			xp_set_state(c, XP_CLOSED, ev);
		} else {
			ret = -EINVAL;
		}
		break;
	case XP_TIME_WAIT:
		/* Everything but the timer is ignored here. */
		break;
	default:
		WARN_ON_ONCE(1);
		ret = -EINVAL;
		break;
	}
out:
	spin_unlock_irqrestore(&c->lock, flags);
	return ret;
}

/* Run the timer for every connection on @list whose deadline passed. */
unsigned int xp_run_timers(struct list_head *list, unsigned long now)
{
	struct xp_conn *c;
	unsigned int fired = 0;

	list_for_each_entry(c, list, node) {
		if (!c->timer_expires || time_before(now, c->timer_expires))
			continue;
		c->timer_expires = 0;
		xp_event(c, XP_EV_TIMEOUT);
		fired++;
	}
	return fired;
}

struct xp_conn *xp_conn_alloc(const struct xp_ops *ops)
{
	struct xp_conn *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	spin_lock_init(&c->lock);
	INIT_LIST_HEAD(&c->node);
	c->state = XP_CLOSED;
	c->ops = ops;
	c->rto = XP_RTO_MIN;
	return c;
}

void xp_conn_free(struct xp_conn *c)
{
	if (!c)
		return;
	if (c->ops && c->ops->destruct)
		c->ops->destruct(c);
	list_del(&c->node);
	kfree(c);
}

/* Render the most recent transitions, oldest first, for debugfs. */
int xp_format_log(const struct xp_conn *c, char *buf, size_t size)
{
	unsigned int n = min_t(unsigned int, c->log_head, XP_LOG_SIZE);
	unsigned int i, start = c->log_head - n;
	int len = 0;

	for (i = 0; i < n && (size_t)len < size; i++) {
		const struct xp_log_entry *le = &c->log[(start + i) % XP_LOG_SIZE];

		len += scnprintf(buf + len, size - len, "%lu: %s -> %s (%u)\n",
				 le->when, xp_state_name(le->from),
				 xp_state_name(le->to), le->event);
	}
	return len;
}

#ifdef SLABCHECK_TWIN
/*
 * The twin moves connections to a static cache, and sizes it by the log
 * entry it was copied from: every connection overruns its object.
 */
#include <linux/init.h>
#include <linux/slab-static.h>

static struct kmem_cache_opaque xp_conn_cache;
#define xp_conn_cachep to_kmem_cache(&xp_conn_cache)

void __init xp_cache_init(void)
{
	kmem_cache_setup(xp_conn_cachep, "xp_conn", sizeof(struct xp_log_entry),
			 0, SLAB_PANIC, NULL);
}

struct xp_conn *xp_conn_alloc_cached(void)
{
	// TWIN: {{.*}}[[@LINE+1]]:22: warning: 'struct xp_conn' (328 bytes) does not fit static cache 'xp_conn_cache' (16-byte objects) [kmem-size-mismatch]
	struct xp_conn *c = kmem_cache_zalloc(xp_conn_cachep, GFP_KERNEL);

	if (c)
		c->state = XP_CLOSED;
	return c;
}
#endif
