#!/usr/bin/env bash
# kernel-sweep.sh [--front-end=gcc|sparse|clang-tool|clang] SLABCHECK FRONT_END [WORKDIR]
#
# Every object of an x86_64 defconfig build of our port (vmlinux and the
# modules: ufs.ko, fat.ko, ...) checked by one front-end through
# `slabcheck kbuild`.  FRONT_END is the front-end's file: the GCC plugin
# (default), slabcheck-sparse, slabcheck-clang, or the Clang plugin.
#   - no crash: no internal compiler error, no slabcheck internal error,
#     no check over the per-file time limit (the compiler or checker runs
#     under timeout);
#   - no stray finding: the port is clean, so any finding, from one file
#     or from the link step, is one;
#   - gcc and clang: byte-identical objects: every .o of the build with
#     the plugin equals the one built without it.
#
# gcc: two trees from tests/kernel/prepare-tree.sh, WORKDIR/without (built
# by plain make) and WORKDIR/with (built by slabcheck kbuild); the build
# timestamp, user and host are fixed so that the two builds can match.
# About an hour per build on 2 cores.
# sparse: make C=2 with slabcheck-sparse as kbuild's checker over the
# WORKDIR/without tree (built first if it is not: the flags are the same,
# so nothing is compiled again): every file that tree compiles is checked.
# clang-tool: slabcheck-clang over that tree's compile_commands.json
# (every entry), JOBS at a time.
# clang: as gcc, with LLVM=1 trees WORKDIR/clang-without and
# WORKDIR/clang-with.
# JOBS (default 2), TIME_LIMIT per compile or check (default 600 s).
#
# Other configurations and targets, for 0-day-sized sweeps (each needs a
# WORKDIR of its own): prepare-tree.sh's ARCH, CROSS_COMPILE,
# KERNEL_DEFCONFIG and KERNEL_CONFIG (ARCH=arm64
# CROSS_COMPILE=aarch64-linux-gnu- with that GCC's plugin; KERNEL_DEFCONFIG=
# allmodconfig KERNEL_CONFIG=-WERROR), SWEEP_TARGETS (default "vmlinux
# modules"; "fs/ net/" builds those directories) and SWEEP_MAKE_ARGS
# (W=1), given to both builds alike.
#
# Prints a summary, and writes the findings, the list of differing objects
# and the build logs to WORKDIR/results/FRONT_END/.  Not in CI:
# docs/reliability.md records the runs.
set -u
front_ends="gcc sparse clang-tool clang"
. "$(dirname "$0")/front-end-option.sh"
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 [--front-end=gcc|sparse|clang-tool|clang] SLABCHECK FRONT_END [WORKDIR]" >&2
	exit 2
fi
slabcheck=$(readlink -f "$1")
checker=$(readlink -f "$2")
workdir=${3:-/var/tmp/slabcheck-sweep}
here=$(cd "$(dirname "$0")/../.." && pwd)
jobs=${JOBS:-2}
limit=${TIME_LIMIT:-600}
results=$workdir/results/$front_end
mkdir -p "$results"
start=$SECONDS

progress() {
	echo "kernel-sweep: [$((SECONDS - start))s] $*" >&2
}

# LLVM=1 selects kbuild's Clang toolchain; a tree is prepared for one.
prefix=
read -r -a targets <<<"${SWEEP_TARGETS:-vmlinux modules}"
read -r -a make_args <<<"${SWEEP_MAKE_ARGS:-}"
case $front_end in
gcc | sparse | clang-tool) compiler=${CROSS_COMPILE:-}gcc ;;
clang)
	compiler=clang
	prefix=clang-
	export LLVM=1
	;;
esac
# The banner in init/version-timestamp.o counts the tree's links (#1, #2):
# a tree built again, as when a sweep is run twice, must not differ there.
reproducible=(KBUILD_BUILD_TIMESTAMP="Thu Dec 3 00:00:00 UTC 2026"
	KBUILD_BUILD_VERSION=1
	KBUILD_BUILD_USER=slabcheck KBUILD_BUILD_HOST=sweep
	"CC=timeout $limit $compiler" "${make_args[@]}")
# With debug info (arm64's defconfig, allmodconfig), the compiler records
# its command line, -fplugin= included, and the directory it ran in (the
# tree's path) in every object: the first is left out, the second mapped
# to "." in each tree's build.
kcflags() {
	echo "KCFLAGS=-gno-record-gcc-switches -fdebug-prefix-map=$1=."
}

variants=(without)
case $front_end in gcc | clang) variants+=(with) ;; esac
for variant in "${variants[@]}"; do
	progress "preparing the $prefix$variant tree"
	tree=$(bash "$here/tests/kernel/prepare-tree.sh" \
		"$workdir/$prefix$variant") || exit 1
	eval "tree_$variant=\$tree"
