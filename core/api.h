/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The API model: every function and macro of the static-cache API, and of the
 * slab API around it, that a rule relies on, with its argument positions.
 * This is the only place those names and positions are written down; the
 * front-ends look calls up here and the rules never spell an API name.
 */
#ifndef SLABCHECK_API_H
#define SLABCHECK_API_H

#include <stdbool.h>
#include <stddef.h>

enum api_role {
	API_SETUP,	 /* sets up the static cache at cache_argument */
	API_CREATE_ARGS, /* __kmem_cache_create_args: a setup when its
			  * args carry .preallocated */
	API_CREATE,	 /* creates a dynamic cache */
	API_DESTROY,
	API_ALLOC,
	API_FREE,
	API_USE,	      /* any other use: size, shrink, bulk */
	API_HEAP_ALLOC,	      /* kmalloc() and friends: heap memory */
	API_TO_CACHE,	      /* to_kmem_cache() */
	API_IS_ERROR,	      /* IS_ERR(): tests a pointer for an errno */
	API_IS_ERROR_OR_NULL, /* IS_ERR_OR_NULL() */
	API_PASS_THROUGH,     /* returns its first argument (likely()) */
	API_ERRNO,	      /* PTR_ERR(): the errno in an error pointer */
	API_ERRNO_OR_ZERO,    /* PTR_ERR_OR_ZERO(): that, or 0 */
	API_SETUP_MACRO,      /* a macro that expands to a setup */
};

#define NO_ARGUMENT (-1)

struct api_entry {
	const char *name;
	enum api_role role;
	int cache_argument;
	int size_argument;
	int flags_argument;
	int args_argument;    /* struct kmem_cache_args * */
	int object_argument;  /* the object freed */
	bool returns_pointer; /* NULL or ERR_PTR on failure, else 0/-errno */
};

/* Where a setup takes the arguments kmem-invalid-args checks. */
struct api_parameters {
	const char *name;
	int name_argument;
	int align_argument;
	int useroffset_argument;
	int usersize_argument;
};

/* NULL when the name is not part of the API. */
const struct api_entry *api_lookup(const char *name);
const struct api_entry *api_lookup_macro(const char *name);
/* The name of the index-th macro api_lookup_macro() knows, or NULL. */
const char *api_macro_name(size_t index);
const struct api_parameters *api_lookup_parameters(const char *name);

/* The kmem_cache_args fields only the setup helpers may write. */
bool api_is_reserved_args_field(const char *field);

/* Names the front-ends need to recognise types and flags. */
#define API_OPAQUE_TAG "kmem_cache_opaque"
#define API_CACHE_TAG "kmem_cache"
#define API_ARGS_TAG "kmem_cache_args"
#define API_PREALLOCATED_FIELD "preallocated"
#define API_OWNER_FIELD "owner"
#define API_PREALLOCATED_BIT_NAME "_SLAB_PREALLOCATED"
#define API_PREALLOCATED_FLAG_NAME "SLAB_PREALLOCATED"
#define API_PANIC_BIT_NAME "_SLAB_PANIC"
#define API_TYPESAFE_BY_RCU_BIT_NAME "_SLAB_TYPESAFE_BY_RCU"
#define API_TYPESAFE_BY_RCU_FLAG_NAME "SLAB_TYPESAFE_BY_RCU"

/* The struct kmem_cache_args fields that shape a cache. */
#define API_ALIGN_FIELD "align"
#define API_USEROFFSET_FIELD "useroffset"
#define API_USERSIZE_FIELD "usersize"
#define API_FREEPTR_OFFSET_FIELD "freeptr_offset"
#define API_USE_FREEPTR_OFFSET_FIELD "use_freeptr_offset"

/*
 * The largest object a cache can hold is KMALLOC_MAX_SIZE, 1 << (PAGE_SHIFT
 * + MAX_PAGE_ORDER) (6.12).  Both come from the configuration the unit is
 * compiled with, as Kconfig spells them: CONFIG_PAGE_SHIFT on every
 * architecture, CONFIG_ARCH_FORCE_MAX_ORDER where the architecture forces
 * MAX_PAGE_ORDER (arm64 with 64 KiB pages: 13), which is 10 otherwise
 * (include/linux/mmzone.h).
 */
#define API_PAGE_SHIFT_MACRO "CONFIG_PAGE_SHIFT"
#define API_FORCED_MAX_ORDER_MACRO "CONFIG_ARCH_FORCE_MAX_ORDER"
#define API_DEFAULT_MAX_PAGE_ORDER 10

/*
 * How `slabcheck convert` turns the creation of a dynamic cache into the
 * setup of a static instance: the creation as the source spells it (the
 * outermost such macro, else the function called), the function it calls
 * when that picks the form (6.12's kmem_cache_create() is a _Generic
 * dispatcher: a struct kmem_cache_args goes to __kmem_cache_create_args()),
 * and the setup written instead.
 */
enum api_conversion_arguments {
	/* The setup takes the creation's arguments as written, after the
	 * cache: the patch only rewrites the head of the call. */
	CONVERSION_SAME_ARGUMENTS,
	/* (name, size, args, flags), args a struct kmem_cache_args * or
	 * NULL: the setup takes name, size, flags and the struct's fields. */
	CONVERSION_ARGS_STRUCT,
	/* (name, size, freeptr_offset, flags) of kmem_cache_create_rcu(),
	 * which adds SLAB_TYPESAFE_BY_RCU to the flags. */
	CONVERSION_RCU_OFFSET,
};

struct api_conversion {
	const char *creation;
	const char *callee; /* NULL: whichever it calls */
	const char *setup;
	enum api_conversion_arguments arguments;
};

/* NULL when 'spelled' is no creation the series has a setup for. */
const struct api_conversion *api_lookup_conversion(const char *spelled,
						   const char *callee);
/* Whether a name is a creation api_lookup_conversion() knows. */
bool api_is_creation_spelling(const char *name);

/* Where __init puts a function, and __ro_after_init a variable. */
#define API_INIT_SECTION ".init.text"
#define API_RO_AFTER_INIT_SECTION ".data..ro_after_init"
/* What a converted file includes, and what a static instance is made of. */
#define API_STATIC_HEADER "linux/slab-static.h"
#define API_TO_CACHE_NAME "to_kmem_cache"

/* module_init()/module_exit() make these aliases of the functions. */
#define API_MODULE_INIT_ALIAS "init_module"
#define API_MODULE_EXIT_ALIAS "cleanup_module"
/* Defined when the unit is built as (part of) a module. */
#define API_MODULE_MACRO "MODULE"

#endif
