#!/usr/bin/env bash
# %convert [--patch|--sarif] [--no-verify] [--headers DIR] [--with OTHER.c]...
#     FILE.c [CFLAGS...]
# What `slabcheck convert` decides for each cache pointer of one test file,
# through slabcheck-clang --convert, with the stand-in kernel headers: the
# table (its stderr), or with --patch the diff (its stdout), with --sarif
# the SARIF log; the converted code is checked, as convert does by default,
# unless --no-verify (--convert-no-verify; --verify: the default);
# --headers DIR reads the kernel headers from DIR in place of the stand-in
# ones (a tree without the series); --with adds OTHER.c, named from
# FILE.c's directory, to the run (a global's users).  The files are read
# from FILE.c's directory, so that the diff names them by their base
# names.  The exit status is the tool's.
set -u
mode=table
format=()
headers=$SLABCHECK_INCLUDE_DIR
others=()
while true; do
	case ${1:-} in
	--patch) mode=patch ;;
	--sarif) mode=patch format+=(--format=sarif) ;;
	--verify) ;;
	--no-verify) format+=(--convert-no-verify) ;;
	--headers)
		headers=$(cd "$2" && pwd) || exit 2
		shift
		;;
	--with)
		others+=("$2")
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
	"${format[@]}" "$(basename "$file")" "${others[@]}" -- -std=gnu11 -O2 -Wall -nostdinc
	-isystem "$headers" "$@")
if [ "$mode" = patch ]; then
	exec "${command[@]}" 2>/dev/null
fi
exec "${command[@]}" 2>&1 >/dev/null
