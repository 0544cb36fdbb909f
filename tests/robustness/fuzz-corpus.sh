#!/usr/bin/env bash
# fuzz-corpus.sh PLUGIN_SO [COUNT] [OUT_DIR]
#
# Our test corpus, broken on purpose: each lit test is mutated COUNT times
# (default 20; a seeded generator, so a run repeats) by flipping random
# bytes, cutting lines, duplicating or deleting ranges of lines.  Every
# mutant is compiled by GCC without the plugin, then with it.  What must
# hold: whatever GCC does with the mutant (accepts it, or rejects it with
# errors), the plugin does not crash the compiler: no internal compiler
# error, no signal, no slabcheck internal error, and the same exit status
# as without the plugin (or 1 where only our findings differ, never with
# werror here).  A per-compile time limit catches hangs.
#
# Prints a summary and writes every failing mutant with its log to OUT_DIR
# (default /var/tmp/slabcheck-robustness/fuzz).  Not in CI: docs/reliability.md
# records the runs.
set -u
plugin=$(readlink -f "$1")
count=${2:-20}
out=${3:-/var/tmp/slabcheck-robustness/fuzz}
here=$(cd "$(dirname "$0")/../.." && pwd)
gcc=${SLABCHECK_GCC:-gcc}
limit=${TIME_LIMIT:-60}
rm -rf "$out"
mkdir -p "$out/mutants"
flags=(-std=gnu11 -O2 -Wall -nostdinc -isystem "$here/tests/include" -DMODULE
	-c -o /dev/null)

mutants=0
rejected=0
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
for mutant in "$out"/mutants/*.c; do
	mutants=$((mutants + 1))
	timeout "$limit" "$gcc" "${flags[@]}" "$mutant" >"$out/plain.log" 2>&1
	plain=$?
	timeout "$limit" "$gcc" -fplugin="$plugin" \
		-fplugin-arg-slabcheck_gcc-verify "${flags[@]}" "$mutant" \
		>"$out/plugin.log" 2>&1
	with=$?
	[ "$plain" -eq 0 ] || rejected=$((rejected + 1))
	why=
	if grep -q -E 'internal compiler error|slabcheck: internal error|Segmentation fault|Aborted' \
		"$out/plugin.log"; then
		why="crash"
	elif [ "$with" -eq 124 ]; then
		why="time limit"
	elif [ "$with" -ne "$plain" ]; then
		why="exit status $with, $plain without the plugin"
	fi
	if [ -n "$why" ]; then
		failures=$((failures + 1))
		cp "$mutant" "$out/"
		cp "$out/plugin.log" "$out/$(basename "$mutant" .c).log"
		echo "FAIL $(basename "$mutant"): $why"
	fi
done
echo "fuzz-corpus: $mutants mutants of ${#corpus[@]} files, $rejected rejected by GCC itself"
echo "$((mutants - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
