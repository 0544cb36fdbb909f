#!/bin/bash
# compile-overhead.sh [--rounds N] [--instructions] PLUGIN_SO [WORKDIR]
#
# What the slabcheck GCC plugin costs when it is loaded into a kernel
# build: compile time and peak memory of GCC on a fixed list of objects
# of the kernel port that tests/kernel/prepare-tree.sh keeps in WORKDIR
# (default /var/tmp/slabcheck-kernel): every object the port converts,
# the ufs module's super.o, and big unrelated ones.
#
# Each object is first built once by kbuild (without the plugin), so that
# its .o.cmd holds the exact compiler command; that command is then run
# directly, as is and with -fplugin=PLUGIN_SO appended, with the output
# going to WORKDIR/.bench/ instead of the tree.
#
# Default mode: for each object, one untimed run of each variant, then N
# rounds (default 7) of one run each, the order alternating (round 1
# without then with, round 2 with then without, ...).  Each run is timed
# (wall clock, and user+sys CPU from /usr/bin/time) and its peak RSS taken
# from /usr/bin/time -f %M (the largest process of the compile, cc1).
# Per object: median time of each variant, and the ratio with/without of
# each round (median, min, max); median peak RSS of each variant.
# Overall: per round, total time with / total time without over all
# objects (median, min, max); the largest peak RSS of each variant; the
# worst per-object RSS ratio.
#
# --instructions: instead, each object is compiled once without the
# plugin, once with it, and once with it writing the unit's facts for the
# link step (facts-dir=, docs/link.md), under valgrind --tool=cachegrind --cache-sim=no
# --trace-children=yes, and the instructions executed by all processes of
# the compile (I refs: driver, cc1, as) are added up.  The command lines
# are fixed (same output paths, same plugin path every run), so the
# counts repeat exactly from run to run.  Instruction counts do not
# depend on the machine's load: up to JOBS (default 2) objects run at
# once.  Expect about 15 minutes on 2 cores.
#
# The report is a markdown table on stdout; progress goes to stderr, and
# the raw measurements to WORKDIR/.bench/raw-*.tsv.  The run holds the
# locks of prepare-tree.sh and build-converted.sh, so that no kernel
# stage patches the tree while it is measured.
#
# Environment: OBJECTS (space-separated list replacing the default one),
# ROUNDS (default for --rounds), JOBS (make -j for the initial build, and
# parallel objects in --instructions mode; default 2), plus those of
# prepare-tree.sh.

set -eu
set -o pipefail

usage() {
	echo "usage: $0 [--rounds N] [--instructions] PLUGIN_SO [WORKDIR]" >&2
	exit 2
}

rounds=${ROUNDS:-7}
mode="time"
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) [ $# -ge 2 ] || usage; rounds=$2; shift 2 ;;
	--rounds=*) rounds=${1#*=}; shift ;;
	--instructions) mode=instructions; shift ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
	usage
fi
case $rounds in '' | *[!0-9]* | 0) usage ;; esac
[ -f "$1" ] || {
	echo "compile-overhead: $1: no such plugin" >&2
	exit 2
}

plugin_src=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}
workdir=${2:-/var/tmp/slabcheck-kernel}

# shellcheck disable=SC2206	# a list of words on purpose
objects=(${OBJECTS:-
	mm/slab_common.o mm/slub.o fs/namespace.o fs/dcache.o fs/inode.o
	fs/file_table.o fs/buffer.o kernel/fork.o fs/exec.o fs/file.o
	fs/fs_struct.o fs/ufs/super.o
	kernel/sched/core.o net/core/skbuff.o fs/ext4/inode.o mm/page_alloc.o
	kernel/signal.o net/ipv4/tcp.o})

progress() {
	echo "compile-overhead: $*" >&2
}

need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		progress "installing $2"
		apt-get install -y --no-install-recommends "$2" >&2
	else
		echo "compile-overhead: $1 missing (apt-get install $2)" >&2
		exit 1
	fi
}
if [ "$mode" = time ]; then
	need /usr/bin/time time
else
	need valgrind valgrind
fi

# shellcheck source=lib.sh
. "$here/lib.sh"
lock_tree

