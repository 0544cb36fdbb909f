#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# zero-day-sweeps.sh BUILD_DIR [WORKDIR_BASE]
#
# The sweeps at 0-day's scale (kernel-sweep.sh: no crash, no stray
# finding, byte-identical objects), each in a work directory of its own
# (WORKDIR_BASE-NAME, default /var/tmp/slabcheck-sweep-NAME):
#
#	allmod-gcc	x86_64 allmodconfig, W=1, the GCC plugin
#	allmod-sparse	the same tree, W=1, slabcheck-sparse (make C=2); it
#			reuses allmod-gcc's tree built without the plugin
#	arm64-gcc	arm64 defconfig, the whole tree (vmlinux and
#			modules), the aarch64 cross GCC and its plugin
#	arm64-sparse	the same tree, slabcheck-sparse (make C=2); it
#			reuses arm64-gcc's tree built without the plugin
#
# allmodconfig is restricted to SWEEP_TARGETS (default "fs/"; "fs/ net/"
# and so on as the machine allows: each directory is two builds).  Its
# configuration has CONFIG_WERROR off, since W=1 warnings would be errors,
# the kernel's own GCC plugins off (randstruct and latent_entropy draw a
# random seed per tree, so the two builds could never match), and gcov off
# (GCOV_PROFILE directories such as net/rds record the absolute path of
# their .gcda file and a stamp taken from the clock in each object).
#
# The front-ends are BUILD_DIR's.  SWEEPS="allmod-gcc arm64-gcc" picks
# sweeps by name.  Output: each sweep's summary and its "N passed, M
# failed"; the exit status is non-zero when any sweep failed.  Results go
# to each work directory's results/ (kernel-sweep.sh).  Hours each on two
# cores: not in CI; docs/reliability.md records the runs.

set -u
set -o pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
	echo "usage: $0 BUILD_DIR [WORKDIR_BASE]" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
base=${2:-/var/tmp/slabcheck-sweep}
sweeps=${SWEEPS:-allmod-gcc allmod-sparse arm64-gcc arm64-sparse}
arm64=(ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-)
allmod=(KERNEL_DEFCONFIG=allmodconfig
	"KERNEL_CONFIG=-WERROR -GCC_PLUGINS -GCOV_KERNEL"
	"SWEEP_TARGETS=${SWEEP_TARGETS:-fs/}" SWEEP_MAKE_ARGS=W=1)
failed=0

# sweep NAME WORKDIR FRONT_END_OPTION CHECKER VARIABLE=VALUE...
sweep() {
	local name=$1 workdir=$2 option=$3 checker=$4
	shift 4
	echo "== $name"
	if [ ! -f "$checker" ]; then
		echo "FAIL $name: no $checker in the build"
		failed=$((failed + 1))
		return
	fi
	env "$@" bash "$here/kernel-sweep.sh" "$option" \
		"$build/tools/slabcheck" "$checker" "$workdir" ||
		failed=$((failed + 1))
}

for name in $sweeps; do
	case $name in
	allmod-gcc)
		sweep "$name" "$base-allmod" --front-end=gcc \
			"$build/gcc-plugin/slabcheck_gcc.so" "${allmod[@]}" ;;
	allmod-sparse)
		sweep "$name" "$base-allmod" --front-end=sparse \
			"$build/sparse-check/slabcheck-sparse" "${allmod[@]}" ;;
	arm64-gcc)
		sweep "$name" "$base-arm64" --front-end=gcc \
			"$build/gcc-plugin/aarch64-linux-gnu/slabcheck_gcc.so" \
			"${arm64[@]}" ;;
	arm64-sparse)
		sweep "$name" "$base-arm64" --front-end=sparse \
			"$build/sparse-check/slabcheck-sparse" "${arm64[@]}" ;;
	*)
		echo "zero-day-sweeps: unknown sweep $name" >&2
		exit 2 ;;
	esac
done
echo "zero-day-sweeps: $failed sweep(s) failed"
[ "$failed" -eq 0 ]
