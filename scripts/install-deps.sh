#!/usr/bin/env bash
# Installs what building and testing slabcheck needs on Debian 12, and the
# kernel under test (linux-source-6.12) with its build dependencies; then
# builds the sparse library for slabcheck-sparse from Debian's source
# package (scripts/build-sparse.sh, cached) and fetches the SARIF schema
# the report tests validate against.
#
# The cross compilers Debian packages with plugin headers get a plugin each
# (gcc-plugin/CMakeLists.txt): the tests run the lit suite and a short arm64
# kernel stage with them.
#
# chromium loads the HTML report in a test, headless; lintian checks the
# Debian package.
#
# --gcc-door: only what building and running the GCC door needs (the
# compiler, the plugin headers, jansson, CMake), as scripts/demo.sh wants.
# --package: what building every door of the Debian package needs
# (scripts/package.sh): the GCC door, Clang 14's libraries, the sparse
# library, the cross compilers, help2man, and dpkg-dev and file for CPack.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:-}
packages=(gcc g++ make cmake gcc-12-plugin-dev libjansson-dev)
if [ "$mode" != --gcc-door ]; then
	packages+=(help2man dpkg-dev file
		clang-14 llvm-14-dev libclang-14-dev libclang-cpp14-dev
		gcc-aarch64-linux-gnu gcc-12-plugin-dev-aarch64-linux-gnu
		gcc-riscv64-linux-gnu gcc-12-plugin-dev-riscv64-linux-gnu
		gcc-powerpc64le-linux-gnu
		gcc-12-plugin-dev-powerpc64le-linux-gnu)
fi
if [ -z "$mode" ]; then
	packages+=(python3 libcmocka-dev llvm-14-tools valgrind time
		python3-jsonschema ccache distcc
		gcc-11 g++-11 gcc-11-plugin-dev
		sparse
		clang llvm lld
		clang-16 llvm-16-dev libclang-16-dev libclang-cpp16-dev
		clang-19 llvm-19-dev libclang-19-dev libclang-cpp19-dev
		chromium lintian)
	while read -r package; do
		[ -n "$package" ] && packages+=("$package")
	done < <(grep -v '^#' "$here/tests/kernel/packages.txt")
fi
missing=()
for package in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
		grep -q "ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
	sudo=
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null || {
			echo "install-deps: installing ${missing[*]} needs root:" \
				"run this as root, or install sudo" >&2
			exit 1
		}
		sudo=sudo
	fi
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
		--no-install-recommends "${missing[@]}"
fi
[ "$mode" != --gcc-door ] || exit 0
# dpkg-dev (dpkg-source) verifies and unpacks sparse's source package;
# stock sparse is what slabcheck-sparse's own warnings are compared with.
"$here/scripts/build-sparse.sh" >/dev/null
[ "$mode" != --package ] || exit 0
# The official SARIF schema the report tests validate against (pinned).
"$here/scripts/fetch-sarif-schema.sh" >/dev/null