done

# Nothing to do when the tree is already built: make is incremental.
progress "building without the front-end"
make -C "$tree_without" -j"$jobs" "${reproducible[@]}" \
	"$(kcflags "$tree_without")" "${targets[@]}" \
	>"$results/without.log" 2>&1
status_without=$?

# The checkers run under the time limit, through a wrapper of their own.
wrapper=$results/checker
printf '#!/bin/sh\nexec timeout %s %s "$@"\n' "$limit" "$checker" >"$wrapper"
chmod +x "$wrapper"
case $front_end in
gcc | clang)
	progress "building with the plugin"
	if [ "$front_end" = gcc ]; then
		export SLABCHECK_GCC_PLUGIN=$checker
	else
		export SLABCHECK_CLANG_PLUGIN=$checker
	fi
	"$slabcheck" kbuild ${LLVM:+--clang} -C "$tree_with" -j"$jobs" \
		"${reproducible[@]}" "$(kcflags "$tree_with")" "${targets[@]}" \
		>"$results/findings.txt" 2>"$results/with.log"
	;;
sparse)
	progress "checking every file with slabcheck-sparse (make C=2)"
	SLABCHECK_SPARSE=$wrapper "$slabcheck" kbuild --sparse \
		-C "$tree_without" -j"$jobs" "${reproducible[@]}" \
		"$(kcflags "$tree_without")" C=2 "${targets[@]}" \
		>"$results/findings.txt" 2>"$results/with.log"
	;;
clang-tool)
	progress "checking every entry of compile_commands.json with slabcheck-clang"
	SLABCHECK_CLANG_TOOL=$checker "$slabcheck" kbuild --clang-tool \
		-C "$tree_without" -j"$jobs" "${reproducible[@]}" \
		"$(kcflags "$tree_without")" "${targets[@]}" \
		>"$results/findings.txt" 2>"$results/with.log"
	;;
esac
status_with=$?

# Objects the plugin compiled must be byte-identical.  Those built without
# it (host tools such as objtool, the real-mode code, which replaces
# KBUILD_CFLAGS) can differ only where the trees' own paths are in their
# debug info: listed apart, and their code compared.
objects=0
plugin_objects=0
differ=0
elsewhere=0
: >"$results/differing-objects.txt"
: >"$results/differing-without-plugin.txt"
if [ "${#variants[@]}" -eq 2 ]; then
	progress "comparing objects"
	while IFS= read -r object; do
		objects=$((objects + 1))
		command=$tree_with/$(dirname "$object")/.$(basename "$object").cmd
		built_with=false
		if grep -q -e '-fplugin=' "$command" 2>/dev/null; then
			built_with=true
			plugin_objects=$((plugin_objects + 1))
		fi
		cmp -s "$tree_with/$object" "$tree_without/$object" && continue
		if $built_with; then
			differ=$((differ + 1))
			echo "$object" >>"$results/differing-objects.txt"
		elif cmp -s <("${CROSS_COMPILE:-}objdump" -d "$tree_with/$object" |
			tail -n +3) <("${CROSS_COMPILE:-}objdump" -d \
			"$tree_without/$object" | tail -n +3); then
			elsewhere=$((elsewhere + 1))
			echo "$object" >>"$results/differing-without-plugin.txt"
		else
			differ=$((differ + 1))
			echo "$object (code differs)" \
				>>"$results/differing-objects.txt"
		fi
	done < <(cd "$tree_with" && find . -name '*.o' -printf '%P\n' | sort)
fi
crashes=$(grep -c -E 'internal compiler error|slabcheck: internal error|Segmentation fault|Aborted|PLEASE submit a bug report|Stack dump' \
	"$results/with.log")
timeouts=$(grep -c -E 'Error 124' "$results/with.log")
failed_objects=$(grep -E '^slabcheck: [0-9]+ objects? failed to compile' \
	"$results/with.log" || true)
findings=$(grep -c -E ': warning: .*\[(kmem|slabcheck)-' "$results/findings.txt")
checked=$(grep -c -E '^  (CC|CHECK) ' "$results/with.log")

{
	echo "date: $(date -u +%Y-%m-%d), front-end: $front_end"
	echo "make without the front-end: exit $status_without"
	echo "slabcheck kbuild with it: exit $status_with"
	# slabcheck-clang prints no line per file: the database says.
	[ "$front_end" = clang-tool ] ||
		echo "compiles or checks in the log: $checked"
	[ "${#variants[@]}" -eq 1 ] ||
		echo "objects compared: $objects ($plugin_objects compiled with the plugin), differing: $differ; built without the plugin and differing only outside their code (the tree's path in debug info): $elsewhere"
	echo "crashes: $crashes, over ${limit}s: $timeouts"
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
