// RUN: %check --dump-model --disable=kmem-use-after-destroy %s | %filecheck %s
//
// (The two exits through ops destroy the cache twice: kmem-use-after-destroy,
// which tests/lit/use-after-destroy/ covers, is off here.)
// Calls through tables of functions, as every front-end must describe
// them: an array indexed by a loop counter keeps its elements, each a
// direct call (unseen when the function is in another file); a member of
// a const struct, of a static struct nothing writes, and through a
// pointer to a const struct, is one function; a struct whose address is
// taken, and an index that is not a value, leave the call indirect.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct tb_ops {
	int (*init)(void);
	void (*exit)(void);
};

static struct kmem_cache_opaque tb_cache;
#define tb_cachep to_kmem_cache(&tb_cache)

void tb_other_exit(void);
void tb_register_ops(struct tb_ops *ops);

static int tb_cache_init(void)
{
	return kmem_cache_setup(tb_cachep, "tb", 64, 0, 0, NULL);
}

static void tb_cache_exit(void)
{
	kmem_cache_destroy(tb_cachep);
}

static void (*tb_exits[])(void) = { tb_cache_exit, tb_other_exit };
static const struct tb_ops tb_const_ops = { tb_cache_init, tb_cache_exit };
static struct tb_ops tb_static_ops = { tb_cache_init, tb_cache_exit };
static struct tb_ops tb_shared_ops = { tb_cache_init, tb_cache_exit };

// CHECK-LABEL: function tb_exit_all
void tb_exit_all(void)
{
	int i = ARRAY_SIZE(tb_exits);

	// CHECK: call <indirect> [unseen]() via tb_exits{{\[v[0-9]+\]}}: 0 tb_cache_exit, 1 tb_other_exit [unseen] @[[@LINE+2]]:3
	while (i--)
		tb_exits[i]();
}

// CHECK-LABEL: function tb_exit_ops
void tb_exit_ops(unsigned int which)
{
	const struct tb_ops *ops = &tb_const_ops;

	// CHECK: call tb_cache_exit() @[[@LINE+1]]:2
	tb_const_ops.exit();
	// CHECK: call tb_cache_exit() @[[@LINE+1]]:2
	tb_static_ops.exit();
	// CHECK: call tb_cache_exit() @[[@LINE+1]]:2
	ops->exit();
	// CHECK: call tb_register_ops [unseen](?) @[[@LINE+1]]:2
	tb_register_ops(&tb_shared_ops);
	// CHECK: call <indirect> [unseen]() @[[@LINE+1]]:2
	tb_shared_ops.exit();
	// CHECK: call <indirect> [unseen]() via tb_exits{{\[}}v0{{\]}}: 0 tb_cache_exit, 1 tb_other_exit [unseen] @[[@LINE+1]]:2
	tb_exits[which]();
}
