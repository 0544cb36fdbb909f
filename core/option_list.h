/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of the core's options, as OPTION(key, value, meaning)
 * entries: the key every door spells with its prefix
 * (-fplugin-arg-slabcheck_gcc-KEY, --slabcheck-KEY,
 * -fplugin-arg-slabcheck_clang-KEY, --KEY), what value it takes ("" for
 * none), and what it does in a few words.  core/options.c parses them and
 * builds the usage texts from this list; tests/scripts/check-option-docs.sh
 * fails when a door's documentation lists other options.
 *
 * Include with OPTION defined; this file undefines it.
 */
OPTION("disable", "=RULE[,RULE...]", "turn rules off")
OPTION("werror", "", "findings are errors")
OPTION("path", "=short|full|none", "notes: the path's key events, all, none")
OPTION("strict-size", "", "any object size difference is a finding")
OPTION("exempt", "=PATH[,PATH...]", "paths that may use mm/ internals")
OPTION("findings-dir", "=DIR", "write the findings as a JSON file in DIR")
OPTION("facts-dir", "=DIR", "also the unit's facts, for the link step")
OPTION("stream-results", "", "findings and facts as JSON lines on stderr")
OPTION("run", "=ID", "ignored (makes kbuild recompile)")
OPTION("report-unused", "", "report suppressions that match no finding")
OPTION("verify", "", "check the model's invariants")
OPTION("dump-model", "", "print the lowered model")
OPTION("debug", "", "say when an analysis limit is hit")

#undef OPTION
