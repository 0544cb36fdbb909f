#!/usr/bin/env bash
# Builds the Debian package build/slabcheck_VERSION_ARCH.deb from build/
# (scripts/build.sh configures it), with CPack: what `cmake --install`
# installs, under /usr, stripped.  Depends: are the libraries the programs
# and plugins link (dpkg-shlibdeps), and the GCC the plugin was built for,
# which loads it and refuses any other release; the Clang the Clang
# front-ends were built for, and its builtin headers, are recommended.
# Prints the package's path.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
[ -f "$build/CMakeCache.txt" ] || "$here/scripts/build.sh"

cache() { # VARIABLE: its value in the build's CMake cache
	sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"
}
owner() { # FILE: the Debian package that ships it
	dpkg-query -S "$(readlink -f "$1")" | head -1 | cut -d: -f1
}

gcc=$(cache SLABCHECK_GCC)
gcc_package=$(owner "$(command -v "$gcc")")
# The plugin checks GCC's version when it is loaded: this release only.
gcc_version=$("$gcc" -dumpfullversion)
next_version=${gcc_version%.*}.$((${gcc_version##*.} + 1))
depends="$gcc_package (>= $gcc_version), $gcc_package (<< $next_version)"
recommends=
if [ "$(cache SLABCHECK_CLANG)" = ON ]; then
	clang=$(cache SLABCHECK_CLANG_CC)
	resource=$("$clang" -print-resource-dir)
	recommends="$(owner "$clang"), $(owner "$resource/include/stddef.h")"
fi

cmake -S "$here" -B "$build" -DSLABCHECK_MAN_PAGES=ON \
	-DSLABCHECK_PACKAGE_DEPENDS="$depends" \
	-DSLABCHECK_PACKAGE_RECOMMENDS="$recommends" >/dev/null
make -C "$build" -j"$(nproc)" --no-print-directory >/dev/null
(cd "$build" && cpack -G DEB >/dev/null)
version=$(cache CMAKE_PROJECT_VERSION)
package=$build/slabcheck_${version}_$(dpkg --print-architecture).deb
[ -f "$package" ] || {
	echo "package.sh: cpack wrote no $package" >&2
	exit 1
}
echo "$package"
