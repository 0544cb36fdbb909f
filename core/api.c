// SPDX-License-Identifier: GPL-2.0
/*
 * The API table: every function and macro of the static-cache API and of
 * the slab API around it that the core recognizes, with the position of
 * each argument that matters (cache, size, flags, args, object) and the
 * tags, fields and flags it names.  The only file that spells them: the
 * lowering, the rules and the front-ends ask api_lookup() and friends.
 */
#include "api.h"

#include <stdlib.h>
#include <string.h>

#define N NO_ARGUMENT

/*
 * Linux 6.12 spells allocation through alloc_hooks(..._noprof()), and
 * kmem_cache_create() through a _Generic that picks one of three functions:
 * the table lists what the compiler calls, not what the source spells.
 */
/* A table is read as columns. */
/* clang-format off */
static const struct api_entry api_table[] = {
	/* name                          role                  cache size flags args object pointer */
	{ "kmem_cache_setup",            API_SETUP,            0,    2,   4,    N,   N,     false },
	{ "kmem_cache_setup_usercopy",   API_SETUP,            0,    2,   4,    N,   N,     false },
	{ "__kmem_cache_create_args",    API_CREATE_ARGS,      N,    1,   3,    2,   N,     true },
	{ "__kmem_cache_create",         API_CREATE,           N,    1,   3,    N,   N,     true },
	{ "__kmem_cache_default_args",   API_CREATE,           N,    1,   3,    N,   N,     true },
	{ "kmem_cache_create",           API_CREATE,           N,    1,   3,    N,   N,     true },
	{ "kmem_cache_create_usercopy",  API_CREATE,           N,    1,   3,    N,   N,     true },
	{ "kmem_cache_create_rcu",       API_CREATE,           N,    1,   3,    N,   N,     true },
	{ "kmem_cache_destroy",          API_DESTROY,          0,    N,   N,    N,   N,     false },
	{ "kmem_cache_alloc",            API_ALLOC,            0,    N,   N,    N,   N,     true },
	{ "kmem_cache_alloc_noprof",     API_ALLOC,            0,    N,   N,    N,   N,     true },
	{ "kmem_cache_alloc_lru",        API_ALLOC,            0,    N,   N,    N,   N,     true },
	{ "kmem_cache_alloc_lru_noprof", API_ALLOC,            0,    N,   N,    N,   N,     true },
	{ "kmem_cache_alloc_node",       API_ALLOC,            0,    N,   N,    N,   N,     true },
	{ "kmem_cache_alloc_node_noprof", API_ALLOC,           0,    N,   N,    N,   N,     true },
	{ "kmem_cache_zalloc",           API_ALLOC,            0,    N,   N,    N,   N,     true },
	/* <linux/fs.h>: an inode from the filesystem's inode cache. */
	{ "alloc_inode_sb",              API_ALLOC,            1,    N,   N,    N,   N,     true },
	{ "kmem_cache_free",             API_FREE,             0,    N,   N,    N,   1,     false },
	/* Other uses of a set-up cache. */
	{ "kmem_cache_size",             API_USE,              0,    N,   N,    N,   N,     false },
	{ "kmem_cache_shrink",           API_USE,              0,    N,   N,    N,   N,     false },
	{ "kmem_cache_alloc_bulk",       API_USE,              0,    N,   N,    N,   N,     false },
	{ "kmem_cache_alloc_bulk_noprof", API_USE,             0,    N,   N,    N,   N,     false },
	{ "kmem_cache_free_bulk",        API_USE,              0,    N,   N,    N,   N,     false },
	/*
	 * A mempool over a cache (mempool_create_slab_pool() and
	 * mempool_init_slab_pool() pass it as pool_data): it allocates from
	 * the cache and frees to it, and does nothing else to it.
	 */
	{ "mempool_create_node_noprof",  API_USE,              3,    N,   N,    N,   N,     true },
	{ "mempool_init_noprof",         API_USE,              4,    N,   N,    N,   N,     false },
	{ "mempool_init_node",           API_USE,              4,    N,   N,    N,   N,     false },
	/* Heap memory, which a static cache must not live in. */
	{ "kmalloc_noprof",              API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "__kmalloc_noprof",            API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "kmalloc_node_noprof",         API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "__kmalloc_node_noprof",       API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "kmalloc_array_noprof",        API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "kzalloc_noprof",              API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "kvmalloc_node_noprof",        API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "__kvmalloc_node_noprof",      API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "vmalloc_noprof",              API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "vzalloc_noprof",              API_HEAP_ALLOC,       N,    N,   N,    N,   N,     true },
	{ "to_kmem_cache",               API_TO_CACHE,         0,    N,   N,    N,   N,     true },
	{ "IS_ERR",                      API_IS_ERROR,         N,    N,   N,    N,   N,     false },
	{ "IS_ERR_OR_NULL",              API_IS_ERROR_OR_NULL, N,    N,   N,    N,   N,     false },
	{ "PTR_ERR",                     API_ERRNO,            N,    N,   N,    N,   N,     false },
	{ "PTR_ERR_OR_ZERO",             API_ERRNO_OR_ZERO,    N,    N,   N,    N,   N,     false },
	/* likely() and unlikely() */
	{ "__builtin_expect",            API_PASS_THROUGH,     N,    N,   N,    N,   N,     false },
};

