#!/usr/bin/env bash
# csmith.sh [--front-end=gcc|clang|sparse|clang-tool] FRONT_END [COUNT] [OUT_DIR]
#
# COUNT (default 1000) random C programs from Debian's csmith (seeds 1 to
# COUNT, so a run repeats), each at -O0 and at -O2, without and with the
# front-end.  csmith's programs use no slab API: this checks that the
# front-end reads any C that the compiler takes, without crashing and
# without changing what the compiler makes of it.  FRONT_END is the
# front-end's file:
#   gcc (default)  the GCC plugin: objects byte-identical with GCC alone,
#                  nothing printed;
#   clang          the Clang plugin (with SLABCHECK_CLANG_CC): the same;
#   sparse         slabcheck-sparse: exits and prints exactly what stock
#                  sparse (SPARSE) prints on the program;
#   clang-tool     slabcheck-clang FILE -- FLAGS: exits 0 and prints
#                  nothing where clang -fsyntax-only accepts the program.
# JOBS (default 2) programs at a time; TIME_LIMIT per run (default 120 s).
#
# Prints a summary and keeps every failing program, with logs, in OUT_DIR
# (default /var/tmp/slabcheck-robustness/csmith-FRONT_END).  Not in CI:
# docs/reliability.md records the runs.
set -u
front_ends="gcc clang sparse clang-tool"
. "$(dirname "$0")/front-end-option.sh"
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
	echo "usage: $0 [--front-end=gcc|clang|sparse|clang-tool] FRONT_END [COUNT] [OUT_DIR]" >&2
	exit 2
fi
checker=$(readlink -f "$1")
count=${2:-1000}
out=${3:-/var/tmp/slabcheck-robustness/csmith-$front_end}
case $front_end in
gcc) compiler=${SLABCHECK_GCC:-gcc} ;;
sparse) compiler=${SPARSE:-sparse} ;;
clang | clang-tool) compiler=${SLABCHECK_CLANG_CC:-clang} ;;
esac
# -fplugin-arg-NAME-: a plugin's name is its file's.
plugin_name=$(basename "$checker" .so)
jobs=${JOBS:-2}
limit=${TIME_LIMIT:-120}
command -v csmith >/dev/null || {
	echo "csmith.sh: csmith missing (apt-get install csmith libcsmith-dev)" >&2
	exit 2
}
rm -rf "$out"
mkdir -p "$out/work"

# LEVEL DIR: the program compiled or checked without the front-end, then
# with it; prints why the two disagree, or nothing.  Under timeout, a
# signal shows as an exit status above 124.
compare() {
	local level=$1 dir=$2 flags=("$1" -w -I/usr/include/csmith)
	local plain with
	case $front_end in
	gcc | clang)
		timeout "$limit" "$compiler" "${flags[@]}" -c \
			-o "$dir/plain$level.o" "$dir/p.c" >"$dir/plain.log" 2>&1 ||
			{ echo "the compiler alone failed at $level (not ours)"; return; }
		timeout "$limit" "$compiler" "${flags[@]}" -fplugin="$checker" \
			-fplugin-arg-"$plugin_name"-verify -c \
			-o "$dir/with$level.o" "$dir/p.c" >"$dir/with.log" 2>&1 ||
			{ echo "failed with the plugin at $level"; return; }
		cmp -s "$dir/plain$level.o" "$dir/with$level.o" ||
			{ echo "objects differ at $level"; return; }
		;;
	sparse)
		timeout "$limit" "$compiler" "${flags[@]}" "$dir/p.c" \
			>"$dir/plain.log" 2>&1
		plain=$?
		[ "$plain" -le 124 ] ||
			{ echo "stock sparse died at $level (not ours)"; return; }
		timeout "$limit" "$checker" --slabcheck-verify "${flags[@]}" \
			"$dir/p.c" >"$dir/with.log" 2>&1
		with=$?
		[ "$with" -eq "$plain" ] ||
			{ echo "exit status $with, $plain for stock sparse at $level"; return; }
		# What stock sparse prints is expected here: nothing more.
		cmp -s "$dir/plain.log" "$dir/with.log" ||
			echo "printed other than stock sparse at $level"
		return
		;;
	clang-tool)
		timeout "$limit" "$compiler" "${flags[@]}" -fsyntax-only \
			"$dir/p.c" >"$dir/plain.log" 2>&1 ||
			{ echo "the compiler alone failed at $level (not ours)"; return; }
		timeout "$limit" "$checker" --verify "$dir/p.c" -- "${flags[@]}" \
			>"$dir/with.log" 2>&1 ||
			{ echo "exit status $? at $level"; return; }
		;;
	esac
	[ ! -s "$dir/with.log" ] || echo "the front-end printed something at $level"
}

# one SEED: prints "ok", "skip seed: why" or "FAIL seed: why"
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
		why=$(compare "$level" "$dir")
		[ -z "$why" ] || break
	done
	case $why in
	"")
		echo "ok $seed"
		rm -rf "$dir"
		;;
	*"(not ours)")
		mv "$dir" "$out/$seed"
		echo "skip $seed: $why"
		;;
	*)
		mv "$dir" "$out/$seed"
		echo "FAIL $seed: $why"
		;;
	esac
}
export -f one compare
export out checker plugin_name compiler limit front_end
seq 1 "$count" | xargs -P "$jobs" -I{} bash -c 'one {}' >"$out/results.txt"
grep '^FAIL' "$out/results.txt"
passed=$(grep -c '^ok' "$out/results.txt")
failed=$(grep -c '^FAIL' "$out/results.txt")
skipped=$(grep -c '^skip' "$out/results.txt")
echo "csmith: $front_end, $count programs, -O0 and -O2, without and with the front-end; $skipped skipped (csmith or the compiler alone failed)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
