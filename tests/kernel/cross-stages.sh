#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# cross-stages.sh [--short] BUILD_DIR [WORKDIR_BASE]
#
# The kernel stage (run-kernel-stage.sh: clean, planted, look-alikes) and
# the object identity check (compare-objects.sh) on other targets than
# x86_64, each in a tree of its own (WORKDIR_BASE-NAME, default
# /var/tmp/slabcheck-kernel-NAME) that prepare-tree.sh configures from
# that architecture's defconfig:
#
#	arm64		ARCH=arm64, the aarch64 cross GCC and its plugin
#	arm64-64k	the same with CONFIG_ARM64_64K_PAGES: 64 KiB pages,
#			MAX_PAGE_ORDER 13, so the largest object is 512 MiB
#	riscv		ARCH=riscv, the riscv64 cross GCC and its plugin
#	arm64-clang	make LLVM=1 ARCH=arm64, the Clang plugin
#
# The plugins are BUILD_DIR's (gcc-plugin/MACHINE/slabcheck_gcc.so, built
# when the cross GCCs are installed: scripts/install-deps.sh).  The same
# planted bugs must be found, with the same columns, on every target.
#
# --short: arm64-64k only, its clean part and the cases of
# kmem-invalid-args, the rule whose limits come from the target: what CI
# runs.  STAGES="arm64 riscv" picks stages by name.
#
# Output: the stages' own lines, each stage's "N passed, M failed"; the
# exit status is non-zero when any stage failed.  Environment: JOBS, and
# KEEP_LOGS=DIR (each stage's logs in DIR/NAME).

set -u
set -o pipefail

short=
if [ "${1:-}" = --short ]; then
	short=1
	shift
fi
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
	echo "usage: $0 [--short] BUILD_DIR [WORKDIR_BASE]" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
base=${2:-/var/tmp/slabcheck-kernel}
stages=${STAGES:-arm64 arm64-64k riscv arm64-clang}
[ -z "$short" ] || stages=arm64-64k
failed=0

# stage NAME PLUGIN VARIABLE=VALUE...: the stage and the object check in
# NAME's tree, with kbuild's variables in the environment.
stage() {
	local name=$1 plugin=$2 only= status=0
	shift 2
	if [ ! -f "$plugin" ]; then
		echo "FAIL $name: no plugin $plugin (install the cross GCC" \
			"with its plugin headers and rebuild)"
		failed=$((failed + 1))
		return
	fi
	[ -z "$short" ] || only='clean|freeptr|sized|align'
	echo "== $name"
	mkdir -p "$base-$name"
	env "$@" ONLY="$only" SLABCHECK="$build/tools/slabcheck" \
		${KEEP_LOGS:+KEEP_LOGS="$KEEP_LOGS/$name"} \
		bash "$here/run-kernel-stage.sh" "$plugin" "$base-$name" ||
		status=1
	if [ -z "$short" ]; then
		env "$@" bash "$here/compare-objects.sh" "$plugin" \
			"$base-$name" || status=1
	fi
	[ "$status" -eq 0 ] || failed=$((failed + 1))
}

for name in $stages; do
	case $name in
	arm64)
		stage arm64 "$build/gcc-plugin/aarch64-linux-gnu/slabcheck_gcc.so" \
			ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- ;;
	arm64-64k)
		stage arm64-64k \
			"$build/gcc-plugin/aarch64-linux-gnu/slabcheck_gcc.so" \
			ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
			KERNEL_CONFIG=ARM64_64K_PAGES ;;
	riscv)
		stage riscv "$build/gcc-plugin/riscv64-linux-gnu/slabcheck_gcc.so" \
			ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- ;;
	arm64-clang)
		stage arm64-clang "$build/clang-check/slabcheck_clang.so" \
			ARCH=arm64 LLVM=1 ;;
	*)
		echo "cross-stages: unknown stage $name" >&2
		exit 2 ;;
	esac
done
echo "cross-stages: $failed stage(s) failed"
[ "$failed" -eq 0 ]
