// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -O0 %s | %filecheck --allow-empty %s
// RUN: %check -Os %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -O0 -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// RUN: %check -Os -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup and caches set up on first use, three helpers down, in
// two other spellings of the flag than guard-chain-depth2.c: an int
// state compared with an enumerator, tested by an early return (`if
// (state == READY) return 0;`), and a bit of a flags word tested under a
// mutex with a goto to the unlock.  The crypto engine registers two algorithm
// kinds; each registration opens the engine, which gets the session pool
// and the request cache, which the bottom helpers set up once.  However
// deep the setup, its summary keeps the guard.  The twin's bottom helpers
// do not look at the state: the second registration sets both caches up
// again.
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct qcx_session {
	unsigned long	key[4];
	unsigned int	keylen;
};

struct qcx_request {
	void		*src;
	void		*dst;
	unsigned int	len;
};

struct qcx_engine {
	int		up;
	int		users;
};

enum qcx_pool_state { QCX_POOL_NONE, QCX_POOL_READY };

#define QCX_REQ_CACHE_UP	0x1

static struct kmem_cache_opaque qcx_session_cache;
#define qcx_session_cachep to_kmem_cache(&qcx_session_cache)
static struct kmem_cache_opaque qcx_request_cache;
#define qcx_request_cachep to_kmem_cache(&qcx_request_cache)
static int qcx_pool_state;
static unsigned long qcx_flags;
static DEFINE_MUTEX(qcx_lock);

int qcx_register_alg(struct qcx_engine *engine, int kind);

static int qcx_session_pool_init(void)
{
#ifndef SLABCHECK_TWIN
	if (qcx_pool_state == QCX_POOL_READY)
		return 0;
#endif
	if (kmem_cache_setup(qcx_session_cachep, "qcx_session",
			     sizeof(struct qcx_session), 0, 0, NULL))
		return -ENOMEM;
	qcx_pool_state = QCX_POOL_READY;
	return 0;
}

static int qcx_request_cache_get(void)
{
	int ret = 0;

	mutex_lock(&qcx_lock);
#ifndef SLABCHECK_TWIN
	if (qcx_flags & QCX_REQ_CACHE_UP)
		goto out;
#endif
	ret = kmem_cache_setup(qcx_request_cachep, "qcx_request",
			       sizeof(struct qcx_request), 0, 0, NULL);
	if (ret)
		goto out;
	qcx_flags |= QCX_REQ_CACHE_UP;
out:
	mutex_unlock(&qcx_lock);
	return ret;
}

static int qcx_session_pool_get(void)
{
	return qcx_session_pool_init();
}

static int qcx_open_engine(struct qcx_engine *engine)
{
	int ret;

	ret = qcx_session_pool_get();
	if (ret < 0)
		return ret;
	ret = qcx_request_cache_get();
	if (ret < 0)
		return ret;
	engine->up = 1;
	engine->users++;
	return 0;
}

static int qcx_register_aead(struct qcx_engine *engine)
{
	int ret = qcx_open_engine(engine);

	if (ret)
		return ret;
	return qcx_register_alg(engine, 1);
}

static int qcx_register_skcipher(struct qcx_engine *engine)
{
	int ret = qcx_open_engine(engine);

	if (ret)
		return ret;
	return qcx_register_alg(engine, 2);
}

int qcx_probe(struct qcx_engine *engine)
{
	int ret;

	ret = qcx_register_aead(engine);
	if (ret)
		return ret;
	ret = qcx_register_skcipher(engine);
	// TWIN: {{.*}}guard-chain-depth3.c:[[@LINE-1]]:8: warning: static cache 'qcx_request_cache' may already be set up on this path (set up again in 'qcx_register_skcipher') [kmem-resetup]
	// TWIN: {{.*}}guard-chain-depth3.c:[[@LINE-2]]:8: warning: static cache 'qcx_session_cache' may already be set up on this path (set up again in 'qcx_register_skcipher') [kmem-resetup]
	if (ret)
		return ret;
	return 0;
}
