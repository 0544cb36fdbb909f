#!/usr/bin/env bash
# Installs, builds and runs every test: lit (every front-end), unit tests,
# object identity, the example, and the real-kernel stage; then slabcheck
# installed and packaged, run with the build directory out of sight; then
# the plugin built for GCC 11 through lit, object identity and the unit
# tests; then the Clang front-ends built against Clang 16 and 19 through
# lit.  Nothing is left in /etc/apt: scripts/build-sparse.sh reads
# sparse's source index with an apt state of its own.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh"
"$here/scripts/build.sh"
cd "$here/build"
ctest --output-on-failure
# Installed with cmake --install, and as the Debian package, which
# package.sh builds afresh in build-package/ with every door (and lintian
# checks, in check-install.sh).
package=$("$here/scripts/package.sh")
bash "$here/tests/scripts/check-install.sh" "$here/build" "$here" "$package"
# The README's journeys as pasted, with the package installed for real
# (and removed again unless it was there before).
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
installed_before=$(dpkg-query -W -f='${Status}' slabcheck 2>/dev/null || true)
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --reinstall \
	"$package" >/dev/null
kernel_workdir=$(sed -n 's/^SLABCHECK_KERNEL_WORKDIR:[A-Z]*=//p' \
	"$here/build/CMakeCache.txt")
readme_status=0
bash "$here/tests/scripts/check-readme.sh" "$here" "$kernel_workdir" ||
	readme_status=$?
case "$installed_before" in
*"ok installed"*) ;;
*) $sudo dpkg --purge slabcheck >/dev/null ;;
esac
[ "$readme_status" -eq 0 ]
# The plugin again for GCC 11 (Debian 12 has both): lit, object identity,
# units.  The kernel is built with the default GCC only (and with Clang by
# the first build's kernel stage); the Clang front-ends, which do not
# depend on the GCC that builds them, are tested by the first build only.
cmake -S "$here" -B "$here/build-gcc11" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_C_COMPILER=gcc-11 -DCMAKE_CXX_COMPILER=g++-11 \
	-DSLABCHECK_GCC=gcc-11 -DSLABCHECK_KERNEL_TESTS=OFF \
	-DSLABCHECK_CLANG=OFF >/dev/null
make -C "$here/build-gcc11" -j"$(nproc)" --no-print-directory
cd "$here/build-gcc11"
ctest --output-on-failure
# The Clang front-ends against the other Clang releases Debian 12 has
# (clang-check/clang-compat.h): built and run through lit under both doors.
"$here/scripts/test-clang-versions.sh" --lit-only 16 19
