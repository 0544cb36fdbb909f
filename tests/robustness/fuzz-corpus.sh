#!/usr/bin/env bash
# fuzz-corpus.sh [--front-end=gcc|clang|sparse|clang-tool] FRONT_END [COUNT] [OUT_DIR]
#
# Our test corpus, broken on purpose: each lit test is mutated COUNT times
# (default 20; a seeded generator, so a run repeats) by flipping random
# bytes, cutting lines, duplicating or deleting ranges of lines.  Every
# mutant is compiled or checked without the front-end, then with it.  What
# must hold: whatever the compiler does with the mutant (accepts it, or
# rejects it with errors), the front-end does not crash: no internal
# compiler error, no signal, no slabcheck internal error, and the same exit
# status as without it (never with werror here).  A per-run time limit
# (TIME_LIMIT, default 60 s) catches hangs.
#
# FRONT_END is the front-end's file, compared with what runs without it:
#   gcc (default)  the GCC plugin, against GCC alone;
#   clang          the Clang plugin, against Clang alone (SLABCHECK_CLANG_CC);
#   sparse         slabcheck-sparse, against stock sparse (SPARSE), with
#                  kbuild's CHECKFLAGS;
#   clang-tool     slabcheck-clang FILE -- FLAGS, against clang
#                  -fsyntax-only: only accepted or rejected must agree (the
#                  tool's exit status says 2 for a file with errors).
#
# Prints a summary and writes every failing mutant with its log to OUT_DIR
# (default /var/tmp/slabcheck-robustness/fuzz-FRONT_END).  Not in CI:
# docs/reliability.md records the runs.
set -u
front_ends="gcc clang sparse clang-tool"
. "$(dirname "$0")/front-end-option.sh"
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
	echo "usage: $0 [--front-end=gcc|clang|sparse|clang-tool] FRONT_END [COUNT] [OUT_DIR]" >&2
	exit 2
fi
checker=$(readlink -f "$1")
count=${2:-20}
out=${3:-/var/tmp/slabcheck-robustness/fuzz-$front_end}
here=$(cd "$(dirname "$0")/../.." && pwd)
gcc=${SLABCHECK_GCC:-gcc}
clang=${SLABCHECK_CLANG_CC:-clang}
sparse=${SPARSE:-sparse}
limit=${TIME_LIMIT:-60}
cflags=(-std=gnu11 -O2 -Wall -nostdinc -isystem "$here/tests/include" -DMODULE)
# kbuild's CHECKFLAGS for x86_64, as tests/lit/drivers/check-sparse.sh.
sparse_flags=(-D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -Wbitwise
	-Wno-return-void -Wno-unknown-attribute --arch=x86_64 -mlittle-endian
	-m64 -D__x86_64__ "${cflags[@]}")

# Each command runs as BEFORE... MUTANT AFTER...: slabcheck-clang takes the
# compiler's flags after the file.
plain_after=()
with_after=()
case $front_end in
gcc)
	plain_before=("$gcc" "${cflags[@]}" -c -o /dev/null)
	with_before=("$gcc" -fplugin="$checker"
		-fplugin-arg-slabcheck_gcc-verify "${cflags[@]}" -c -o /dev/null)
	;;
clang)
	plain_before=("$clang" "${cflags[@]}" -c -o /dev/null)
	with_before=("$clang" -fplugin="$checker"
		-fplugin-arg-slabcheck_clang-verify "${cflags[@]}" -c -o /dev/null)
	;;
sparse)
	plain_before=("$sparse" "${sparse_flags[@]}")
	with_before=("$checker" --slabcheck-verify "${sparse_flags[@]}")
	;;
clang-tool)
	plain_before=("$clang" "${cflags[@]}" -fsyntax-only)
	with_before=("$checker" --verify)
	with_after=(-- "${cflags[@]}")
	;;
esac
rm -rf "$out"
mkdir -p "$out/mutants"

mutants=0
rejected=0
crashed_alone=0
failures=0
mapfile -t corpus < <(cd "$here" && find tests/lit examples -name '*.c' \
	-not -path '*/Output/*' | sort)
python3 - "$here" "$out/mutants" "$count" "${corpus[@]}" <<'PY'
import os, random, sys
root, out, count, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
rng = random.Random(20261204)
for path in files:
    data = open(os.path.join(root, path), 'rb').read()
    base = path.replace('/', '_')[:-2]
    for n in range(count):
        lines = data.split(b'\n')
        kind = n % 4
        if kind == 0:  # flip bytes
            text = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(text))
                text[i] = rng.randrange(256)
            text = bytes(text)
        elif kind == 1:  # cut lines
            for _ in range(rng.randint(1, 5)):
                if lines:
                    del lines[rng.randrange(len(lines))]
            text = b'\n'.join(lines)
        elif kind == 2:  # duplicate a range
            i = rng.randrange(len(lines))
            j = min(len(lines), i + rng.randint(1, 15))
            lines[j:j] = lines[i:j]
            text = b'\n'.join(lines)
        else:  # truncate
            text = data[:rng.randrange(len(data))]
        open(os.path.join(out, f'{base}.{n}.c'), 'wb').write(text)
PY
# Each run under timeout: a signal shows as timeout's exit status 128+N
# (124 for the time limit), since the shell sees no child die.
for mutant in "$out"/mutants/*.c; do
	mutants=$((mutants + 1))
	timeout "$limit" "${plain_before[@]}" "$mutant" "${plain_after[@]}" \
		>"$out/plain.log" 2>&1
	plain=$?
	timeout "$limit" "${with_before[@]}" "$mutant" "${with_after[@]}" \
		>"$out/with.log" 2>&1
	status=$?
	[ "$plain" -eq 0 ] || rejected=$((rejected + 1))
	[ "$plain" -le 124 ] || crashed_alone=$((crashed_alone + 1))
	why=
	if grep -q -E 'internal compiler error|slabcheck: internal error|Segmentation fault|Aborted|PLEASE submit a bug report|Stack dump' \
		"$out/with.log"; then
		why="crash"
	elif [ "$status" -eq 124 ]; then
		why="time limit"
	elif [ "$status" -gt 124 ] && [ "$status" -ne "$plain" ]; then
		# The same signal without the front-end is the compiler's
		# own crash (stock sparse has some), not ours.
		why="exit status $status (a signal)"
	elif [ "$front_end" = clang-tool ]; then
		[ "$((status == 0))" -eq "$((plain == 0))" ] ||
			why="exit status $status, $plain without the front-end"
	elif [ "$status" -ne "$plain" ]; then
		why="exit status $status, $plain without the front-end"
	fi
	if [ -n "$why" ]; then
		failures=$((failures + 1))
		cp "$mutant" "$out/"
		cp "$out/with.log" "$out/$(basename "$mutant" .c).log"
		echo "FAIL $(basename "$mutant"): $why"
	fi
done
echo "fuzz-corpus: $front_end, $mutants mutants of ${#corpus[@]} files, $rejected rejected without the front-end ($crashed_alone of them by a crash of its own)"
echo "$((mutants - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
