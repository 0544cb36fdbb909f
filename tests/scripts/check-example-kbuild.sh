#!/usr/bin/env bash
# Audits examples/ringbuf as an out-of-tree module of the prepared kernel
# with `slabcheck kbuild [--sparse] M=...`: the findings must be the planted
# bugs of examples/ringbuf/EXPECTED (same lines, same columns, same
# messages), with the GCC plugin, (--sparse) with slabcheck-sparse,
# (--clang) with the Clang plugin and LLVM=1 (WORKDIR must then hold a tree
# prepared with LLVM=1), or (--clang-tool) with slabcheck-clang over the
# module's compile_commands.json.
#
# usage: check-example-kbuild.sh SLABCHECK SOURCE_DIR WORKDIR [DOOR]
set -u
slabcheck=$1
source_dir=$2
workdir=$3
frontend=()
case "${4:-}" in
--sparse | --clang-tool) frontend=("$4") ;;
--clang) frontend=(--clang); export LLVM=1 ;;
esac
bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir" >/dev/null || {
	echo "0 passed, 1 failed"
	exit 1
}
module=$(mktemp -d)
trap 'rm -rf "$module"' EXIT
cp "$source_dir"/examples/ringbuf/* "$module/"
# make's own progress lines go to stdout too: keep the findings.
actual=$("$slabcheck" kbuild "${frontend[@]}" -C "$workdir/linux-source-6.12" \
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

# A module with one object that does not compile: the build goes on, the
# object is listed at the end, the findings of the rest are kept, and the
# exit status says both (3: new findings and trouble).
printf 'int broken(void) { return undeclared_name; }\n' >"$module/broken.c"
sed -i 's/^obj-m.*/&\nobj-m += broken.o/' "$module/Kbuild"
# A tree built with LLVM=1 only loads the Clang plugin.
plugin_door=()
[ "${4:-}" != --clang ] || plugin_door=(--clang)
actual=$("$slabcheck" kbuild "${plugin_door[@]}" \
	-C "$workdir/linux-source-6.12" M="$module" modules 2>"$module/stderr")
status=$?
actual=$(grep -E ': (warning|note): ' <<<"$actual")
if [ "$status" -ne 3 ] || [ "$actual" != "$expected" ] ||
	! grep -q "^slabcheck: 1 object failed to compile: $module/broken.o$" \
		"$module/stderr" ||
	! grep -q "; 1 object failed to compile$" "$module/stderr"; then
	echo "with a broken object: slabcheck kbuild exited $status"
	tail -3 "$module/stderr"
	diff -u <(echo "$expected") <(echo "$actual")
	echo "1 passed, 1 failed"
	exit 1
fi
echo "2 passed, 0 failed"
