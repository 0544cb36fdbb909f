#!/usr/bin/env bash
# Builds the Debian package build-package/slabcheck_VERSION_ARCH.deb, the
# same wherever it is built: every door (the GCC plugin and the slabcheck
# command, slabcheck-sparse, the Clang plugin and slabcheck-clang), the GCC
# plugin for each cross compiler Debian packages plugin headers for
# (aarch64, riscv64, ppc64el), and every manual page, configured from
# scratch in build-package/, a build directory of its own, whatever
# build/ holds.  A door that cannot be built stops it with CMake's message
# (nothing is left out quietly); scripts/install-deps.sh --package, run
# first, installs what they need.
#
# CPack makes the package (cmake/Packaging.cmake): what `cmake --install`
# installs, under /usr, stripped, built with Debian's hardening flags
# (dpkg-buildflags).  Depends: are the libraries the programs and plugins
# link (dpkg-shlibdeps), and the GCC the plugin was built for, which loads
# it and refuses any other release; the Clang the Clang front-ends were
# built for, and its builtin headers, are recommended.
#
# Progress and the build's log (on failure) go to stderr; stdout gets one
# line, the package's path.
set -eu
set -o pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build-package
log=$build/package.log

die() {
	echo "package.sh: $*" >&2
	exit 1
}
# run WHAT CMD...: runs CMD with its output in the log, which is shown if
# it fails.
run() {
	local what=$1

	shift
	echo "package.sh: $what" >&2
	"$@" >>"$log" 2>&1 || {
		tail -40 "$log" >&2
		die "$what failed (the whole log: $log)"
	}
}

"$here/scripts/install-deps.sh" --package >&2

# The same sources give the same package: its dates are the commit's.
if [ -z "${SOURCE_DATE_EPOCH:-}" ] &&
	SOURCE_DATE_EPOCH=$(git -C "$here" log -1 --format=%ct 2>/dev/null); then
	export SOURCE_DATE_EPOCH
fi

rm -rf "$build"
mkdir -p "$build"
# Debian's compiler and linker flags (hardening: stack protector,
# _FORTIFY_SOURCE, relro, bindnow), and build paths mapped away.
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
flags() { (cd "$here" && dpkg-buildflags --get "$1"); }
launcher=()
if command -v ccache >/dev/null; then
	launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache
		-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
owner() { # FILE: the Debian package that ships it
	dpkg-query -S "$(readlink -f "$1")" | head -1 | cut -d: -f1
}
maintainer=()
[ -z "${SLABCHECK_MAINTAINER:-}" ] ||
	maintainer=(-DSLABCHECK_MAINTAINER="$SLABCHECK_MAINTAINER")
# The Clang of Debian 12 (its default), whatever else is installed.
llvm=/usr/lib/llvm-14
gcc=gcc
gcc_package=$(owner "$(command -v "$gcc")")
# The plugin checks GCC's version when it is loaded: this release only.
gcc_version=$("$gcc" -dumpfullversion)
next_version=${gcc_version%.*}.$((${gcc_version##*.} + 1))
depends="$gcc_package (>= $gcc_version), $gcc_package (<< $next_version)"
resource=$("$llvm/bin/clang" -print-resource-dir)
recommends="$(owner "$llvm/bin/clang"), $(owner "$resource/include/stddef.h")"
run "configuring every door in $build" \
	cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DSLABCHECK_TESTS=OFF -DSLABCHECK_GCC="$gcc" -DSLABCHECK_SPARSE=ON \
	-DSLABCHECK_CLANG=ON -DSLABCHECK_LLVM_DIR="$llvm" \
	-DSLABCHECK_CROSS_GCCS=ALL -DSLABCHECK_MAN_PAGES=ON \
	-DCMAKE_C_FLAGS="$(flags CPPFLAGS) $(flags CFLAGS)" \
	-DCMAKE_CXX_FLAGS="$(flags CPPFLAGS) $(flags CXXFLAGS)" \
	-DCMAKE_EXE_LINKER_FLAGS="$(flags LDFLAGS)" \
	-DCMAKE_MODULE_LINKER_FLAGS="$(flags LDFLAGS)" \
	-DCMAKE_SHARED_LINKER_FLAGS="$(flags LDFLAGS)" \
	-DSLABCHECK_PACKAGE_DEPENDS="$depends" \
	-DSLABCHECK_PACKAGE_RECOMMENDS="$recommends" \
	"${launcher[@]}" "${maintainer[@]}"
cache() { # VARIABLE: its value in the build's CMake cache
	sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"
}
[ -n "$(cache SLABCHECK_MAINTAINER)" ] ||
	die "no maintainer: set DEBFULLNAME and DEBEMAIL, or" \
		"SLABCHECK_MAINTAINER='NAME <ADDRESS>' (docs/install.md)"
run "building (the log: $log)" \
	make -C "$build" -j"$(nproc)" --no-print-directory
run "packaging" cmake -E chdir "$build" cpack -G DEB
version=$(cache CMAKE_PROJECT_VERSION)
package=$build/slabcheck_${version}_$(dpkg --print-architecture).deb
[ -f "$package" ] || die "cpack wrote no $package"

# CPack adds maintainer scripts that run ldconfig when a shared object lies
# in a directory of /usr/lib: the Clang plugin, which Clang loads by its
# path and ldconfig has no business with.  A package with a postrm stays
# in dpkg's "rc" state after `apt remove` (dpkg keeps the script for the
# purge): they go.  And CPack's strip leaves the compiler's .comment
# section, which Debian's own packages drop (dh_strip).  The package is
# rebuilt without them, with its checksums made again.
root=$build/package-root
rm -rf "$root"
dpkg-deb -R "$package" "$root"
rm -f "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"
[ "$(ls "$root/DEBIAN" | xargs)" = "control md5sums" ] ||
	die "unexpected control files: $(ls "$root/DEBIAN" | xargs)"
find "$root/usr" -type f -exec sh -c \
	'head -c4 "$1" | grep -q "^.ELF"' _ {} \; -print | sort |
	while read -r file; do
		objcopy --remove-section=.comment "$file" ||
			die "objcopy --remove-section=.comment $file failed"
	done
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) \
	>"$root/DEBIAN/md5sums"
run "rebuilding it without them" \
	dpkg-deb --root-owner-group -Zxz --build "$root" "$package"
rm -rf "$root"
echo "$package"
