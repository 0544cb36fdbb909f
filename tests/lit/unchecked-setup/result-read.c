// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-unchecked-setup look-alikes of a result nobody reads: the result
// stored into a struct for a later check, logged, merged from two setups
// and returned, chained with the next setup by `?:` (the second's result
// is the expression's when the first succeeds), copied and tested after other work, switched on, and
// handed to an asm.  Whether what reads it acts on a failure is not
// judged: a value something reads is not "never read".  The twin's copy
// is overwritten by the next call's result before the test.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ext4_es_min {
	u32			es_lblk;
	u32			es_len;
	u64			es_pblk;
};

struct ext4_sb_info_min {
	int			s_es_cache_err;
	unsigned long		s_mount_opt;
};

static struct kmem_cache_opaque ext4_es_cache;
#define ext4_es_cachep to_kmem_cache(&ext4_es_cache)
static struct kmem_cache_opaque ext4_pending_cache;
#define ext4_pending_cachep to_kmem_cache(&ext4_pending_cache)
static struct kmem_cache_opaque ext4_big_cache;
#define ext4_big_cachep to_kmem_cache(&ext4_big_cache)
static struct kmem_cache_opaque ext4_small_cache;
#define ext4_small_cachep to_kmem_cache(&ext4_small_cache)
static struct kmem_cache_opaque ext4_fc_cache;
#define ext4_fc_cachep to_kmem_cache(&ext4_fc_cache)
static struct kmem_cache_opaque ext4_io_cache;
#define ext4_io_cachep to_kmem_cache(&ext4_io_cache)
static struct kmem_cache_opaque ext4_barrier_cache;
#define ext4_barrier_cachep to_kmem_cache(&ext4_barrier_cache)
static struct kmem_cache_opaque ext4_prealloc_cache;
#define ext4_prealloc_cachep to_kmem_cache(&ext4_prealloc_cache)
static struct kmem_cache_opaque ext4_free_data_cache;
#define ext4_free_data_cachep to_kmem_cache(&ext4_free_data_cache)

int ext4_init_sysfs(void);
void ext4_fc_report(int err);

void __init ext4_init_es(struct ext4_sb_info_min *sbi)
{
	sbi->s_es_cache_err = kmem_cache_setup(ext4_es_cachep, "ext4_es",
					       sizeof(struct ext4_es_min), 0,
					       SLAB_RECLAIM_ACCOUNT, NULL);
}

int __init ext4_init_pending(void)
{
	int err;

	err = kmem_cache_setup(ext4_pending_cachep, "ext4_pending",
			       sizeof(struct ext4_es_min), 0, 0, NULL);
	pr_err("EXT4-fs: pending reservation cache: %d\n", err);
	return 0;
}

int __init ext4_init_extents(bool big)
{
	int err;

	if (big)
		err = kmem_cache_setup(ext4_big_cachep, "ext4_big",
				       sizeof(struct ext4_es_min) * 4, 0, 0,
				       NULL);
	else
		err = kmem_cache_setup(ext4_small_cachep, "ext4_small",
				       sizeof(struct ext4_es_min), 0, 0, NULL);
	return err;
}

int __init ext4_fc_init_dentry_cache(void)
{
	int err, ret;

	err = kmem_cache_setup(ext4_fc_cachep, "ext4_fc_dentry_update",
			       sizeof(struct ext4_es_min), 0,
			       SLAB_RECLAIM_ACCOUNT, NULL);
	ret = err;
#ifdef SLABCHECK_TWIN
	// TWIN: {{.*}}[[@LINE-5]]:8: warning: the result of 'kmem_cache_setup' is assigned but never read: if it fails, static cache 'ext4_fc_cache' stays zeroed and its first use crashes [kmem-unchecked-setup]
	ret = ext4_init_sysfs();
#else
	ext4_init_sysfs();
#endif
	if (ret)
		return ret;
	return 0;
}

int __init ext4_init_io(void)
{
	switch (kmem_cache_setup(ext4_io_cachep, "ext4_io_end",
				 sizeof(struct ext4_es_min), 0, 0, NULL)) {
	case 0:
		return 0;
	default:
		return -ENOMEM;
	}
}

void __init ext4_init_barrier(void)
{
	int err = kmem_cache_setup(ext4_barrier_cachep, "ext4_barrier",
				   sizeof(struct ext4_es_min), 0, 0, NULL);

	/* Keeps the result alive for a debugger, as some drivers do. */
	asm volatile("" : : "r"(err));
}

int __init ext4_init_mballoc(void)
{
	int err;

	err = kmem_cache_setup(ext4_prealloc_cachep, "ext4_prealloc_space",
			       sizeof(struct ext4_es_min), 0,
			       SLAB_RECLAIM_ACCOUNT, NULL) ?:
	      kmem_cache_setup(ext4_free_data_cachep, "ext4_free_data",
			       sizeof(struct ext4_es_min), 0,
			       SLAB_RECLAIM_ACCOUNT, NULL);
	if (err)
		return err;
	return 0;
}