static const struct api_entry api_macros[] = {
	{ "__KMEM_CACHE_SETUP",          API_SETUP_MACRO,      0,    2,   3,    N,   N,     true },
	{ "KMEM_CACHE_SETUP",            API_SETUP_MACRO,      0,    N,   2,    N,   N,     true },
	{ "KMEM_CACHE_SETUP_USERCOPY",   API_SETUP_MACRO,      0,    N,   2,    N,   N,     true },
};

static const struct api_parameters api_parameters[] = {
	/* name                         name align useroffset usersize */
	{ "kmem_cache_setup",           1,   3,    N,         N },
	{ "kmem_cache_setup_usercopy",  1,   3,    5,         6 },
	{ "__kmem_cache_create_args",   0,   N,    N,         N },
};
/* clang-format on */

#undef N

static const struct api_entry *find(const struct api_entry *table, size_t count,
				    const char *name)
{
	for (size_t i = 0; i < count; i++)
		if (!strcmp(table[i].name, name))
			return &table[i];
	return NULL;
}

#define API_TABLE_COUNT (sizeof(api_table) / sizeof(api_table[0]))

static int compare_entries(const void *left, const void *right)
{
	const struct api_entry *const *a = left, *const *b = right;

	return strcmp((*a)->name, (*b)->name);
}

static int compare_name(const void *key, const void *element)
{
	const struct api_entry *const *entry = element;

	return strcmp(key, (*entry)->name);
}

const struct api_entry *api_lookup(const char *name)
{
	/*
	 * Every call of a unit is looked up, and most are not the API: the
	 * first letters of the table's names turn most away before any
	 * string compare, and a search by name (mem... names many kernel
	 * functions) the rest.  Both are gathered once.
	 */
	static bool first_letter[256], gathered;
	static const struct api_entry *by_name[API_TABLE_COUNT];
	const struct api_entry *const *found;

	if (!gathered) {
		for (size_t i = 0; i < API_TABLE_COUNT; i++) {
			first_letter[(unsigned char)api_table[i].name[0]] =
				true;
			by_name[i] = &api_table[i];
		}
		qsort(by_name, API_TABLE_COUNT, sizeof(by_name[0]),
		      compare_entries);
		gathered = true;
	}
	if (!first_letter[(unsigned char)name[0]])
		return NULL;
	found = bsearch(name, by_name, API_TABLE_COUNT, sizeof(by_name[0]),
			compare_name);
	return found ? *found : NULL;
}

const struct api_entry *api_lookup_macro(const char *name)
{
	return find(api_macros, sizeof(api_macros) / sizeof(api_macros[0]),
		    name);
}

const char *api_macro_name(size_t index)
{
	return index < sizeof(api_macros) / sizeof(api_macros[0]) ?
		       api_macros[index].name :
		       NULL;
}

const struct api_parameters *api_lookup_parameters(const char *name)
{
	for (size_t i = 0;
	     i < sizeof(api_parameters) / sizeof(api_parameters[0]); i++)
		if (!strcmp(api_parameters[i].name, name))
			return &api_parameters[i];
	return NULL;
}

bool api_is_reserved_args_field(const char *field)
{
	return !strcmp(field, API_PREALLOCATED_FIELD) ||
	       !strcmp(field, API_OWNER_FIELD);
}

/* Creation -> setup, most specific first (api.h). */
static const struct api_conversion api_conversions[] = {
	{ "KMEM_CACHE", NULL, "KMEM_CACHE_SETUP", CONVERSION_SAME_ARGUMENTS },
	{ "KMEM_CACHE_USERCOPY", NULL, "KMEM_CACHE_SETUP_USERCOPY",
	  CONVERSION_SAME_ARGUMENTS },
	{ "kmem_cache_create_usercopy", NULL, "kmem_cache_setup_usercopy",
	  CONVERSION_SAME_ARGUMENTS },
	{ "kmem_cache_create", "__kmem_cache_create_args", "__KMEM_CACHE_SETUP",
	  CONVERSION_ARGS_STRUCT },
	/* kmem_cache_create(name, size, NULL, flags): all defaults. */
	{ "kmem_cache_create", "__kmem_cache_default_args",
	  "__KMEM_CACHE_SETUP", CONVERSION_ARGS_STRUCT },
	{ "kmem_cache_create", NULL, "kmem_cache_setup",
	  CONVERSION_SAME_ARGUMENTS },
	{ "kmem_cache_create_rcu", NULL, "__KMEM_CACHE_SETUP",
	  CONVERSION_RCU_OFFSET },
	{ "__kmem_cache_create_args", NULL, "__KMEM_CACHE_SETUP",
	  CONVERSION_ARGS_STRUCT },
};

#define CONVERSION_COUNT (sizeof(api_conversions) / sizeof(api_conversions[0]))

const struct api_conversion *api_lookup_conversion(const char *spelled,
						   const char *callee)
{
	for (size_t i = 0; i < CONVERSION_COUNT; i++) {
		const struct api_conversion *entry = &api_conversions[i];

		if (strcmp(entry->creation, spelled) != 0)
			continue;
		if (!entry->callee ||
		    (callee && strcmp(entry->callee, callee) == 0))
			return entry;
	}
	return NULL;
}

bool api_is_creation_spelling(const char *name)
{
	for (size_t i = 0; i < CONVERSION_COUNT; i++)
		if (strcmp(api_conversions[i].creation, name) == 0)
			return true;
	return false;
}
