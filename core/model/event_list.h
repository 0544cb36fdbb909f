/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of event kinds, as EVENT(KIND, name, value) entries: the
 * enum constant EVENT_KIND, the name dumps and facts files spell, and what
 * the event does with values: EVENT_VALUE_NONE, EVENT_VALUE_DEFINES (it
 * defines its result in a way the model ignores) or EVENT_VALUE_COMPUTES
 * (its result comes from the value in 'source').  model.h builds the enum
 * and model.c the names from it; liveness, the facts, verify, summaries
 * and the canonical shape ask event_reads_source() and
 * event_only_computes() instead of listing kinds.  A new kind is a line
 * here, its members in struct event, and what dump.c, facts_write.c and
 * facts_read.c print and read of them.
 *
 * Include with EVENT defined; this file undefines it.
 */
/* sets a static cache up */
EVENT(SETUP, "setup", NONE)
/* creates a dynamic cache (kmem_cache_create...) */
EVENT(CREATE, "create", NONE)
EVENT(DESTROY, "destroy", NONE)
EVENT(ALLOC, "alloc", NONE)
EVENT(FREE, "free", NONE)
/*
 * calls a function: of the unit when 'function' is set, else one the model
 * cannot see, which may do anything to the caches it is passed
 */
EVENT(CALL, "call", NONE)
/* writes a field of struct kmem_cache_args */
EVENT(ARGS_FIELD, "args-field", NONE)
/* turns some storage into a struct kmem_cache * */
EVENT(CACHE_CAST, "cache-cast", NONE)
/* copies a struct kmem_cache_opaque by value */
EVENT(COPY, "copy", NONE)
/* defines 'result' in a way the model ignores */
EVENT(DEFINE, "define", DEFINES)
/* result = source */
EVENT(VALUE_COPY, "copy-value", COMPUTES)
/* result = source + addend */
EVENT(VALUE_ADD, "add", COMPUTES)
/* result = PTR_ERR(source), or with or_zero PTR_ERR_OR_ZERO(source) */
EVENT(VALUE_ERRNO, "errno", COMPUTES)
/* any other use of a cache (size, shrink, bulk) */
EVENT(USE, "use", NONE)
/* a cache in memory from an allocator ('callee'), storage_name the member */
EVENT(HEAP_STORAGE, "heap-storage", NONE)

#undef EVENT
