// RUN: %check %s | %filecheck %s
//
// kmem-internal-flag: SLAB_PREALLOCATED however it reaches the flags
// argument: through a subsystem's flags macro, a local variable, a const
// object, the raw bit value, the enum bit shifted by hand, or a
// subsystem's wrapper macro (reported where that macro is written).
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct ext4_extent_status {
	u32			es_lblk;
	u32			es_len;
	u64			es_pblk;
	struct list_head	list;
};

struct ext4_pending {
	u32			lclu;
	struct list_head	list;
};

struct ext4_io_end {
	struct list_head	list;
	void			*handle;
	void			*inode;
	unsigned int		flag;
	u64			offset;
	ssize_t			size;
};

struct ext4_free_data {
	struct list_head	efd_list;
	u32			efd_group;
	u32			efd_start_cluster;
	u32			efd_count;
	u16			efd_tid;
};

struct ext4_groupinfo {
	unsigned long		bb_state;
	u32			bb_free;
	u32			bb_fragments;
	u16			bb_counters[16];
};

struct ext4_crypt_info {
	u8			ci_mode;
	u8			ci_flags;
	u8			ci_nonce[16];
	void			*ci_key;
};

/* "Static caches are preallocated", the author thought. */
#define EXT4_STATIC_CACHE_FLAGS \
	(SLAB_RECLAIM_ACCOUNT | SLAB_ACCOUNT | SLAB_PREALLOCATED)

#define EXT4_CACHE_SETUP(s, type) \
	KMEM_CACHE_SETUP(s, type, SLAB_PREALLOCATED | SLAB_RECLAIM_ACCOUNT)

static const slab_flags_t ext4_io_flags = SLAB_ACCOUNT | SLAB_PREALLOCATED;

static struct kmem_cache_opaque ext4_es_cache;
static struct kmem_cache_opaque ext4_pending_cache;
static struct kmem_cache_opaque ext4_io_end_cache;
static struct kmem_cache_opaque ext4_free_data_cache;
static struct kmem_cache_opaque ext4_groupinfo_cache;
static struct kmem_cache_opaque ext4_crypt_info_cache;

int __init ext4_init_es(void)
{
	return kmem_cache_setup(to_kmem_cache(&ext4_es_cache), "ext4_es",
				sizeof(struct ext4_extent_status), 0,
				EXT4_STATIC_CACHE_FLAGS, NULL);
	// CHECK: {{.*}}[[@LINE-3]]:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
}

int __init ext4_init_pending(void)
{
	slab_flags_t flags = SLAB_RECLAIM_ACCOUNT;

	flags |= SLAB_PREALLOCATED;
	return kmem_cache_setup(to_kmem_cache(&ext4_pending_cache),
				"ext4_pending", sizeof(struct ext4_pending), 0,
				flags, NULL);
	// CHECK: {{.*}}[[@LINE-3]]:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
}

int __init ext4_init_pageio(void)
{
	return kmem_cache_setup(to_kmem_cache(&ext4_io_end_cache),
				"ext4_io_end", sizeof(struct ext4_io_end), 0,
				ext4_io_flags, NULL);
	// CHECK: {{.*}}[[@LINE-3]]:9: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
}

int __init ext4_init_mballoc(void)
{
	int err;

	/* bit 23, copied from a debugging session's /proc/slabinfo */
	err = kmem_cache_setup(to_kmem_cache(&ext4_free_data_cache),
			       "ext4_free_data", sizeof(struct ext4_free_data),
			       0, (slab_flags_t)0x00800000U, NULL);
	// CHECK: {{.*}}[[@LINE-3]]:8: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	if (err)
		return err;

	err = kmem_cache_setup(to_kmem_cache(&ext4_groupinfo_cache),
			       "ext4_groupinfo", sizeof(struct ext4_groupinfo),
			       0, SLAB_RECLAIM_ACCOUNT |
			       (slab_flags_t)(1U << _SLAB_PREALLOCATED), NULL);
	// CHECK: {{.*}}[[@LINE-4]]:8: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to 'kmem_cache_setup' [kmem-internal-flag]
	if (err)
		kmem_cache_destroy(to_kmem_cache(&ext4_free_data_cache));
	return err;
}

int __init ext4_init_crypto(void)
{
	if (!EXT4_CACHE_SETUP(to_kmem_cache(&ext4_crypt_info_cache),
			      ext4_crypt_info))
		return -ENOMEM;
	// CHECK: {{.*}}[[@LINE-3]]:7: warning: SLAB_PREALLOCATED is internal to mm/ and must not be passed to '__kmem_cache_create_args' [kmem-internal-flag]
	return 0;
}
