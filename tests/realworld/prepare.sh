#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# prepare.sh WORKDIR
#
# Unpack Debian's linux-source-6.12 into WORKDIR/linux-source-6.12, apply
# the port of the static kmem_cache series (tests/kernel/patches), and
# configure it for the real-world corpus: x86_64 defconfig plus every
# line of modules/*/config, then "make prepare modules_prepare".  The
# corpus's conversions are not applied here: run.sh applies and reverts
# them one module at a time.
#
# This is prepare-tree.sh with another configuration.  The main test
# suite's trees (/var/tmp/slabcheck-kernel*) have only ufs and fat as
# modules; ours needs some forty more, so it keeps a tree of its own.
#
# A stamp in the tree records a hash of the port's patches, of this
# script and tests/kernel/lib.sh, of the configuration lines, of LLVM=
# and of the tarball's size and mtime.  When it matches, the tree is left
# as it is; otherwise it is rebuilt from scratch.  The stamp is written
# last, so an interrupted run is redone next time.
#
# Progress goes to stderr; stdout gets one line, the tree's path.
#
# Environment:
#	KERNEL_TARBALL	default /usr/src/linux-source-6.12.tar.xz
#	JOBS		make -j value, default 2
#	LLVM		LLVM=1 configures and prepares the tree for Clang, for
#			the Clang plugin; give that tree a WORKDIR of its own

set -eu
set -o pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 WORKDIR" >&2
	exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
# unpack_patched, tree_hash, die and step are the main suite's, so that
# the port is applied exactly as tests/kernel applies it.
# shellcheck source=../kernel/lib.sh
. "$here/../kernel/lib.sh"
jobs=${JOBS:-2}

exec 3>&1 1>&2

mkdir -p "$1"
workdir=$(cd "$1" && pwd)
tree=$workdir/$topdir
stamp=$tree/.slabcheck-realworld

# config_lines: every module's configuration, once each.  Comments and
# blank lines are allowed in the config files.
config_lines() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' \
		"$here"/modules/*/config | sort -u
}

exec 9>"$workdir/.prepare.lock"
flock 9

hash=$({
	cat "$here/prepare.sh" "$kernel_dir/lib.sh"
	config_lines
	echo "LLVM=${LLVM:-}"
} | tree_hash)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
	echo "${0##*/}: $tree is up to date"
	echo "$tree" >&3
	exit 0
fi

unpack_patched "$tree"

step "configuring"
make -C "$tree" -s defconfig
args=()
while IFS= read -r line; do
	case $line in
	CONFIG_*=m) args+=(--module "${line%%=*}") ;;
	CONFIG_*=y) args+=(--enable "${line%%=*}") ;;
	*) die "bad configuration line: $line" ;;
	esac
done < <(config_lines)
"$tree/scripts/config" --file "$tree/.config" "${args[@]}"
make -C "$tree" -s olddefconfig
# An option whose dependencies are missing is dropped without a word by
# olddefconfig; its module would then silently not be built.
missing=$(config_lines | grep -v -x -F -f "$tree/.config" || true)
[ -z "$missing" ] || die "options that did not stick: $(echo "$missing" | paste -sd' ')"
grep -qx CONFIG_WERROR=y "$tree/.config" || die "CONFIG_WERROR=y did not stick"

step "make -j$jobs prepare modules_prepare"
make -C "$tree" -j"$jobs" prepare modules_prepare
[ -f "$tree/include/generated/kmem_cache_size.h" ] ||
	die "include/generated/kmem_cache_size.h was not generated"

echo "$hash" >"$stamp"
step "done"
echo "$tree" >&3