# Fixed paths, so that every run of a command is the same command line.
bench=$(dirname "$tree")/.bench
rm -rf "$bench/out" "$bench/cg"
mkdir -p "$bench/out" "$bench/cg"
plugin=$bench/slabcheck_gcc.so
cp "$plugin_src" "$plugin"

progress "kbuild: ${#objects[@]} objects (records their commands)"
make -j"$jobs" "${objects[@]}" >"$bench/kbuild.log" 2>&1 || {
	cat "$bench/kbuild.log" >&2
	exit 1
}


with_plugin="-fplugin=$plugin"
mkdir -p "$bench/facts"
with_facts="-fplugin-arg-slabcheck_gcc-facts-dir=$bench/facts"

# ------------------------------------------------------------ instructions
if [ "$mode" = instructions ]; then
	raw=$bench/raw-instructions.tsv
	# count INDEX VARIANT: I refs of one compile under cachegrind.
	count() {
		local i=$1 variant=$2 cmd=() extra=() sum
		command_of "$i" gcc
		[ "$variant" = without ] || extra=("$with_plugin")
		[ "$variant" != facts ] || extra+=("$with_facts")
		sum=$(cachegrind_all "$bench/cg/$i.$variant" "${cmd[@]}" \
			"${extra[@]}") || {
			echo "compile-overhead: ${objects[$i]} ($variant) failed" >&2
			return 1
		}
		printf '%s\t%s\t%s\n' "${objects[$i]}" "$variant" "$sum" \
			>"$bench/cg/$i.$variant.result"
	}
	one_object() {
		count "$1" without && count "$1" with && count "$1" facts
	}
	progress "cachegrind: ${#objects[@]} objects, $jobs at a time"
	each_object one_object || exit 1
	printf 'object\tvariant\tir\n' >"$raw"
	for i in "${!objects[@]}"; do
		cat "$bench/cg/$i.without.result" "$bench/cg/$i.with.result" \
			"$bench/cg/$i.facts.result"
	done >>"$raw"
	python3 - "$raw" "$with_plugin" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
objs, ir = [], {}
for r in rows:
    if r['object'] not in objs:
        objs.append(r['object'])
    ir[(r['object'], r['variant'])] = int(r['ir'])
print('| object | I refs without | I refs with | ratio '
      '| I refs with facts | facts cost |')
print('| --- | ---: | ---: | ---: | ---: | ---: |')
tw = tp = tf = 0
worst = (0, None)
for o in objs:
    w, p, f = ir[(o, 'without')], ir[(o, 'with')], ir[(o, 'facts')]
    tw += w
    tp += p
    tf += f
    worst = max(worst, ((f - p) / w, o))
    print(f'| {o} | {w:,} | {p:,} | {p / w:.4f} | {f:,} '
          f'| {100 * (f - p) / w:+.3f}% |')
print(f'| **all {len(objs)}** | **{tw:,}** | **{tp:,}** | **{tp / tw:.4f}** '
      f'| **{tf:,}** | **{100 * (tf - tp) / tw:+.3f}%** |')
print()
print(f'Instructions added by the plugin: {100 * (tp / tw - 1):+.2f}% '
      '(target: at most +2% compile time).  Writing the facts adds '
      f'{100 * (tf - tp) / tw:+.3f}% of the plain compile (worst object '
      f'{100 * worst[0]:+.3f}%, {worst[1]}; target at most +0.1%).')
EOF
	exit 0
fi

# -------------------------------------------------------------------- time
raw=$bench/raw-time.tsv
printf 'object\tround\tvariant\twall\tcpu\tmaxrss_kib\n' >"$raw"

# run INDEX VARIANT ROUND: one timed compile; ROUND 0 is not recorded.
run() {
	local i=$1 variant=$2 round=$3 extra=() t0 t1 u s m
	[ "$variant" = without ] || extra=("$with_plugin")
	t0=$EPOCHREALTIME
	/usr/bin/time -f '%U %S %M' -o "$bench/time.out" \
		"${cmd[@]}" "${extra[@]}" >"$bench/compile.log" 2>&1 || {
		cat "$bench/compile.log" >&2
		echo "compile-overhead: ${objects[$i]} ($variant) failed" >&2
		exit 1
	}
	t1=$EPOCHREALTIME
	[ "$round" -gt 0 ] || return 0
	read -r u s m <"$bench/time.out"
	printf '%s\t%d\t%s\t%s\t%s\t%s\n' "${objects[$i]}" "$round" "$variant" \
		"$(echo "$t0 $t1" | awk '{ printf "%.4f", $2 - $1 }')" \
		"$(echo "$u $s" | awk '{ printf "%.2f", $1 + $2 }')" "$m" >>"$raw"
}

