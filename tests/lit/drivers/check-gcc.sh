#!/usr/bin/env bash
# %check for the GCC plugin: compiles one test file with the plugin loaded and
# prints what GCC prints.  Front-end-neutral options are translated here so
# that the same RUN line serves every front-end:
#   --disable=RULE[,RULE]  --strict-size  --werror  --exempt=PATH[,PATH]
#   --dump-model  --debug  --path=short|full|none (none unless asked)
#   --module       every .c file given is a unit of one module: each is
#                  compiled, then the module is linked, as
#                  `slabcheck A.c B.c -- CFLAGS` does; findings of both
#                  steps are printed once each, sorted.
# Everything else goes to the compiler.  The exit status is the compiler's
# (with --module, slabcheck's: 0 clean, 1 findings).
# SLABCHECK_GCC names the GCC the plugin was built for (default: gcc).
set -u
# lit names the plugin (a cross GCC's is gcc-plugin/MACHINE/); the scripts
# that run this driver alone (check-parity.sh) take the build's own.
plugin="${SLABCHECK_LIT_GCC_PLUGIN:-$SLABCHECK_BUILD_DIR/gcc-plugin/slabcheck_gcc.so}"
# shellcheck source=options.sh
. "$(dirname "$0")/options.sh"
# The cross GCCs have their own spelling of a 32-bit target.
case "$("${SLABCHECK_GCC:-gcc}" -dumpmachine)" in
aarch64-*) target_32_bit=(-mabi=ilp32) ;;
riscv64-*) target_32_bit=(-march=rv32imac -mabi=ilp32) ;;
*) target_32_bit=(-m32) ;;
esac
map_options -fplugin-arg-slabcheck_gcc- "$@"
flags=(-fplugin-arg-slabcheck_gcc-verify -std=gnu11 -O2 -Wall -nostdinc
	-isystem "$SLABCHECK_INCLUDE_DIR")
if [ -n "$module" ]; then
	# The plugin's options pass through slabcheck untouched; slabcheck
	# finds the plugin of that GCC itself (a cross GCC has its own).
	CC="${SLABCHECK_GCC:-gcc}" \
		"$SLABCHECK_BUILD_DIR/tools/slabcheck" --path="$path" \
		"${files[@]}" -- \
		"${flags[@]}" "${args[@]}" 2>&1
	status=$?
	[ "$status" -le 1 ] && exit 0
	exit "$status"
fi
# Every test also checks the model's invariants.
exec "${SLABCHECK_GCC:-gcc}" -fplugin="$plugin" -fplugin-arg-slabcheck_gcc-verify -std=gnu11 -O2 -Wall -nostdinc \
	-isystem "$SLABCHECK_INCLUDE_DIR" -c -o /dev/null "${args[@]}" "${files[@]}" 2>&1
