#!/usr/bin/env bash
# %convert [--patch|--sarif] [--verify] [--headers DIR] FILE.c [CFLAGS...]: what
# `slabcheck convert` decides for each cache pointer of one test file,
# through slabcheck-clang --convert, with the stand-in kernel headers: the
# table (its stderr), or with --patch the diff (its stdout), with --sarif
# the SARIF log; --verify checks the converted code (--convert-verify);
# --headers DIR reads the kernel headers from DIR in place of the stand-in
# ones (a tree without the series).  The file is read from its own
# directory, so that the diff names it by its base name.  The exit status
# is the tool's.
set -u
mode=table
format=()
headers=$SLABCHECK_INCLUDE_DIR
while true; do
	case ${1:-} in
	--patch) mode=patch ;;
	--sarif) mode=patch format+=(--format=sarif) ;;
	--verify) format+=(--convert-verify) ;;
	--headers)
		headers=$(cd "$2" && pwd) || exit 2
		shift
		;;
	*) break ;;
	esac
	shift
done
file=$1
shift
cd "$(dirname "$file")" || exit 2
command=("$SLABCHECK_BUILD_DIR/clang-check/slabcheck-clang" --convert
	"${format[@]}" "$(basename "$file")" -- -std=gnu11 -O2 -Wall -nostdinc
	-isystem "$headers" "$@")
if [ "$mode" = patch ]; then
	exec "${command[@]}" 2>/dev/null
fi
exec "${command[@]}" 2>&1 >/dev/null