t_start=$SECONDS
for i in "${!objects[@]}"; do
	cmd=()
	command_of "$i" gcc
	progress "[$((SECONDS - t_start))s] ${objects[$i]}: $rounds rounds"
	run "$i" without 0
	run "$i" with 0
	for ((r = 1; r <= rounds; r++)); do
		if ((r % 2)); then
			run "$i" without "$r"
			run "$i" with "$r"
		else
			run "$i" with "$r"
			run "$i" without "$r"
		fi
	done
done
progress "[$((SECONDS - t_start))s] done"

python3 - "$raw" "$rounds" <<'EOF'
import csv, statistics as st, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
rounds = int(sys.argv[2])
objs = []
data = {}
for r in rows:
    o = r['object']
    if o not in objs:
        objs.append(o)
    data[(o, int(r['round']), r['variant'])] = (
        float(r['wall']), float(r['cpu']), int(r['maxrss_kib']))

def get(o, rd, v, k):
    return data[(o, rd, v)][k]

print('| object | without (s) | with (s) | ratio median | min | max '
      '| CPU ratio median | peak RSS without (KiB) | with (KiB) | RSS ratio |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
worst_rss = (0, None)
for o in objs:
    rs = range(1, rounds + 1)
    ratios = [get(o, r, 'with', 0) / get(o, r, 'without', 0) for r in rs]
    cpu = [get(o, r, 'with', 1) / get(o, r, 'without', 1)
           for r in rs if get(o, r, 'without', 1) > 0]
    m0 = st.median(get(o, r, 'without', 2) for r in rs)
    m1 = st.median(get(o, r, 'with', 2) for r in rs)
    if m1 / m0 > worst_rss[0]:
        worst_rss = (m1 / m0, o)
    print(f'| {o} | {st.median(get(o, r, "without", 0) for r in rs):.3f} '
          f'| {st.median(get(o, r, "with", 0) for r in rs):.3f} '
          f'| {st.median(ratios):.4f} | {min(ratios):.4f} | {max(ratios):.4f} '
          f'| {st.median(cpu):.4f} | {m0:.0f} | {m1:.0f} | {m1 / m0:.4f} |')
tot = []
cpu_tot = []
for r in range(1, rounds + 1):
    w = sum(get(o, r, 'without', 0) for o in objs)
    p = sum(get(o, r, 'with', 0) for o in objs)
    tot.append((w, p, p / w))
    cw = sum(get(o, r, 'without', 1) for o in objs)
    cp = sum(get(o, r, 'with', 1) for o in objs)
    cpu_tot.append(cp / cw)
ratios = [t[2] for t in tot]
peak0 = max(st.median(get(o, r, 'without', 2) for r in range(1, rounds + 1))
            for o in objs)
peak1 = max(st.median(get(o, r, 'with', 2) for r in range(1, rounds + 1))
            for o in objs)
print(f'| **all {len(objs)}, per round** | **{st.median(t[0] for t in tot):.3f}** '
      f'| **{st.median(t[1] for t in tot):.3f}** | **{st.median(ratios):.4f}** '
      f'| **{min(ratios):.4f}** | **{max(ratios):.4f}** '
      f'| **{st.median(cpu_tot):.4f}** | **{peak0:.0f}** | **{peak1:.0f}** '
      f'| **{peak1 / peak0:.4f}** |')
print()
print(f'{rounds} rounds, order alternating.  Compile time: the plugin adds '
      f'{100 * (st.median(ratios) - 1):+.2f}% (median over rounds of total '
      f'time; target at most +2%).  Peak memory: worst object '
      f'{100 * (worst_rss[0] - 1):+.2f}% ({worst_rss[1]}; target at most +5%).')
EOF
