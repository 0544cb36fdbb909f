#!/bin/bash
# clang-overhead.sh PLUGIN_SO TOOL [WORKDIR]
#
# What the Clang front-ends cost, on kernel objects of the port that
# tests/kernel/prepare-tree.sh keeps, prepared for Clang (LLVM=1), in
# WORKDIR (default /var/tmp/slabcheck-kernel-clang): every object the port
# converts, the ufs module's super.o, and two big unrelated ones.  For each
# object, in one run:
#
#   compile   kbuild's clang command, as is
#   plugin    the same with -fplugin=PLUGIN_SO (slabcheck_clang.so)
#   syntax    the same command with -fsyntax-only instead of -c -o
#   quiet     the same with -w too, as the tool runs it: Clang's warnings
#             (-Wall's flow analyses build a CFG per function) are a good
#             part of -fsyntax-only, so this is the tool's own baseline
#   tool      TOOL (slabcheck-clang) -p on a compile_commands.json that
#             holds the same command
#
# Each variant runs under valgrind --tool=cachegrind --cache-sim=no
# --trace-children=yes, and the instructions of all its processes are
# added up (I refs): the counts do not depend on the machine's load, and
# repeat from run to run (fixed command lines and paths).  Each variant also
# runs once under /usr/bin/time -f %M for its peak RSS.  Targets (issue
# 10): plugin at most +3% instructions over compile, tool at most 1.1x
# syntax (reported over quiet too), peak memory at most +5% for each.
#
# Each object is first built once by kbuild (without the plugin) so that
# its .o.cmd holds the exact command.  The report is a markdown table on
# stdout; progress on stderr, raw numbers in WORKDIR/.bench-clang/raw.tsv.
# The run holds the locks of prepare-tree.sh and build-converted.sh.
#
# Environment: OBJECTS (space-separated list replacing the default one),
# JOBS (parallel objects, default 2), VARIANTS=plugin (only compile and
# plugin: the plugin's figure in two fifths of the time), plus those of
# prepare-tree.sh; LLVM=1 is set here.

set -eu
set -o pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ] || [ ! -f "$1" ] || [ ! -x "$2" ]; then
	echo "usage: $0 PLUGIN_SO TOOL [WORKDIR]" >&2
	exit 2
fi
plugin_src=$(readlink -f "$1")
tool_src=$(readlink -f "$2")
here=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}
workdir=${3:-/var/tmp/slabcheck-kernel-clang}
export LLVM=1

# shellcheck disable=SC2206	# a list of words on purpose
objects=(${OBJECTS:-
	mm/slab_common.o mm/slub.o fs/namespace.o fs/dcache.o fs/inode.o
	fs/file_table.o fs/buffer.o kernel/fork.o fs/exec.o fs/file.o
	fs/fs_struct.o fs/ufs/super.o kernel/sched/core.o fs/ext4/inode.o})

progress() {
	echo "clang-overhead: $*" >&2
}

for program in valgrind /usr/bin/time; do
	command -v "$program" >/dev/null ||
		{ echo "clang-overhead: $program missing" >&2; exit 1; }
done

# shellcheck source=lib.sh
. "$here/lib.sh"
lock_tree

bench=$(dirname "$tree")/.bench-clang
rm -rf "$bench"
mkdir -p "$bench/out" "$bench/cg" "$bench/db"
plugin=$bench/slabcheck_clang.so
tool=$bench/slabcheck-clang
cp "$plugin_src" "$plugin"
cp "$tool_src" "$tool"

progress "kbuild: ${#objects[@]} objects (records their commands)"
make -j"$jobs" "${objects[@]}" >"$bench/kbuild.log" 2>&1 || {
	cat "$bench/kbuild.log" >&2
	exit 1
}


# The tool's database: the same commands, one entry per object.
python3 - "$bench/db/compile_commands.json" "$PWD" "${objects[@]}" <<'EOF'
import json, re, shlex, sys
out, tree, objs = sys.argv[1], sys.argv[2], sys.argv[3:]
entries = []
for obj in objs:
    d, b = obj.rsplit('/', 1)
    line = open(f'{tree}/{d}/.{b}.cmd').read()
    cmd = re.search(r'^savedcmd_\S+ := (.*)$', line, re.M).group(1)
    cmd = cmd.replace('$$', '$')
    args = shlex.split(cmd)
    entries.append({'directory': tree, 'file': args[-1], 'arguments': args})
json.dump(entries, open(out, 'w'), indent=1)
EOF

# variant INDEX NAME: the command of one variant, as words in the array run.
variant() {
	local i=$1 name=$2 w rest=()
	cmd=()
	command_of "$i" clang
	case $name in
	compile) run=("${cmd[@]}") ;;
	plugin) run=("${cmd[@]}" "-fplugin=$plugin") ;;
	syntax | quiet)
		for w in "${cmd[@]}"; do
			case $w in
			-c) ;;
			*) rest+=("$w") ;;
			esac
		done
		# "-o FILE" goes with -c: drop the pair.
		run=()
		for ((w = 0; w < ${#rest[@]}; w++)); do
			if [ "${rest[$w]}" = -o ]; then
				w=$((w + 1))
				continue
			fi
			run+=("${rest[$w]}")
		done
		run+=(-fsyntax-only)
		[ "$name" = syntax ] || run+=(-w)
		;;
	tool) run=("$tool" -p "$bench/db" "${cmd[-1]}") ;;
	esac
}

variants=(compile plugin syntax quiet tool)
case ${VARIANTS:-all} in
all) ;;
plugin) variants=(compile plugin) ;;
*) echo "clang-overhead: VARIANTS is all or plugin" >&2; exit 2 ;;
esac

