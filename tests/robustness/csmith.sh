#!/usr/bin/env bash
# csmith.sh [--front-end=gcc|clang] PLUGIN_SO [COUNT] [OUT_DIR]
#
# COUNT (default 1000) random C programs from Debian's csmith (seeds 1 to
# COUNT, so a run repeats), each compiled at -O0 and at -O2, without and
# with the plugin (GCC's, or with --front-end=clang the Clang plugin and
# SLABCHECK_CLANG_CC): the object files must be byte-identical and the
# plugin must never crash the compiler.  csmith's programs use no slab API:
# this checks that the plugin reads any C that the compiler takes without
# changing what it makes of it.  JOBS (default 2) programs at a time;
# TIME_LIMIT per compile (default 120 s).
#
# Prints a summary and keeps every failing program, with logs, in OUT_DIR
# (default /var/tmp/slabcheck-robustness/csmith-FRONT_END).  Not in CI:
# docs/reliability.md records the runs.
set -u
front_end=gcc
case ${1:-} in
--front-end=*)
	front_end=${1#--front-end=}
	shift
	;;
esac
case $front_end in
gcc) compiler=${SLABCHECK_GCC:-gcc} ;;
clang) compiler=${SLABCHECK_CLANG_CC:-clang} ;;
*)
	echo "$0: unknown front-end '$front_end'" >&2
	exit 2
	;;
esac
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
	echo "usage: $0 [--front-end=gcc|clang] PLUGIN_SO [COUNT] [OUT_DIR]" >&2
	exit 2
fi
plugin=$(readlink -f "$1")
count=${2:-1000}
out=${3:-/var/tmp/slabcheck-robustness/csmith-$front_end}
# -fplugin-arg-NAME-: the plugin's name is its file's.
plugin_name=$(basename "$plugin" .so)
jobs=${JOBS:-2}
limit=${TIME_LIMIT:-120}
command -v csmith >/dev/null || {
	echo "csmith.sh: csmith missing (apt-get install csmith libcsmith-dev)" >&2
	exit 2
}
rm -rf "$out"
mkdir -p "$out/work"

# one SEED: prints "ok", or "FAIL seed: why"
one() {
	local seed=$1 dir=$out/work/$1 level why=
	mkdir -p "$dir"
	# csmith writes a platform.info into the current directory.
	(cd "$dir" && csmith --seed "$seed" >p.c 2>/dev/null) || {
		echo "skip $seed: csmith failed"
		rm -rf "$dir"
		return
	}
	for level in -O0 -O2; do
		timeout "$limit" "$compiler" "$level" -w -I/usr/include/csmith \
			-c -o "$dir/plain$level.o" "$dir/p.c" >"$dir/plain.log" 2>&1 ||
			{ why="the compiler alone failed at $level (not ours)"; break; }
		timeout "$limit" "$compiler" "$level" -w -I/usr/include/csmith \
			-fplugin="$plugin" -fplugin-arg-"$plugin_name"-verify -c \
			-o "$dir/with$level.o" "$dir/p.c" >"$dir/with.log" 2>&1 ||
			{ why="failed with the plugin at $level"; break; }
		cmp -s "$dir/plain$level.o" "$dir/with$level.o" ||
			{ why="objects differ at $level"; break; }
		[ ! -s "$dir/with.log" ] ||
			{ why="the plugin printed something at $level"; break; }
	done
	if [ -z "$why" ]; then
		echo "ok $seed"
		rm -rf "$dir"
	else
		mv "$dir" "$out/$seed"
		echo "FAIL $seed: $why"
	fi
}
export -f one
export out plugin plugin_name compiler limit
seq 1 "$count" | xargs -P "$jobs" -I{} bash -c 'one {}' >"$out/results.txt"
grep '^FAIL' "$out/results.txt"
passed=$(grep -c '^ok' "$out/results.txt")
failed=$(grep -c '^FAIL' "$out/results.txt")
skipped=$(grep -c '^skip' "$out/results.txt")
echo "csmith: $front_end, $count programs, -O0 and -O2, without and with the plugin; $skipped skipped"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
