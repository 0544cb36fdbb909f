#!/usr/bin/env bash
# Audits examples/ringbuf as an out-of-tree module of the prepared kernel
# with `slabcheck kbuild M=...`: the findings must be the planted bugs of
# examples/ringbuf/EXPECTED (same lines, same columns, same messages).
# DOOR --clang builds with LLVM=1 and the Clang plugin (WORKDIR must then
# hold a tree prepared with LLVM=1), --clang-tool builds as is and runs
# slabcheck-clang over the module's compile_commands.json; the GCC plugin
# by default.
#
# usage: check-example-kbuild.sh SLABCHECK SOURCE_DIR WORKDIR [DOOR]
set -u
slabcheck=$1
source_dir=$2
workdir=$3
door=(${4:+"$4"})
[ "${4:-}" != --clang ] || export LLVM=1
bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir" >/dev/null || {
	echo "0 passed, 1 failed"
	exit 1
}
module=$(mktemp -d)
trap 'rm -rf "$module"' EXIT
cp "$source_dir"/examples/ringbuf/* "$module/"
# make's own progress lines go to stdout too: keep the findings.
actual=$("$slabcheck" kbuild "${door[@]}" -C "$workdir/linux-source-6.12" \
	M="$module" modules 2>/dev/null)
status=$?
actual=$(grep -E ': (warning|note): ' <<<"$actual")
expected=$(sed "s|^examples/ringbuf/|$module/|" \
	"$source_dir/examples/ringbuf/EXPECTED")
if [ "$status" -ne 1 ] || [ "$actual" != "$expected" ]; then
	echo "slabcheck kbuild exited $status; findings:"
	diff -u <(echo "$expected") <(echo "$actual")
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1 passed, 0 failed"
