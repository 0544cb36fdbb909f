#!/usr/bin/env bash
# %check for the Clang plugin: compiles one test file with slabcheck_clang.so
# loaded, as `make LLVM=1 KCFLAGS=-fplugin=...` does, and prints what Clang
# prints.  The front-end-neutral options (options.sh) become
# -fplugin-arg-slabcheck_clang-KEY; with --module, every .c file given is a
# unit of one module, checked and linked by
# `slabcheck --clang A.c B.c -- CFLAGS`.
# Everything else goes to the compiler.  The exit status is the compiler's
# (with --module, slabcheck's: 0 clean, 1 findings).
# SLABCHECK_CLANG_CC names the Clang the plugin was built for.
set -u
plugin="$SLABCHECK_BUILD_DIR/clang-check/slabcheck_clang.so"
# shellcheck source=options.sh
. "$(dirname "$0")/options.sh"
map_options -fplugin-arg-slabcheck_clang- "$@"
flags=(-fplugin-arg-slabcheck_clang-verify -std=gnu11 -O2 -Wall -nostdinc
	-isystem "$SLABCHECK_INCLUDE_DIR")
if [ -n "$module" ]; then
	CC="$SLABCHECK_CLANG_CC" SLABCHECK_CLANG_PLUGIN="$plugin" \
		"$SLABCHECK_BUILD_DIR/tools/slabcheck" --clang --path="$path" \
		"${files[@]}" -- \
		"${flags[@]}" "${args[@]}" 2>&1
	status=$?
	[ "$status" -le 1 ] && exit 0
	exit "$status"
fi
exec "$SLABCHECK_CLANG_CC" -fplugin="$plugin" "${flags[@]}" -c -o /dev/null \
	"${args[@]}" "${files[@]}" 2>&1
