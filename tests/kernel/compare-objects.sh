#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# compare-objects.sh PLUGIN_SO [WORKDIR]
#
# The plugin changes no generated code in the kernel either: the objects
# run-kernel-stage.sh's clean part builds (the converted objects and those
# of ufs.ko and fat.ko) are built without the plugin, kept, built again with
# it (kbuild rebuilds them: KCFLAGS changed), and compared byte for byte.
# With LLVM=1 in the environment the tree is Clang's (prepare-tree.sh), for
# slabcheck_clang.so.  Prints "N passed, M failed".
#
# Environment: JOBS (make -j value, default 2), LLVM, plus those of
# prepare-tree.sh.

set -eu
set -o pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -f "$1" ]; then
	echo "usage: $0 PLUGIN_SO [WORKDIR]" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plugin=$tmp/$(basename "$1")
cp "$1" "$plugin"

# shellcheck source=lib.sh
. "$here/lib.sh"
lock_prepared_tree "${2:-/var/tmp/slabcheck-kernel}"

objs=("${core_objects[@]}" "${ufs_objects[@]}" "${fat_objects[@]}")

build() {
	rm -f "${objs[@]}"
	make -j"$jobs" "$@" "${objs[@]}" >"$tmp/build.log" 2>&1 || {
		cat "$tmp/build.log" >&2
		echo "compare-objects: make failed" >&2
		exit 1
	}
}

# Where the configuration has debug info (arm64's defconfig does, x86_64's
# not), GCC records its command line in it (DW_AT_producer), -fplugin=
# included: both builds leave it out, so that what is compared is what
# the compiler generated, not what it was told.
record=-gno-record-gcc-switches
build "KCFLAGS=$record"
for o in "${objs[@]}"; do
	mkdir -p "$tmp/plain/$(dirname "$o")"
	cp "$o" "$tmp/plain/$o"
done
build "KCFLAGS=$record -fplugin=$plugin"
passed=0
failed=0
for o in "${objs[@]}"; do
	if cmp -s "$o" "$tmp/plain/$o"; then
		passed=$((passed + 1))
	else
		echo "DIFFERENT: $o"
		failed=$((failed + 1))
	fi
done
# Leave no object built with a plugin from a temporary directory.
rm -f "${objs[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
