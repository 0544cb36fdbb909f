#!/usr/bin/env bash
# build-sparse.sh [CACHE_DIR]
#
# Builds the sparse library that slabcheck-sparse links with, from Debian's
# own source package of the sparse that Debian 12 ships as a program
# (0.6.4-3): Debian has no libsparse package, and our repository keeps no
# copy of sparse's sources.
#
#  1. apt reads bookworm's deb-src index into a state of its own, in
#     CACHE_DIR/apt (its own sources list, lists and cache, through
#     Dir::Etc::SourceList, Dir::State::Lists and Dir::Cache): the system's
#     sources and indexes are never touched, nothing is left in
#     /etc/apt, and no root is needed;
#  2. `apt-get source --download-only` fetches the .dsc and its tarballs;
#     apt checks each file against the hashes of that signed Sources index
#     and fails on a mismatch;
#  3. dpkg-source unpacks them, checking the .dsc's strong checksums
#     (--require-strong-checksums), and applies Debian's patches;
#  4. sparse's own Makefile builds libsparse.a and sparse.o, with the
#     version string Debian's build gives it; sparse.o becomes
#     sparse-program.o with its main() renamed sparse_program_main(), so
#     that slabcheck-sparse can run stock sparse's checks after
#     linearization without a copy of sparse.c.
#
# Every failure stops the script with a message.  The build is cached in
# CACHE_DIR (default $SLABCHECK_SPARSE_CACHE or /var/cache/slabcheck-sparse)
# and redone only when this script changes; a rebuild replaces the old one
# only once it is done.  Progress goes to stderr; stdout
# gets one line, the directory holding libsparse.a and sparse's headers.
set -eu
set -o pipefail

version=0.6.4-3
upstream=${version%-*}
cache=${1:-${SLABCHECK_SPARSE_CACHE:-/var/cache/slabcheck-sparse}}
jobs=${JOBS:-2}
src=$cache/sparse-$upstream
stamp=$src/.slabcheck-build

die() {
	echo "build-sparse: $*" >&2
	exit 1
}

exec 3>&1 1>&2
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
src=$cache/sparse-$upstream
stamp=$src/.slabcheck-build
exec 9>"$cache/.lock"
flock 9

hash=$( (echo "$version"; cat "$0") | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
	echo "$src" >&3
	exit 0
fi

# Earlier versions of this script enabled deb-src in the system's sources.
old_sources=/etc/apt/sources.list.d/slabcheck-deb-src.sources
if [ -e "$old_sources" ]; then
	sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo rm -f "$old_sources" ||
		echo "build-sparse: could not remove $old_sources (left by" \
			"an earlier version): remove it by hand"
fi
apt_dir=$cache/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" \
	"$apt_dir/sources.list.d"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"http://deb.debian.org/debian bookworm main" >"$apt_dir/sources.list"
apt_options=(-o Dir::Etc::SourceList="$apt_dir/sources.list"
	-o Dir::Etc::SourceParts="$apt_dir/sources.list.d"
	-o Dir::State::Lists="$apt_dir/lists"
	-o Dir::Cache="$apt_dir/cache" -o APT::Sandbox::User="$(id -un)")
if ! apt-cache "${apt_options[@]}" showsrc sparse 2>/dev/null |
	grep -q "^Version: $version\$"; then
	echo "build-sparse: reading bookworm's source index (apt, in $apt_dir)"
	apt-get "${apt_options[@]}" update -qq ||
		die "apt-get update of $apt_dir/sources.list failed"
	apt-cache "${apt_options[@]}" showsrc sparse |
		grep -q "^Version: $version\$" ||
		die "no source package sparse $version in apt's indexes"
fi

download=$cache/download
rm -rf "$download" "$src.new"
mkdir -p "$download"
# apt compares every file with the Sources index's hashes and fails loudly.
(cd "$download" && apt-get "${apt_options[@]}" source --download-only -qq \
	"sparse=$version") ||
	die "downloading or verifying sparse $version's source failed"
# --no-copy: the tarball stays in the download directory, which goes.
dpkg-source --require-strong-checksums --no-copy -x \
	"$download/sparse_$version.dsc" "$src.new" ||
	die "dpkg-source rejected sparse_$version.dsc (checksums)"

echo "build-sparse: building libsparse.a and sparse-program.o"
make -C "$src.new" -j"$jobs" -s \
	SPARSE_VERSION="$upstream (Debian: $version)" PREFIX=/usr \
	libsparse.a sparse.o ||
	die "building sparse failed"
objcopy --redefine-sym main=sparse_program_main "$src.new/sparse.o" \
	"$src.new/sparse-program.o" || die "objcopy failed"
rm -rf "$src.old"
[ ! -e "$src" ] || mv "$src" "$src.old"
mv "$src.new" "$src"
rm -rf "$src.old" "$download" "$cache/sparse_$upstream.orig.tar."*
echo "$hash" >"$stamp"
echo "$src" >&3
