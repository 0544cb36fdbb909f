// RUN: %check %s | %filecheck %s
//
// kmem-resetup through a helper that sets up whatever instance it is
// given: fork.c-style setup of several caches, one of them passed twice.
// Each distinct instance set up once through the helper stays silent.
#include <linux/atomic.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct sighand_struct {
	atomic_t	count;
	void		*action[64];
};

struct signal_struct {
	atomic_t	sigcnt;
	int		nr_threads;
	struct list_head thread_head;
	u64		utime, stime;
};

struct files_struct {
	atomic_t	count;
	unsigned int	next_fd;
	unsigned long	close_on_exec_init[1];
	unsigned long	open_fds_init[1];
	void		*fd_array[64];
};

struct fs_struct {
	int		users;
	int		umask;
	int		in_exec;
	void		*root, *pwd;
};

struct kmem_cache_opaque sighand_cache;
#define sighand_cachep to_kmem_cache(&sighand_cache)
static struct kmem_cache_opaque signal_cache;
#define signal_cachep to_kmem_cache(&signal_cache)
struct kmem_cache_opaque files_cache;
#define files_cachep to_kmem_cache(&files_cache)
struct kmem_cache_opaque fs_struct_cache;
#define fs_cachep to_kmem_cache(&fs_struct_cache)

static void sighand_ctor(void *data)
{
	struct sighand_struct *sighand = data;

	atomic_set(&sighand->count, 0);
}

/* All of these are boot-time caches that must not fail. */
static void __init proc_cache(struct kmem_cache *s, const char *name,
			      unsigned int size, slab_flags_t extra,
			      void (*ctor)(void *))
{
	kmem_cache_setup(s, name, size, 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT | extra,
			 ctor);
}

void __init proc_caches_init(void)
{
	proc_cache(sighand_cachep, "sighand_cache",
		   sizeof(struct sighand_struct), SLAB_TYPESAFE_BY_RCU,
		   sighand_ctor);
	proc_cache(signal_cachep, "signal_cache",
		   sizeof(struct signal_struct), 0, NULL);
	proc_cache(files_cachep, "files_cache",
		   sizeof(struct files_struct), 0, NULL);
	proc_cache(fs_cachep, "fs_cache", sizeof(struct fs_struct), 0, NULL);
	proc_cache(files_cachep, "files_cache",
		   sizeof(struct files_struct), 0, NULL);
	// CHECK: {{.*}}[[@LINE-2]]:2: warning: static cache 'files_cache' may already be set up on this path (set up again in 'proc_cache') [kmem-resetup]
}
