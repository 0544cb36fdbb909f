#!/bin/bash
# check-new-rule.sh SOURCE_DIR LIT FILECHECK GCC [SPARSE_DIR]
#
# scripts/new-rule, used as a contributor would: in a copy of the source
# tree (the files git knows, as they are now), `scripts/new-rule
# scaffold-check` adds kmem-scaffold-check; the copy is configured and
# built (the GCC plugin, the slabcheck command, slabcheck-sparse when
# SPARSE_DIR holds sparse 0.6.4, and the new unit test); then the new
# rule's lit directory runs under those front-ends, its unit test runs,
# the twin check passes, and `slabcheck --list-rules` and `--explain`
# know the rule.  Fails on the first thing that does not work.
set -eu
set -o pipefail

if [ $# -lt 4 ] || [ $# -gt 5 ]; then
	echo "usage: $0 SOURCE_DIR LIT FILECHECK GCC [SPARSE_DIR]" >&2
	exit 2
fi
source_dir=$(cd "$1" && pwd)
lit=$2
filecheck=$3
gcc=$4
sparse_dir=${5:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# The tree as a contributor has it: tracked and new files, no build output.
(cd "$source_dir" && git ls-files -z --cached --others --exclude-standard |
	xargs -0 tar -cf - --ignore-failed-read 2>/dev/null) |
	(mkdir -p "$work/src" && cd "$work/src" && tar -xf -)
"$work/src/scripts/new-rule" scaffold-check "Scaffold check" ||
	fail "scripts/new-rule scaffold-check"
"$work/src/scripts/new-rule" scaffold-check >/dev/null 2>&1 &&
	fail "scripts/new-rule made the same rule twice"

options=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLABCHECK_TESTS=ON
	-DSLABCHECK_CLANG=OFF -DSLABCHECK_MAN_PAGES=OFF
	-DSLABCHECK_GCC="$gcc")
frontends=gcc
targets=(slabcheck_gcc slabcheck test_scaffold_check)
if [ -n "$sparse_dir" ]; then
	options+=(-DSLABCHECK_SPARSE=ON -DSLABCHECK_SPARSE_DIR="$sparse_dir")
	frontends=gcc,sparse
	targets+=(slabcheck-sparse)
else
	options+=(-DSLABCHECK_SPARSE=OFF)
fi
cmake -S "$work/src" -B "$work/build" "${options[@]}" >"$work/cmake.log" 2>&1 ||
	{ cat "$work/cmake.log" >&2; fail "configure"; }
make -C "$work/build" -j"$(nproc)" "${targets[@]}" >"$work/make.log" 2>&1 ||
	{ tail -40 "$work/make.log" >&2; fail "build"; }

python3 "$lit" -sv --param build_dir="$work/build" \
	--param filecheck="$filecheck" --param frontends="$frontends" \
	--param gcc="$gcc" "$work/src/tests/lit/scaffold-check" ||
	fail "the scaffold's lit cases"
"$work/build/tests/unit/test_scaffold_check" || fail "the scaffold's unit test"
bash "$work/src/tests/lit/check-twins.sh" >/dev/null || fail "check-twins.sh"
"$work/build/tools/slabcheck" --list-rules | grep -q '^kmem-scaffold-check' ||
	fail "--list-rules does not list kmem-scaffold-check"
"$work/build/tools/slabcheck" --explain kmem-scaffold-check |
	grep -q 'How to silence' || fail "--explain kmem-scaffold-check"
echo "PASS: scripts/new-rule scaffold-check builds, fires and is documented"
