#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# build-ppc64le-fork.sh WORKDIR
#
# thread_stack_cache only exists when kernel stacks are smaller than a
# page and not vmalloc'ed, which never happens on x86_64, so
# build-converted.sh cannot compile that part of the series.  ppc64le
# with 64K pages, 32K stacks and CONFIG_VMAP_STACK off does take that
# path: cross-compile kernel/fork.o (and the slab core) there and check
# that thread_stack_cache is a static struct kmem_cache_opaque.
#
# Needs gcc-powerpc64le-linux-gnu (packages-optional.txt).  The patched
# source goes to WORKDIR/ppc64le/src, kept clean, and the objects to
# WORKDIR/ppc64le/build; both are reused while the series is unchanged.
#
# Environment: JOBS (make -j value, default 2), KERNEL_TARBALL.

set -eu
set -o pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 WORKDIR" >&2
	exit 2
fi

# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
jobs=${JOBS:-2}
cross=powerpc64le-linux-gnu-
command -v "${cross}gcc" >/dev/null ||
	die "${cross}gcc not found (apt-get install gcc-powerpc64le-linux-gnu)"

mkdir -p "$1/ppc64le"
base=$(cd "$1/ppc64le" && pwd)
src=$base/src
build=$base/build
stamp=$build/.slabcheck-series
kmake() {
	make -C "$src" O="$build" ARCH=powerpc CROSS_COMPILE="$cross" "$@"
}

exec 9>"$base/.lock"
flock 9

# The stamp covers the configuration, not this script's text.
config=(--disable VMAP_STACK --enable WERROR)
hash=$(echo "ppc64le_defconfig ${config[*]}" | tree_hash)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
	unpack_patched "$src"
	rm -rf "$build"
	mkdir "$build"

	step "configuring ppc64le_defconfig"
	kmake -s ppc64le_defconfig >&2
	"$src/scripts/config" --file "$build/.config" "${config[@]}"
	kmake -s olddefconfig >&2
	for opt in CONFIG_PPC_64K_PAGES=y CONFIG_WERROR=y; do
		grep -qx "$opt" "$build/.config" || die "$opt did not stick"
	done
	! grep -qx CONFIG_VMAP_STACK=y "$build/.config" ||
		die "CONFIG_VMAP_STACK could not be turned off"

	step "make -j$jobs prepare"
	kmake -j"$jobs" prepare >&2
	echo "$hash" >"$stamp"
fi

objs=(mm/slab_common.o mm/slub.o kernel/fork.o)
(cd "$build" && rm -f "${objs[@]}")

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
t0=$SECONDS
kmake -k -j"$jobs" "${objs[@]}" >"$log" 2>&1 || status=1
t1=$SECONDS

passed=0
failed=0
if [ "$status" -ne 0 ] || grep -q -i -E 'warning|error' "$log"; then
	cat "$log" >&2
	echo "FAILED: ppc64le build log"
	failed=$((failed + 1))
else
	echo "clean: ppc64le build log"
	passed=$((passed + 1))
fi

size=$(sed -n 's/^#define KMEM_CACHE_SIZE \([0-9]*\).*/\1/p' \
	"$build/include/generated/kmem_cache_size.h")
for obj in "${objs[@]}"; do
	if [ -f "$build/$obj" ]; then
		echo "built: $obj (ppc64le)"
		passed=$((passed + 1))
	else
		echo "FAILED: $obj (ppc64le): not built"
		failed=$((failed + 1))
	fi
done

got=
if [ -f "$build/kernel/fork.o" ]; then
	got=$(nm -S --defined-only "$build/kernel/fork.o" |
		awk '$4 == "thread_stack_cache_instance" { print $2 }')
	[ -n "$got" ] && got=$((16#$got))
fi
if [ -n "$size" ] && [ "$got" = "$size" ]; then
	echo "static: thread_stack_cache_instance, $size bytes"
	passed=$((passed + 1))
else
	echo "FAILED: thread_stack_cache_instance: size '${got:-missing}', want '$size'"
	failed=$((failed + 1))
fi

echo "objects: $((t1 - t0))s"
echo "build-ppc64le-fork: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
