#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# prepare-tree.sh WORKDIR
#
# Unpack Debian's linux-source-6.12 into WORKDIR/linux-source-6.12, apply
# our port of the static kmem_cache series (patches/*.patch), configure
# it (x86_64 defconfig plus CONFIG_UFS_FS=m and CONFIG_FAT_FS=m) and run
# "make prepare modules_prepare", so that single objects and the ufs and
# fat modules can be built in it without building vmlinux.
#
# A stamp in the tree records a hash of the patches, of the scripts and
# of the tarball's size and mtime.  When it matches, the tree is left as
# it is and the script returns at once; otherwise the tree is rebuilt
# from scratch.  The stamp is written last, so an interrupted run is
# redone next time.
#
# Progress goes to stderr; stdout gets one line, the tree's path:
#
#	tree=$(tests/kernel/prepare-tree.sh /var/tmp/slabcheck-kernel)
#
# Environment:
#	KERNEL_TARBALL	default /usr/src/linux-source-6.12.tar.xz
#	JOBS		make -j value, default 2
#	LLVM		kbuild's own: LLVM=1 configures and prepares the tree
#			for Clang (make LLVM=1); a tree is prepared for one
#			compiler, so give each its own WORKDIR
#	ARCH, CROSS_COMPILE
#			kbuild's own too: ARCH=arm64
#			CROSS_COMPILE=aarch64-linux-gnu- prepares an arm64
#			tree from arm64's defconfig (its own WORKDIR again)
#	KERNEL_DEFCONFIG	the configuration to start from: defconfig
#			(the default) or allmodconfig, for instance
#	KERNEL_PATCHES	apply only the first N patches of the series: 2
#			gives the API without the port's conversions, the
#			vanilla files `slabcheck convert` starts from
#	KERNEL_CONFIG	more Kconfig symbols to enable, such as
#			ARM64_64K_PAGES (the choice's other members are
#			disabled by olddefconfig), or with a leading - to
#			disable (-WERROR, for a W=1 build)

set -eu
set -o pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 WORKDIR" >&2
	exit 2
fi

# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
jobs=${JOBS:-2}

# Keep stdout for the result; everything else is progress.
exec 3>&1 1>&2

mkdir -p "$1"
workdir=$(cd "$1" && pwd)
tree=$workdir/$topdir
stamp=$tree/.slabcheck-series

# Two runs on the same WORKDIR would unpack over each other.
exec 9>"$workdir/.prepare-tree.lock"
flock 9

# make reads LLVM from the environment, as kbuild documents it.
hash=$({
	cat "$kernel_dir/prepare-tree.sh" "$kernel_dir/lib.sh"
	echo "LLVM=${LLVM:-} ARCH=${ARCH:-} CROSS_COMPILE=${CROSS_COMPILE:-}"
	echo "KERNEL_CONFIG=${KERNEL_CONFIG:-} ${KERNEL_DEFCONFIG:-defconfig}"
} | tree_hash)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
	echo "${0##*/}: $tree is up to date"
	echo "$tree" >&3
	exit 0
fi

unpack_patched "$tree"

step "configuring"
make -C "$tree" -s "${KERNEL_DEFCONFIG:-defconfig}"
# defconfig has MSDOS_FS=y and VFAT_FS=y, which select FAT_FS: all three
# have to become modules for fat.ko to be one.  x86_64's defconfig has
# CONFIG_WERROR=y; the other configurations are held to it too, unless
# KERNEL_CONFIG says -WERROR.
options=(--module UFS_FS --module FAT_FS --module MSDOS_FS --module VFAT_FS)
wanted=(CONFIG_UFS_FS=m CONFIG_FAT_FS=m CONFIG_MSDOS_FS=m CONFIG_VFAT_FS=m)
for opt in WERROR ${KERNEL_CONFIG:-}; do
	case $opt in
	-*)
		options+=(--disable "${opt#-}")
		wanted+=("# CONFIG_${opt#-} is not set") ;;
	*)
		[[ " ${KERNEL_CONFIG:-} " == *" -$opt "* ]] && continue
		options+=(--enable "$opt")
		wanted+=("CONFIG_$opt=y") ;;
	esac
done
"$tree/scripts/config" --file "$tree/.config" "${options[@]}"
make -C "$tree" -s olddefconfig
for opt in "${wanted[@]}"; do
	grep -qx "$opt" "$tree/.config" || die "$opt did not stick"
done

step "make -j$jobs prepare modules_prepare"
make -C "$tree" -j"$jobs" prepare modules_prepare
[ -f "$tree/include/generated/kmem_cache_size.h" ] ||
	die "include/generated/kmem_cache_size.h was not generated"

echo "$hash" >"$stamp"
step "done"
echo "$tree" >&3
