// RUN: %check %s | %filecheck --allow-empty %s
// RUN: %check -DMODULE %s | %filecheck --allow-empty %s
// RUN: %check -DSLABCHECK_TWIN %s | %filecheck --check-prefix=TWIN %s
// CHECK-NOT: warning
//
// kmem-resetup look-alike: kernel/fork.c-style boot code setting up many
// static caches, each exactly once, in several __init functions and
// through every setup spelling.  Built-in caches are never destroyed.
#include <linux/cache.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

#define THREAD_SIZE	16384

struct task_struct {
	volatile long		__state;
	void			*stack;
	atomic_t		usage;
	unsigned int		flags;
	int			prio;
	struct list_head	tasks;
	pid_t			pid;
	pid_t			tgid;
	char			comm[16];
};

struct mm_struct {
	unsigned long		mmap_base;
	unsigned long		task_size;
	atomic_t		mm_users;
	atomic_t		mm_count;
	unsigned long		cpu_bitmap[4];
};

struct vm_area_struct {
	unsigned long		vm_start;
	unsigned long		vm_end;
	struct mm_struct	*vm_mm;
	unsigned long		vm_flags;
};

struct sighand_struct {
	atomic_t		count;
	void			*action[64];
};

struct signal_struct {
	atomic_t		sigcnt;
	int			nr_threads;
	struct list_head	thread_head;
};

struct files_struct {
	atomic_t		count;
	unsigned int		next_fd;
	void			*fd_array[64];
};

struct fs_struct {
	int			users;
	int			umask;
};

static struct kmem_cache_opaque task_struct_cache;
#define task_struct_cachep to_kmem_cache(&task_struct_cache)
static struct kmem_cache_opaque __thread_stack_cache;
#define thread_stack_cache to_kmem_cache(&__thread_stack_cache)
static struct kmem_cache_opaque mm_cache;
#define mm_cachep to_kmem_cache(&mm_cache)
static struct kmem_cache_opaque vm_area_cache;
#define vm_area_cachep to_kmem_cache(&vm_area_cache)
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

	sighand->action[0] = NULL;
}

void thread_stack_cache_init(void)
{
	kmem_cache_setup_usercopy(thread_stack_cache, "thread_stack",
				  THREAD_SIZE, THREAD_SIZE, SLAB_PANIC, 0,
				  THREAD_SIZE, NULL);
}

void __init fork_init(void)
{
	unsigned int align = max_t(unsigned int, L1_CACHE_BYTES,
				   __alignof__(struct task_struct));

	kmem_cache_setup_usercopy(task_struct_cachep, "task_struct",
				  sizeof(struct task_struct), align,
				  SLAB_PANIC | SLAB_ACCOUNT,
				  offsetof(struct task_struct, comm),
				  sizeof_field(struct task_struct, comm),
				  NULL);
}

void __init mm_cache_init(void)
{
	unsigned int mm_size = sizeof(struct mm_struct);

	kmem_cache_setup_usercopy(mm_cachep, "mm_struct", mm_size,
				  __alignof__(struct mm_struct),
				  SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT,
				  offsetof(struct mm_struct, cpu_bitmap),
				  sizeof_field(struct mm_struct, cpu_bitmap),
				  NULL);
}

void __init proc_caches_init(void)
{
	kmem_cache_setup(sighand_cachep, "sighand_cache",
			 sizeof(struct sighand_struct), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_TYPESAFE_BY_RCU |
			 SLAB_ACCOUNT, sighand_ctor);
	kmem_cache_setup(signal_cachep, "signal_cache",
			 sizeof(struct signal_struct), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT, NULL);
	kmem_cache_setup(files_cachep, "files_cache",
			 sizeof(struct files_struct), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT, NULL);
	kmem_cache_setup(fs_cachep, "fs_cache", sizeof(struct fs_struct), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT, NULL);
	KMEM_CACHE_SETUP(vm_area_cachep, vm_area_struct,
			 SLAB_PANIC | SLAB_ACCOUNT);
#ifdef SLABCHECK_TWIN
	/* A merge slip: the fs_struct cache again. */
	// TWIN: {{.*}}[[@LINE+1]]:2: warning: static cache 'fs_struct_cache' may already be set up on this path [kmem-resetup]
	kmem_cache_setup(fs_cachep, "fs_cache", sizeof(struct fs_struct), 0,
			 SLAB_HWCACHE_ALIGN | SLAB_PANIC | SLAB_ACCOUNT, NULL);
#endif
}
