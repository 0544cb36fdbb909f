/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of event kinds, as EVENT(KIND, name, values, members)
 * entries: the enum constant EVENT_KIND, the name dumps and facts files
 * spell, what the event does with values (EVENT_VALUE_NONE,
 * EVENT_VALUE_DEFINES: it defines its result in a way the model ignores,
 * EVENT_VALUE_COMPUTES: its result comes from the value in 'source'), and
 * which members of struct event it carries besides its kind, location,
 * result and callee (EVENT_MEMBERS_...: CACHE, the cache it works on and
 * its size, flags, type, parameters; CALL, the callee's function, its
 * cache arguments and table; FIELD, a kmem_cache_args field; STORAGE, the
 * storage a cache is in; SOURCE, the value it computes from; NONE).
 * model.h builds the enum and model.c the tables from it; liveness, the
 * facts, verify, summaries and the canonical shape ask
 * event_reads_source() and event_only_computes(), and dump.c, verify.c,
 * facts_write.c and facts_read.c print, check, write and read an event by
 * its members, not by its kind.  A new kind whose members are one of these
 * groups is a line here and what it means to the lowering and the walk.
 *
 * Include with EVENT defined; this file undefines it.
 */
/* sets a static cache up */
EVENT(SETUP, "setup", NONE, CACHE)
/* creates a dynamic cache (kmem_cache_create...) */
EVENT(CREATE, "create", NONE, CACHE)
EVENT(DESTROY, "destroy", NONE, CACHE)
EVENT(ALLOC, "alloc", NONE, CACHE)
EVENT(FREE, "free", NONE, CACHE)
/*
 * calls a function: of the unit when 'function' is set, else one the model
 * cannot see, which may do anything to the caches it is passed
 */
EVENT(CALL, "call", NONE, CALL)
/* writes a field of struct kmem_cache_args */
EVENT(ARGS_FIELD, "args-field", NONE, FIELD)
/* turns some storage into a struct kmem_cache * */
EVENT(CACHE_CAST, "cache-cast", NONE, STORAGE)
/* copies a struct kmem_cache_opaque by value */
EVENT(COPY, "copy", NONE, STORAGE)
/* defines 'result' in a way the model ignores */
EVENT(DEFINE, "define", DEFINES, NONE)
/* result = source */
EVENT(VALUE_COPY, "copy-value", COMPUTES, SOURCE)
/* result = source + addend */
EVENT(VALUE_ADD, "add", COMPUTES, SOURCE)
/* result = PTR_ERR(source), or with or_zero PTR_ERR_OR_ZERO(source) */
EVENT(VALUE_ERRNO, "errno", COMPUTES, SOURCE)
/* any other use of a cache (size, shrink, bulk) */
EVENT(USE, "use", NONE, CACHE)
/* a cache in memory from an allocator ('callee'), storage_name the member */
EVENT(HEAP_STORAGE, "heap-storage", NONE, STORAGE)

#undef EVENT
