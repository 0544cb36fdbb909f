/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of rules, as RULE(id, name) entries: adding a rule is one
 * line here and one file, core/rule_<name>.c, that defines
 * register_<name>().  The id is part of our interface: never rename one.
 * A rule's position is its bit in the disable= mask, so append new rules.
 *
 * Include with RULE defined; this file undefines it.
 */
RULE("kmem-resetup", resetup)
RULE("kmem-module-leak", module_leak)
RULE("kmem-internal-flag", internal_flag)
RULE("kmem-size-mismatch", size_mismatch)
RULE("kmem-storage", storage)
RULE("kmem-use-after-destroy", use_after_destroy)
RULE("kmem-invalid-args", invalid_args)
RULE("kmem-unchecked-setup", unchecked_setup)

#undef RULE
