#!/usr/bin/env bash
# Configures and builds everything into build/: every front-end, the
# manual pages and the tests.  --gcc-door: only what the GCC door needs
# (the plugin, the slabcheck command), without the tests, for
# scripts/demo.sh on a machine that install-deps.sh --gcc-door set up.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --gcc-door ]; then
	options=(-DSLABCHECK_TESTS=OFF -DSLABCHECK_CLANG=OFF
		-DSLABCHECK_SPARSE=OFF -DSLABCHECK_MAN_PAGES=OFF)
else
	options=(-DSLABCHECK_TESTS=ON -DSLABCHECK_CLANG=ON
		-DSLABCHECK_SPARSE=AUTO -DSLABCHECK_MAN_PAGES=ON)
fi
cmake -S "$here" -B "$here/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	"${options[@]}" >/dev/null
make -C "$here/build" -j"$(nproc)" --no-print-directory
