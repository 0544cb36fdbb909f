// RUN: %convert --patch %s -DMODULE > %t.diff
// RUN: %filecheck %s --check-prefix=PATCH < %t.diff
// RUN: %convert %s -DMODULE | %filecheck %s --check-prefix=TABLE
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/patch-args.c
// RUN: cd %t.d && git apply %t.diff
// RUN: %check %t.d/patch-args.c -DMODULE | %filecheck --allow-empty %s --check-prefix=CLEAN
// The twin: the converted module with one destroy dropped from init's unwinding.
// RUN: sed '/^out_req:/,/^out_entry:/{/kmem_cache_destroy(req_cachep);/d}' %t.d/patch-args.c > %t.d/leak.c
// RUN: %check %t.d/leak.c -DMODULE | %filecheck %s --check-prefix=LEAK
// REQUIRES: slabcheck-clang
// slabcheck convert writes the creations whose arguments the setups do not
// take as they are into __KMEM_CACHE_SETUP(), as the series does with
// fs/file_table.c's filp_cachep: the local struct kmem_cache_args' fields
// one per line and its declaration gone; kmem_cache_create_rcu()'s offset
// as the free pointer's fields with SLAB_TYPESAFE_BY_RCU added to the
// flags; NULL for the defaults, no field.  The module unwinds its init
// with gotos, as drivers do, and stays clean once converted.
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct sock_entry {
	unsigned long	id;
	char		name[24];
	void		*freeptr;
};

struct sock_req {
	unsigned long	seq;
	void		*freeptr;
};

static struct kmem_cache *entry_cachep __ro_after_init;
static struct kmem_cache *req_cachep;
static struct kmem_cache *tag_cachep;

static int __init sock_caches_init(void)
{
	struct kmem_cache_args args = {
		.useroffset = offsetof(struct sock_entry, name),
		.usersize = sizeof_field(struct sock_entry, name),
		.use_freeptr_offset = true,
		.freeptr_offset = offsetof(struct sock_entry, freeptr),
	};

	entry_cachep = kmem_cache_create("sock_entry", sizeof(struct sock_entry),
					 &args, SLAB_TYPESAFE_BY_RCU |
					 SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT);
	if (!entry_cachep)
		return -ENOMEM;
	req_cachep = kmem_cache_create_rcu("sock_req", sizeof(struct sock_req),
					   offsetof(struct sock_req, freeptr),
					   SLAB_ACCOUNT);
	if (!req_cachep)
		goto out_entry;
	tag_cachep = kmem_cache_create("sock_tag", 32, NULL, 0);
	if (unlikely(tag_cachep == NULL))
		goto out_req;
	return 0;

out_req:
	kmem_cache_destroy(req_cachep);
out_entry:
	kmem_cache_destroy(entry_cachep);
	return -ENOMEM;
}

static void __exit sock_caches_exit(void)
{
	kmem_cache_destroy(tag_cachep);
	kmem_cache_destroy(req_cachep);
	kmem_cache_destroy(entry_cachep);
}

module_init(sock_caches_init);
module_exit(sock_caches_exit);
MODULE_LICENSE("GPL");

// The table, one line per cache, each at its declaration.
// TABLE:      patch-args.c:33: entry_cachep: converted: kmem_cache_create() becomes __KMEM_CACHE_SETUP(), __ro_after_init dropped
// TABLE-NEXT: patch-args.c:34: req_cachep: converted: kmem_cache_create_rcu() becomes __KMEM_CACHE_SETUP()
// TABLE-NEXT: patch-args.c:35: tag_cachep: converted: kmem_cache_create() becomes __KMEM_CACHE_SETUP()

