// The shapes as the paths decide them (--no-verify): the module does not
// unwind its caches, which the check of the converted code would hold
// against each conversion; built in, nothing needs unwinding.
// RUN: %convert --no-verify %s -DMODULE | %filecheck %s
// RUN: %convert %s | %filecheck %s --check-prefix=BUILTIN
// ONLY-clang-tool: convert reads what Clang shows of each pointer's uses
// REQUIRES: slabcheck-clang
// slabcheck convert: each creation becomes the setup of the same shape
// (the five-argument kmem_cache_create() kmem_cache_setup(),
// KMEM_CACHE_USERCOPY() KMEM_CACHE_SETUP_USERCOPY()).  A creation that
// takes a struct kmem_cache_args, NULL for its defaults, or is
// kmem_cache_create_rcu() would become __KMEM_CACHE_SETUP() with the
// fields written out: the patch does not write those yet, and says so.
// The check of the creation, a NULL test in module exit, which runs only
// after init succeeded, and NULL written back after the destroy do not
// stop a conversion; nor does a creation in a helper only init calls.  Built in, the
// caches are created from __init code that is no module init, as
// fs/dcache.c's are, and there is no exit.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct sess_entry {
	unsigned long	id;
	char		key[24];
	void		*freeptr;
};

static struct kmem_cache *entry_cachep __ro_after_init;
static struct kmem_cache *key_cachep __ro_after_init;
static struct kmem_cache *plain_cachep;
static struct kmem_cache *rcu_cachep;
static struct kmem_cache *user_cachep;
static struct kmem_cache *default_cachep;
static struct kmem_cache *helper_cachep;

// CHECK:      shapes.c:[[#@LINE-8]]: entry_cachep: converted: kmem_cache_create() becomes __KMEM_CACHE_SETUP(), __ro_after_init dropped
// CHECK-NEXT: shapes.c:[[#@LINE-8]]: key_cachep: converted: KMEM_CACHE_USERCOPY() becomes KMEM_CACHE_SETUP_USERCOPY(), __ro_after_init dropped
// CHECK-NEXT: shapes.c:[[#@LINE-8]]: plain_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// CHECK-NEXT: shapes.c:[[#@LINE-8]]: rcu_cachep: converted: kmem_cache_create_rcu() becomes __KMEM_CACHE_SETUP()
// CHECK-NEXT: shapes.c:[[#@LINE-8]]: user_cachep: converted: kmem_cache_create_usercopy() becomes kmem_cache_setup_usercopy()
// CHECK-NEXT: shapes.c:[[#@LINE-8]]: default_cachep: converted: kmem_cache_create() becomes __KMEM_CACHE_SETUP()
// CHECK-NEXT: shapes.c:[[#@LINE-8]]: helper_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
// Checked, entry's setup is seen to fail: a free pointer offset without
// SLAB_TYPESAFE_BY_RCU, which the creation had wrong already.
// BUILTIN:      shapes.c:[[#@LINE-17]]: entry_cachep: refused (verify-finding): {{.*}} [kmem-invalid-args]
// BUILTIN-NEXT: shapes.c:[[#@LINE-17]]: key_cachep: converted
// BUILTIN-NEXT: shapes.c:[[#@LINE-17]]: plain_cachep: converted
// BUILTIN-NEXT: shapes.c:[[#@LINE-17]]: rcu_cachep: converted
// BUILTIN-NEXT: shapes.c:[[#@LINE-17]]: user_cachep: converted
// BUILTIN-NEXT: shapes.c:[[#@LINE-17]]: default_cachep: converted
// BUILTIN-NEXT: shapes.c:[[#@LINE-17]]: helper_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()

void *sess_alloc(void)
{
	return kmem_cache_alloc(entry_cachep, GFP_KERNEL);
}

/* A helper without __init that only init code calls. */
static int sess_helper_init(void)
{
	helper_cachep = kmem_cache_create("sess_helper", 48, 0, 0, NULL);
	return helper_cachep ? 0 : -ENOMEM;
}

static int __init sess_caches_init(void)
{
	struct kmem_cache_args args = {
		.use_freeptr_offset = true,
		.freeptr_offset = offsetof(struct sess_entry, freeptr),
	};

	entry_cachep = kmem_cache_create("sess_entry", sizeof(struct sess_entry),
					 &args, SLAB_HWCACHE_ALIGN | SLAB_PANIC);
	key_cachep = KMEM_CACHE_USERCOPY(sess_entry, SLAB_PANIC, key);
	plain_cachep = kmem_cache_create("sess_plain", 64, 8, SLAB_PANIC, NULL);
	rcu_cachep = kmem_cache_create_rcu("sess_rcu", sizeof(struct sess_entry),
					   offsetof(struct sess_entry, freeptr),
					   SLAB_PANIC);
	user_cachep = kmem_cache_create_usercopy("sess_user", 64, 0, SLAB_PANIC,
						 8, 16, NULL);
	return sess_helper_init();
}

#ifdef MODULE
static int __init sess_init(void)
{
	int err = sess_caches_init();

	if (err)
		return err;
	default_cachep = kmem_cache_create("sess_default", 32, NULL, 0);
	if (unlikely(default_cachep == NULL))
		return -ENOMEM;
	return 0;
}
#else
void __init sess_init(void)
{
	sess_caches_init();
	default_cachep = kmem_cache_create("sess_default", 32, NULL,
					   SLAB_PANIC);
}
#endif

#ifdef MODULE
static void __exit sess_exit(void)
{
	if (default_cachep)
		kmem_cache_destroy(default_cachep);
	kmem_cache_destroy(user_cachep);
	kmem_cache_destroy(rcu_cachep);
	kmem_cache_destroy(plain_cachep);
	kmem_cache_destroy(key_cachep);
	kmem_cache_destroy(entry_cachep);
	/* Written back after the destroy: no second creation. */
	kmem_cache_destroy(helper_cachep);
	helper_cachep = NULL;
}

module_init(sess_init);
module_exit(sess_exit);
#endif
