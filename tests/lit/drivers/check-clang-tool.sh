#!/usr/bin/env bash
# %check for slabcheck-clang, the libTooling door: checks one test file
# without a compilation database (FILE.c -- CFLAGS), as clang-tidy does.
# The front-end-neutral options (options.sh) are the tool's own --KEY
# options; with --module, every .c file given is a unit of one module,
# checked and linked by `slabcheck --clang-tool A.c B.c -- CFLAGS`.
# Everything else is a compiler flag.  The exit status is a compiler's:
# 0, also with findings (warnings), but 1 for findings with --werror; 2
# and more for trouble (the tool's own status says findings with 1 and
# trouble with 2; with --module, slabcheck's does the same).
set -u
tool="$SLABCHECK_BUILD_DIR/clang-check/slabcheck-clang"
# shellcheck source=options.sh
. "$(dirname "$0")/options.sh"
map_options --slabcheck- "$@"
options=()
flags=()
for arg in "${args[@]}"; do
	case "$arg" in
	--slabcheck-*) options+=("--${arg#--slabcheck-}") ;;
	*) flags+=("$arg") ;;
	esac
done
cflags=(-std=gnu11 -O2 -Wall -nostdinc -isystem "$SLABCHECK_INCLUDE_DIR")
if [ -n "$module" ]; then
	SLABCHECK_CLANG_TOOL="$tool" \
		"$SLABCHECK_BUILD_DIR/tools/slabcheck" --clang-tool \
		"${options[@]}" "${files[@]}" -- "${cflags[@]}" "${flags[@]}" 2>&1
	status=$?
	[ "$status" -le 1 ] && exit 0
	exit "$status"
fi
"$tool" --verify "${options[@]}" "${files[@]}" -- "${cflags[@]}" \
	"${flags[@]}" 2>&1
status=$?
case " ${options[*]} " in
*" --werror "*) exit "$status" ;;
esac
[ "$status" -eq 1 ] && exit 0
exit "$status"
