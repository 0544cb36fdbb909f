#!/usr/bin/env bash
# %check for the GCC plugin: compiles one test file with the plugin loaded and
# prints what GCC prints.  Front-end-neutral options are translated here so
# that the same RUN line serves every front-end:
#   --disable=RULE[,RULE]  --strict-size  --werror  --exempt=PATH[,PATH]
#   --dump-model  --debug
# Everything else goes to the compiler.  The exit status is the compiler's.
# SLABCHECK_GCC names the GCC the plugin was built for (default: gcc).
set -u
plugin="$SLABCHECK_BUILD_DIR/gcc-plugin/slabcheck_gcc.so"
args=()
for arg in "$@"; do
	case "$arg" in
	--disable=*|--exempt=*)
		args+=("-fplugin-arg-slabcheck_gcc-${arg#--}") ;;
	--strict-size|--werror|--dump-model|--debug)
		args+=("-fplugin-arg-slabcheck_gcc-${arg#--}") ;;
	*)
		args+=("$arg") ;;
	esac
done
# Every test also checks the model's invariants.
exec "${SLABCHECK_GCC:-gcc}" -fplugin="$plugin" -fplugin-arg-slabcheck_gcc-verify -std=gnu11 -O2 -Wall -nostdinc \
	-isystem "$SLABCHECK_INCLUDE_DIR" -c -o /dev/null "${args[@]}" 2>&1