# measure INDEX NAME: I refs under cachegrind, then peak RSS.
measure() {
	local i=$1 name=$2 run=() sum rss
	variant "$i" "$name"
	sum=$(cachegrind_all "$bench/cg/$i.$name" "${run[@]}") || {
		echo "clang-overhead: ${objects[$i]} ($name) failed" >&2
		return 1
	}
	/usr/bin/time -f '%M' -o "$bench/cg/$i.$name.rss" "${run[@]}" \
		>/dev/null 2>&1
	rss=$(tail -n1 "$bench/cg/$i.$name.rss")
	printf '%s\t%s\t%s\t%s\n' "${objects[$i]}" "$name" "$sum" "$rss" \
		>"$bench/cg/$i.$name.result"
}

one_object() {
	local name
	for name in "${variants[@]}"; do
		measure "$1" "$name" || return 1
	done
}

progress "cachegrind: ${#objects[@]} objects x ${#variants[@]} variants," \
	"$jobs at a time"
each_object one_object || exit 1

raw=$bench/raw.tsv
printf 'object\tvariant\tir\tmaxrss_kib\n' >"$raw"
for i in "${!objects[@]}"; do
	for name in "${variants[@]}"; do
		cat "$bench/cg/$i.$name.result"
	done
done >>"$raw"
python3 - "$raw" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
objs, ir, rss = [], {}, {}
for r in rows:
    if r['object'] not in objs:
        objs.append(r['object'])
    ir[(r['object'], r['variant'])] = int(r['ir'])
    rss[(r['object'], r['variant'])] = int(r['maxrss_kib'])
if (objs[0], 'tool') not in ir:
    print('| object | compile | plugin | plugin/compile | RSS plugin/compile |')
    print('| --- | ---: | ---: | ---: | ---: |')
    c = p = 0
    worst = (0, None)
    for o in objs:
        oc, op = ir[(o, 'compile')], ir[(o, 'plugin')]
        c, p = c + oc, p + op
        rp = rss[(o, 'plugin')] / rss[(o, 'compile')]
        worst = max(worst, (rp, o))
        print(f'| {o} | {oc:,} | {op:,} | {op / oc:.4f} | {rp:.4f} |')
    print(f'| **all {len(objs)}** | **{c:,}** | **{p:,}** | **{p / c:.4f}** '
          f'| **{worst[0]:.4f}** (worst) |')
    print()
    print(f'Instructions: the plugin adds {100 * (p / c - 1):+.2f}% to the '
          f'Clang compile.  Peak memory, worst object: plugin '
          f'{100 * (worst[0] - 1):+.2f}% ({worst[1]}).')
    sys.exit(0)
print('| object | compile | plugin | plugin/compile | -fsyntax-only '
      '| tool | tool/syntax | tool/(syntax -w) | RSS plugin/compile '
      '| RSS tool/syntax |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
tot = {v: 0 for v in ('compile', 'plugin', 'syntax', 'quiet', 'tool')}
worst = {'plugin': (0, None), 'tool': (0, None)}
for o in objs:
    c, p, s, t = (ir[(o, v)] for v in ('compile', 'plugin', 'syntax', 'tool'))
    for v in tot:
        tot[v] += ir[(o, v)]
    rp = rss[(o, 'plugin')] / rss[(o, 'compile')]
    rt = rss[(o, 'tool')] / rss[(o, 'syntax')]
    worst['plugin'] = max(worst['plugin'], (rp, o))
    worst['tool'] = max(worst['tool'], (rt, o))
    q = ir[(o, 'quiet')]
    print(f'| {o} | {c:,} | {p:,} | {p / c:.4f} | {s:,} | {t:,} '
          f'| {t / s:.4f} | {t / q:.4f} | {rp:.4f} | {rt:.4f} |')
c, p, s, t = (tot[v] for v in ('compile', 'plugin', 'syntax', 'tool'))
q = tot['quiet']
print(f'| **all {len(objs)}** | **{c:,}** | **{p:,}** | **{p / c:.4f}** '
      f'| **{s:,}** | **{t:,}** | **{t / s:.4f}** | **{t / q:.4f}** '
      f'| **{worst["plugin"][0]:.4f}** (worst) '
      f'| **{worst["tool"][0]:.4f}** (worst) |')
print()
print(f'Instructions: the plugin adds {100 * (p / c - 1):+.2f}% to the Clang '
      f'compile (target at most +3%); the tool costs {t / s:.3f}x '
      f'clang -fsyntax-only (target at most 1.1x), {t / q:.3f}x '
      f'clang -fsyntax-only -w.  Peak memory, worst '
      f'object: plugin {100 * (worst["plugin"][0] - 1):+.2f}% '
      f'({worst["plugin"][1]}), tool {100 * (worst["tool"][0] - 1):+.2f}% '
      f'({worst["tool"][1]}); target at most +5%.')
EOF
