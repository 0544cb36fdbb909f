// RUN: %check -DMODULE %s | %filecheck %s
//
// kmem-module-leak through an ops struct: the journal keeps the setup and
// teardown of its revoke caches behind a const struct of functions, and
// module init and exit call them through it.  A member of a const struct
// names one function, so `revoke_cache_ops.exit()` is a call of
// jbd2_journal_destroy_revoke_caches(), which forgets the table cache: it
// leaks on unload, and when init fails after setting it up.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct jbd2_revoke_record_min {
	struct list_head	hash;
	u64			sequence;
	unsigned long long	blocknr;
};

struct jbd2_revoke_table_min {
	int			hash_size;
	int			hash_shift;
	struct list_head	*hash_table;
};

struct jbd2_cache_ops {
	int (*init)(void);
	void (*exit)(void);
};

static struct kmem_cache_opaque jbd2_revoke_record_cache;
#define jbd2_revoke_record_cachep to_kmem_cache(&jbd2_revoke_record_cache)
static struct kmem_cache_opaque jbd2_revoke_table_cache;
#define jbd2_revoke_table_cachep to_kmem_cache(&jbd2_revoke_table_cache)

int jbd2_create_jbd_stats_proc_entry(void);
void jbd2_remove_jbd_stats_proc_entry(void);

static int __init jbd2_journal_init_revoke_caches(void)
{
	if (!KMEM_CACHE_SETUP(jbd2_revoke_record_cachep,
			      jbd2_revoke_record_min,
			      SLAB_HWCACHE_ALIGN | SLAB_TEMPORARY))
		return -ENOMEM;

	// CHECK: {{.*}}[[@LINE+4]]:7: warning: static cache 'jbd2_revoke_table_cache' is not destroyed on every path out of module exit 'journal_exit' [kmem-module-leak]
	//
	// CHECK: {{.*}}[[@LINE+2]]:7: warning: static cache 'jbd2_revoke_table_cache' stays set up when module init 'journal_init' fails [kmem-module-leak]
	//
	if (!KMEM_CACHE_SETUP(jbd2_revoke_table_cachep, jbd2_revoke_table_min,
			      SLAB_TEMPORARY)) {
		kmem_cache_destroy(jbd2_revoke_record_cachep);
		return -ENOMEM;
	}
	return 0;
}

static void jbd2_journal_destroy_revoke_caches(void)
{
	kmem_cache_destroy(jbd2_revoke_record_cachep);
}

static const struct jbd2_cache_ops revoke_cache_ops = {
	.init	= jbd2_journal_init_revoke_caches,
	.exit	= jbd2_journal_destroy_revoke_caches,
};

static int __init journal_init(void)
{
	int ret;

	ret = revoke_cache_ops.init();
	if (ret)
		return ret;
	ret = jbd2_create_jbd_stats_proc_entry();
	if (ret) {
		revoke_cache_ops.exit();
		return ret;
	}
	return 0;
}

static void __exit journal_exit(void)
{
	jbd2_remove_jbd_stats_proc_entry();
	revoke_cache_ops.exit();
}

module_init(journal_init);
module_exit(journal_exit);
MODULE_LICENSE("GPL");
