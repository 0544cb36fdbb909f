#!/usr/bin/env bash
# kernel-sweep.sh SLABCHECK PLUGIN_SO [WORKDIR]
#
# Every object of an x86_64 defconfig build of our port (vmlinux and the
# modules: ufs.ko, fat.ko, ...), compiled by `slabcheck kbuild` with the
# GCC plugin, and again without it in a second copy of the tree:
#   - no crash: no internal compiler error, no slabcheck internal error,
#     no compile over the per-file time limit (CC runs under timeout);
#   - no stray finding: the port is clean, so any finding, from one file
#     or from the link step, is one;
#   - byte-identical objects: every .o of the build with the plugin equals
#     the one built without it.
# Both trees come from tests/kernel/prepare-tree.sh, in WORKDIR/with and
# WORKDIR/without (default WORKDIR /var/tmp/slabcheck-sweep); the build
# timestamp, user and host are fixed so that the two builds can match.
# Takes about an hour per build on 2 cores.  JOBS (default 2), TIME_LIMIT
# per compile (default 600 s).
#
# Prints a summary, and writes the findings, the list of differing objects
# and the build logs to WORKDIR/results/.  Not in CI: docs/reliability.md
# records the runs.
set -u
slabcheck=$(readlink -f "$1")
plugin=$(readlink -f "$2")
workdir=${3:-/var/tmp/slabcheck-sweep}
here=$(cd "$(dirname "$0")/../.." && pwd)
jobs=${JOBS:-2}
limit=${TIME_LIMIT:-600}
results=$workdir/results
mkdir -p "$results"
reproducible=(KBUILD_BUILD_TIMESTAMP="Thu Dec 3 00:00:00 UTC 2026"
	KBUILD_BUILD_USER=slabcheck KBUILD_BUILD_HOST=sweep
	"CC=timeout $limit gcc")
start=$SECONDS

progress() {
	echo "kernel-sweep: [$((SECONDS - start))s] $*" >&2
}

for variant in without with; do
	progress "preparing the $variant tree"
	tree=$(bash "$here/tests/kernel/prepare-tree.sh" "$workdir/$variant") ||
		exit 1
	eval "tree_$variant=\$tree"
done

progress "building without the plugin"
make -C "$tree_without" -j"$jobs" "${reproducible[@]}" vmlinux modules \
	>"$results/without.log" 2>&1
status_without=$?
progress "building with the plugin"
SLABCHECK_GCC_PLUGIN=$plugin "$slabcheck" kbuild -C "$tree_with" \
	-j"$jobs" "${reproducible[@]}" vmlinux modules \
	>"$results/findings.txt" 2>"$results/with.log"
status_with=$?

progress "comparing objects"
objects=0
differ=0
: >"$results/differing-objects.txt"
while IFS= read -r object; do
	objects=$((objects + 1))
	if ! cmp -s "$tree_with/$object" "$tree_without/$object"; then
		differ=$((differ + 1))
		echo "$object" >>"$results/differing-objects.txt"
	fi
done < <(cd "$tree_with" && find . -name '*.o' -printf '%P\n' | sort)
crashes=$(grep -c -E 'internal compiler error|slabcheck: internal error|Segmentation fault' \
	"$results/with.log")
timeouts=$(grep -c -E 'Error 124' "$results/with.log")
failed_objects=$(grep -E '^slabcheck: [0-9]+ objects? failed to compile' \
	"$results/with.log" || true)
findings=$(grep -c -E ': warning: .*\[(kmem|slabcheck)-' "$results/findings.txt")

{
	echo "date: $(date -u +%Y-%m-%d)"
	echo "make without the plugin: exit $status_without"
	echo "slabcheck kbuild with the plugin: exit $status_with"
	echo "objects compared: $objects, differing: $differ"
	echo "crashes: $crashes, compiles over ${limit}s: $timeouts"
	echo "findings (the port is clean: every one is stray): $findings"
	[ -z "$failed_objects" ] || echo "$failed_objects"
} | tee "$results/summary.txt"
failed=0
[ "$status_without" -eq 0 ] || failed=$((failed + 1))
[ "$status_with" -eq 0 ] || failed=$((failed + 1))
[ "$differ" -eq 0 ] || failed=$((failed + 1))
[ "$crashes" -eq 0 ] && [ "$timeouts" -eq 0 ] || failed=$((failed + 1))
[ "$findings" -eq 0 ] || failed=$((failed + 1))
echo "$((5 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
