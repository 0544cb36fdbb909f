// RUN: %check --dump-model --disable=kmem-unchecked-setup %s | %filecheck %s
//
// Which setup results are read, as every front-end must describe it: a
// value read only by a store to memory, an asm or a switch is read all
// the same; one that the next assignment overwrites is not.  (The rule
// that reports it is kmem-unchecked-setup, off here: the model is tested.)
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct rd_state {
	int err;
};

static struct kmem_cache_opaque rd_a_cache;
#define rd_a_cachep to_kmem_cache(&rd_a_cache)
static struct kmem_cache_opaque rd_b_cache;
#define rd_b_cachep to_kmem_cache(&rd_b_cache)
static struct kmem_cache_opaque rd_c_cache;
#define rd_c_cachep to_kmem_cache(&rd_c_cache)
static struct kmem_cache_opaque rd_d_cache;
#define rd_d_cachep to_kmem_cache(&rd_d_cache)

int rd_register(void);

// CHECK-LABEL: function rd_init
int __init rd_init(struct rd_state *state)
{
	int err;

	// CHECK: setup kmem_cache_setup rd_a_cache size=4 flags=0 @[[@LINE+1]]:15
	state->err = kmem_cache_setup(rd_a_cachep, "rd_a", 4, 0, 0, NULL);
	// CHECK: setup kmem_cache_setup rd_b_cache size=4 flags=0 [result unread] @[[@LINE+1]]:8
	err = kmem_cache_setup(rd_b_cachep, "rd_b", 4, 0, 0, NULL);
	// CHECK: setup kmem_cache_setup rd_c_cache size=4 flags=0 @[[@LINE+1]]:8
	err = kmem_cache_setup(rd_c_cachep, "rd_c", 4, 0, 0, NULL);
	asm volatile("" : : "r"(err));
	// CHECK: setup kmem_cache_setup rd_d_cache size=4 flags=0 @[[@LINE+1]]:10
	switch (kmem_cache_setup(rd_d_cachep, "rd_d", 4, 0, 0, NULL)) {
	case 0:
		break;
	case -ENOMEM:
		return -ENOMEM;
	default:
		return -EINVAL;
	}
	err = rd_register();
	return err;
}
