// RUN: %check %s | %filecheck %s
//
// kmem-resetup through every spelling of a setup: the functions, the
// KMEM_CACHE_SETUP*() macros, __KMEM_CACHE_SETUP() and a subsystem's own
// macro around them.  A finding inside a macro is reported where the
// outermost macro is written.
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct file {
	void			*f_op;
	unsigned int		f_flags;
	loff_t			f_pos;
	struct callback_head	f_freeptr;
};

struct backing_file {
	struct file		file;
	void			*user_path;
	struct callback_head	bf_freeptr;
};

struct dentry_name {
	u32			hash;
	u32			len;
	char			inline_name[40];
};

struct epitem {
	struct list_head	rdllink;
	struct epitem		*next;
	void			*ep;
	u32			events;
};

static struct kmem_cache_opaque file_cache;
static struct kmem_cache_opaque backing_file_cache;
#define filp_cachep to_kmem_cache(&file_cache)
#define bfilp_cachep to_kmem_cache(&backing_file_cache)
static struct kmem_cache_opaque dname_cache;
#define dname_cachep to_kmem_cache(&dname_cache)
static struct kmem_cache_opaque epi_cache;
#define epi_cachep to_kmem_cache(&epi_cache)

#define FILE_CACHE_FLAGS \
	(SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT | SLAB_TYPESAFE_BY_RCU)

/* The subsystem's shorthand for its panic-on-failure caches. */
#define EP_CACHE_SETUP(cache, type) \
	KMEM_CACHE_SETUP(cache, type, SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT)

void __init files_init(void)
{
	__KMEM_CACHE_SETUP(filp_cachep, "filp", sizeof(struct file),
			   FILE_CACHE_FLAGS,
			   .use_freeptr_offset = true,
			   .freeptr_offset = offsetof(struct file, f_freeptr));
	__KMEM_CACHE_SETUP(bfilp_cachep, "bfilp", sizeof(struct backing_file),
			   FILE_CACHE_FLAGS,
			   .use_freeptr_offset = true,
			   .freeptr_offset = offsetof(struct backing_file,
						      bf_freeptr));
	/* Pasted once too often. */
	__KMEM_CACHE_SETUP(bfilp_cachep, "bfilp", sizeof(struct backing_file),
			   FILE_CACHE_FLAGS,
			   .use_freeptr_offset = true,
			   .freeptr_offset = offsetof(struct backing_file,
						      bf_freeptr));
	// CHECK: {{.*}}[[@LINE-5]]:2: warning: static cache 'backing_file_cache' may already be set up on this path [kmem-resetup]
}

void __init dname_init(void)
{
	KMEM_CACHE_SETUP_USERCOPY(dname_cachep, dentry_name,
				  SLAB_RECLAIM_ACCOUNT | SLAB_PANIC,
				  inline_name);
	KMEM_CACHE_SETUP_USERCOPY(dname_cachep, dentry_name,
				  SLAB_RECLAIM_ACCOUNT | SLAB_PANIC | SLAB_ACCOUNT,
				  inline_name);
	// CHECK: {{.*}}[[@LINE-3]]:2: warning: static cache 'dname_cache' may already be set up on this path [kmem-resetup]
}

void __init eventpoll_init(void)
{
	EP_CACHE_SETUP(epi_cachep, epitem);
	pr_info("eventpoll: %zu bytes per item\n", sizeof(struct epitem));
	EP_CACHE_SETUP(epi_cachep, epitem);
	// CHECK: {{.*}}[[@LINE-1]]:2: warning: static cache 'epi_cache' may already be set up on this path [kmem-resetup]
}
