#!/usr/bin/env bash
# The clean port under `slabcheck kbuild` itself: the converted objects and
# the ufs and fat modules, each file and each module (kbuild's .mod files)
# and directory of built-in objects linked, must give no finding at all.
#
# usage: check-kernel-kbuild.sh SLABCHECK PLUGIN_SO SOURCE_DIR WORKDIR
set -u
slabcheck=$1
plugin=$2
source_dir=$3
workdir=$4
# shellcheck source=../kernel/lib.sh
. "$source_dir/tests/kernel/lib.sh"
tree=$(bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir") || {
	echo "0 passed, 1 failed"
	exit 1
}
# The kernel stage and the benchmark patch and rebuild this tree.
exec 8>"$(dirname "$tree")/.prepare-tree.lock"
flock 8
exec 9>"$tree/.build-converted.lock"
flock 9
out=$(mktemp)
trap 'rm -f "$out"' EXIT
SLABCHECK_GCC_PLUGIN=$plugin "$slabcheck" kbuild -C "$tree" -j2 \
	KBUILD_MODPOST_WARN=1 "${core_objects[@]}" fs/ufs/ufs.ko fs/fat/fat.ko \
	>"$out" 2>/dev/null
status=$?
if [ "$status" -ne 0 ] || [ -s "$out" ]; then
	echo "slabcheck kbuild exited $status on the clean port:"
	cat "$out"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1 passed, 0 failed"
