/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of rules, as RULE(id, name, summary, description) entries
 * (the texts go into SARIF reports; docs/rules.md has the full story):
 * adding a rule is one
 * line here and one file, core/rule_<name>.c, that defines
 * register_<name>().  The id is part of our interface: never rename one.
 * A rule's position is its bit in the disable= mask, so append new rules.
 *
 * Include with RULE defined; this file undefines it.
 */
RULE("kmem-resetup", resetup,
     "A static cache set up twice",
     "A static cache instance is set up again while it may still be set up: "
     "a second cache built over a live one.")
RULE("kmem-module-leak", module_leak,
     "A module leaves a static cache set up",
     "A static cache in a module is still set up when module init fails or "
     "module exit returns: the cache outlives the module's memory.")
RULE("kmem-internal-flag", internal_flag,
     "mm/-internal flag or field used outside mm/",
     "SLAB_PREALLOCATED, .preallocated or .owner of struct kmem_cache_args "
     "set by hand outside mm/, instead of through the setup helpers.")
RULE("kmem-size-mismatch", size_mismatch,
     "Object does not fit its static cache",
     "An object allocated from or freed to a static cache is larger than "
     "the cache's objects, or struct kmem_cache_opaque does not match "
     "struct kmem_cache.")
RULE("kmem-storage", storage,
     "A static cache in storage that cannot hold it",
     "A cache instance without static storage duration, const, in "
     "read-only or init memory, copied by value, or storage that is not a "
     "struct kmem_cache_opaque.")
RULE("kmem-use-after-destroy", use_after_destroy,
     "A static cache used after it was destroyed",
     "An allocation, free or other use of a static cache after "
     "kmem_cache_destroy() of it on the same path.")
RULE("kmem-invalid-args", invalid_args,
     "Setup arguments that make the setup fail",
     "Arguments known at compile time that make a setup fail or misbehave: "
     "alignment, object size, freeptr_offset, usercopy region, name.")
RULE("kmem-unchecked-setup", unchecked_setup,
     "A setup whose failure nobody notices",
     "A setup that can fail whose result is ignored, or whose failure path "
     "goes on to use the zeroed cache.")

#undef RULE
