#!/usr/bin/env bash
# Builds the Clang front-ends against every other Clang installed under
# /usr/lib/llvm-N (Debian 12 has 14, the default that scripts/test.sh
# tests with everything else, and 16 and 19: scripts/install-deps.sh
# installs clang-N llvm-N-dev libclang-N-dev libclang-cppN-dev for both),
# and runs the lit suite under both Clang doors and the object identity
# check with each: clang-check/clang-compat.h holds what differs between
# them.  Only what those need is built (slabcheck_clang.so,
# slabcheck-clang, the slabcheck command), in build-clangN/.
# scripts/test.sh runs it with --lit-only: the object identity check,
# single-threaded, costs more than the rest.
#
# usage: scripts/test-clang-versions.sh [--lit-only] [N...]
#        (default: every version installed)
set -eu
set -o pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objects=1
if [ "${1:-}" = --lit-only ]; then
	objects=
	shift
fi
default=$(readlink -f "$(command -v clang)" | sed -n 's%^/usr/lib/llvm-\([0-9]*\)/.*%\1%p')
versions=("$@")
if [ ${#versions[@]} -eq 0 ]; then
	for dir in /usr/lib/llvm-*; do
		version=${dir##*-}
		[ "$version" != "$default" ] &&
			[ -f "$dir/include/clang/Tooling/Tooling.h" ] &&
			[ -f "$dir/lib/libclang-cpp.so" ] && versions+=("$version")
	done
fi
status=0
for version in "${versions[@]}"; do
	build=$here/build-clang$version
	llvm=/usr/lib/llvm-$version
	echo "== Clang $version ($build)"
	cmake -S "$here" -B "$build" -DSLABCHECK_LLVM_DIR="$llvm" \
		-DSLABCHECK_KERNEL_TESTS=OFF >/dev/null
	make -C "$build" -j"$(nproc)" --no-print-directory \
		slabcheck_clang slabcheck-clang slabcheck >/dev/null
	python3 /usr/lib/llvm-14/build/utils/lit/lit.py -s \
		--param build_dir="$build" \
		--param filecheck=/usr/lib/llvm-14/bin/FileCheck \
		--param frontends=clang-plugin,clang-tool \
		--param clang="$llvm/bin/clang" "$here/tests/lit" || status=1
	[ -n "$objects" ] || continue
	bash "$here/tests/scripts/compare-objects.sh" \
		"$build/clang-check/slabcheck_clang.so" "$here" \
		"$llvm/bin/clang" | tail -n1 || status=1
done
exit "$status"
