#!/usr/bin/env bash
# %check for the GCC plugin: compiles one test file with the plugin loaded and
# prints what GCC prints.  Front-end-neutral options (neutral-options.sh) are
# translated here so that the same RUN line serves every front-end; with
# --module, every .c file given is a unit of one module: each is compiled,
# then the module is linked, as `slabcheck A.c B.c -- CFLAGS` does; findings
# of both steps are printed once each, sorted.
# Everything else goes to the compiler.  The exit status is the compiler's
# (with --module, slabcheck's: 0 clean, 1 findings).
# SLABCHECK_GCC names the GCC the plugin was built for (default: gcc).
set -u
. "$(dirname "$0")/neutral-options.sh"
plugin="$SLABCHECK_BUILD_DIR/gcc-plugin/slabcheck_gcc.so"
sort_arguments -fplugin-arg-slabcheck_gcc- "$@"
# Every test also checks the model's invariants.
cflags=(-fplugin-arg-slabcheck_gcc-verify -std=gnu11 -O2 -Wall -nostdinc
	-isystem "$SLABCHECK_INCLUDE_DIR")
if [ -n "$module" ]; then
	# The plugin's options pass through slabcheck untouched.
	CC="${SLABCHECK_GCC:-gcc}" SLABCHECK_GCC_PLUGIN="$plugin" \
		"$SLABCHECK_BUILD_DIR/tools/slabcheck" "${files[@]}" -- \
		"${cflags[@]}" "${options[@]}" "${flags[@]}" 2>&1
	status=$?
	[ "$status" -le 1 ] && exit 0
	exit "$status"
fi
exec "${SLABCHECK_GCC:-gcc}" -fplugin="$plugin" "${cflags[@]}" -c -o /dev/null \
	"${options[@]}" "${flags[@]}" "${files[@]}" 2>&1
