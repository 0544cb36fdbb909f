#!/usr/bin/env bash
# %check for the sparse front-end: runs slabcheck-sparse on one test file and
# prints what it prints.  The front-end-neutral options are mapped here, as
# check-gcc.sh maps them, so that the same RUN and CHECK lines serve both:
#   --disable=RULE[,RULE]  --strict-size  --werror  --exempt=PATH[,PATH]
#   --dump-model  --debug  --path=short|full|none (none unless asked)
#   --module       every .c file given is a unit of one module: each is
#                  checked, then the module is linked, as
#                  `slabcheck --sparse A.c B.c -- FLAGS` does; findings of
#                  both steps are printed once each, sorted.
# Everything else goes to sparse.  Sparse's own warnings are off
# (--slabcheck-no-sparse-warnings): the tests expect ours only, and stock
# sparse's are compared on the real kernel instead.  The exit status is
# slabcheck-sparse's (with --module, slabcheck's: 0 clean, 1 findings).
set -u
checker="$SLABCHECK_BUILD_DIR/sparse-check/slabcheck-sparse"
# shellcheck source=options.sh
. "$(dirname "$0")/options.sh"
map_options --slabcheck- "$@"
# kbuild's CHECKFLAGS for x86_64, and what check-gcc.sh compiles with.
flags=(--slabcheck-verify --slabcheck-no-sparse-warnings -D__linux__
	-Dlinux -D__STDC__ -Dunix -D__unix__ --arch=x86_64 -mlittle-endian
	-m64 -D__x86_64__ -std=gnu11 -O2 -nostdinc
	-isystem "$SLABCHECK_INCLUDE_DIR")
if [ -n "$module" ]; then
	SLABCHECK_SPARSE="$checker" "$SLABCHECK_BUILD_DIR/tools/slabcheck" \
		--sparse --path="$path" "${files[@]}" -- "${flags[@]}" \
		"${args[@]}" 2>&1
	status=$?
	[ "$status" -le 1 ] && exit 0
	exit "$status"
fi
exec "$checker" "${flags[@]}" "${args[@]}" "${files[@]}" 2>&1