// The patch, whole: the flags keep their line breaks.
// PATCH:      --- a/patch-args.c
// PATCH-NEXT: +++ b/patch-args.c
// PATCH-NEXT: @@ -18,6 +18,7 @@
// PATCH-NEXT:  #include <linux/init.h>
// PATCH-NEXT:  #include <linux/module.h>
// PATCH-NEXT:  #include <linux/slab.h>
// PATCH-NEXT: +#include <linux/slab-static.h>
// PATCH-NEXT: {{^ $}}
// PATCH-NEXT:  struct sock_entry {
// PATCH-NEXT:  	unsigned long	id;
// PATCH-NEXT: @@ -30,31 +31,29 @@
// PATCH-NEXT:  	void		*freeptr;
// PATCH-NEXT:  };
// PATCH-NEXT: {{^ $}}
// PATCH-NEXT: -static struct kmem_cache *entry_cachep __ro_after_init;
// PATCH-NEXT: -static struct kmem_cache *req_cachep;
// PATCH-NEXT: -static struct kmem_cache *tag_cachep;
// PATCH-NEXT: +static struct kmem_cache_opaque entry_cache;
// PATCH-NEXT: +#define entry_cachep to_kmem_cache(&entry_cache)
// PATCH-NEXT: +static struct kmem_cache_opaque req_cache;
// PATCH-NEXT: +#define req_cachep to_kmem_cache(&req_cache)
// PATCH-NEXT: +static struct kmem_cache_opaque tag_cache;
// PATCH-NEXT: +#define tag_cachep to_kmem_cache(&tag_cache)
// PATCH-NEXT: {{^ $}}
// PATCH-NEXT:  static int __init sock_caches_init(void)
// PATCH-NEXT:  {
// PATCH-NEXT: -	struct kmem_cache_args args = {
// PATCH-NEXT: -		.useroffset = offsetof(struct sock_entry, name),
// PATCH-NEXT: -		.usersize = sizeof_field(struct sock_entry, name),
// PATCH-NEXT: -		.use_freeptr_offset = true,
// PATCH-NEXT: -		.freeptr_offset = offsetof(struct sock_entry, freeptr),
// PATCH-NEXT: -	};
// PATCH-NEXT: -
// PATCH-NEXT: -	entry_cachep = kmem_cache_create("sock_entry", sizeof(struct sock_entry),
// PATCH-NEXT: -					 &args, SLAB_TYPESAFE_BY_RCU |
// PATCH-NEXT: -					 SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT);
// PATCH-NEXT: -	if (!entry_cachep)
// PATCH-NEXT: +	if (!__KMEM_CACHE_SETUP(entry_cachep, "sock_entry", sizeof(struct sock_entry),
// PATCH-NEXT: +				SLAB_TYPESAFE_BY_RCU |
// PATCH-NEXT: +				SLAB_HWCACHE_ALIGN | SLAB_ACCOUNT,
// PATCH-NEXT: +				.useroffset = offsetof(struct sock_entry, name),
// PATCH-NEXT: +				.usersize = sizeof_field(struct sock_entry, name),
// PATCH-NEXT: +				.use_freeptr_offset = true,
// PATCH-NEXT: +				.freeptr_offset = offsetof(struct sock_entry, freeptr)))
// PATCH-NEXT:  		return -ENOMEM;
// PATCH-NEXT: -	req_cachep = kmem_cache_create_rcu("sock_req", sizeof(struct sock_req),
// PATCH-NEXT: -					   offsetof(struct sock_req, freeptr),
// PATCH-NEXT: -					   SLAB_ACCOUNT);
// PATCH-NEXT: -	if (!req_cachep)
// PATCH-NEXT: +	if (!__KMEM_CACHE_SETUP(req_cachep, "sock_req", sizeof(struct sock_req),
// PATCH-NEXT: +				SLAB_ACCOUNT | SLAB_TYPESAFE_BY_RCU,
// PATCH-NEXT: +				.freeptr_offset = offsetof(struct sock_req, freeptr),
// PATCH-NEXT: +				.use_freeptr_offset = true))
// PATCH-NEXT:  		goto out_entry;
// PATCH-NEXT: -	tag_cachep = kmem_cache_create("sock_tag", 32, NULL, 0);
// PATCH-NEXT: -	if (unlikely(tag_cachep == NULL))
// PATCH-NEXT: +	if (unlikely(!__KMEM_CACHE_SETUP(tag_cachep, "sock_tag", 32, 0)))
// PATCH-NEXT:  		goto out_req;
// PATCH-NEXT:  	return 0;
// PATCH-NEXT: {{^ $}}
// PATCH-NOT: {{.}}

// CLEAN-NOT: [kmem-
// LEAK: leak.c:[[#]]:[[#]]: warning: static cache 'req_cache' stays set up when module init 'sock_caches_init' fails [kmem-module-leak]
//
