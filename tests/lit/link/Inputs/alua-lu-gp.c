// The other file of link/inline-wrapper-other-file.c: frees the default
// LU group to its cache under a lock.  6.12's spin_lock() is a static
// inline wrapper of _raw_spin_lock() (kernel/locking/spinlock.c) on SMP
// builds; written here as such a wrapper, since the stand-in
// <linux/spinlock.h> keeps the lock in the header.
#include <linux/slab.h>
#include <linux/slab-static.h>

struct t10_alua_lu_gp_min {
	unsigned short	lu_gp_id;
	int		lu_gp_members;
};

extern struct kmem_cache_opaque t10_alua_lu_gp_cache_instance;
#define t10_alua_lu_gp_cache to_kmem_cache(&t10_alua_lu_gp_cache_instance)

struct raw_spinlock_min {
	unsigned int	val;
};

void _raw_spin_lock(struct raw_spinlock_min *lock);
void _raw_spin_unlock(struct raw_spinlock_min *lock);

static inline void lu_gps_lock(struct raw_spinlock_min *lock)
{
	_raw_spin_lock(lock);
}

static inline void lu_gps_unlock(struct raw_spinlock_min *lock)
{
	_raw_spin_unlock(lock);
}

static struct raw_spinlock_min lu_gps_lock_word;
static int alua_lu_gps_count;

void core_alua_free_lu_gp(struct t10_alua_lu_gp_min *lu_gp)
{
	lu_gps_lock(&lu_gps_lock_word);
	alua_lu_gps_count--;
	lu_gps_unlock(&lu_gps_lock_word);
	kmem_cache_free(t10_alua_lu_gp_cache, lu_gp);
}
