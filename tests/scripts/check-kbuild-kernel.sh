#!/usr/bin/env bash
# slabcheck kbuild on the real kernel (CONFIG_WERROR=y, as defconfig has
# it), the way users and CI run it:
#  - the build's KCFLAGS=-Wno-error is kept: a module with an unused static
#    function builds, and its findings are reported (without it the object
#    fails under -Werror, which shows that the case matters);
#  - a baseline written for an out-of-tree module in one directory hides
#    the same findings when the module is checked out elsewhere, and
#    --mark-new marks the one a change adds;
#  - --clang-tool checks what the targets built, from a database of its
#    own: the tree's and the module's compile_commands.json are not
#    written;
#  - the example's `make -C examples/ringbuf check`, as its comment says.
#
# usage: check-kbuild-kernel.sh SLABCHECK SOURCE_DIR WORKDIR
set -u
slabcheck=$1
source_dir=$2
workdir=$3
tree=$(bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir") || {
	echo "0 passed, 1 failed"
	exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
findings() { # FILE: the finding lines of a run's stdout
	grep -E ': (warning|note): ' "$1"
}
module_copy() { # DIR: the example as an out-of-tree module in DIR
	mkdir -p "$1"
	cp "$source_dir"/examples/ringbuf/* "$1/"
}
expected() { # DIR: EXPECTED, for the module in DIR
	sed "s|^examples/ringbuf/|$1/|" "$source_dir/examples/ringbuf/EXPECTED"
}

grep -qx CONFIG_WERROR=y "$tree/.config" || bad "the tree has no CONFIG_WERROR=y"

# An unused static function: -Wunused-function, an error under -Werror.
module_copy "$work/unused"
printf '\nstatic void ringbuf_unused(void)\n{\n}\n' >>"$work/unused/ringbuf.c"
"$slabcheck" kbuild -C "$tree" M="$work/unused" modules \
	>"$work/out" 2>"$work/err"
status=$?
[ "$status" -ge 2 ] && grep -q "1 object failed to compile" "$work/err" &&
	ok || bad "without -Wno-error the object fails (exit $status)"
"$slabcheck" kbuild -C "$tree" M="$work/unused" KCFLAGS=-Wno-error modules \
	>"$work/out" 2>"$work/err"
status=$?
expect "KCFLAGS=-Wno-error kept: built, findings reported" \
	"1:$(expected "$work/unused")" "$status:$(findings "$work/out")"
grep -q "ringbuf_unused.* defined but not used" "$work/err" &&
	ok || bad "KCFLAGS=-Wno-error: the compiler's own warning stays"
grep -q "object.* failed" "$work/err" &&
	bad "KCFLAGS=-Wno-error: an object failed" || ok

# A baseline across checkouts of an out-of-tree module.
module_copy "$work/a/ringbuf"
module_copy "$work/b/ringbuf"
"$slabcheck" kbuild -C "$tree" M="$work/a/ringbuf" \
	--write-baseline="$work/baseline.json" modules >/dev/null 2>&1
"$slabcheck" kbuild -C "$tree" M="$work/b/ringbuf" \
	--baseline="$work/baseline.json" modules >"$work/out" 2>"$work/err"
expect "M= baseline from another directory: nothing new" "0:" \
	"$?:$(findings "$work/out")"
# ringbuf.c, the generated ringbuf.mod.c and .module-common.c.
expect "M= baseline: the summary counts them known" \
	"slabcheck: 3 units checked, 0 modules linked; findings: 0 new, 4 known, 0 suppressed" \
	"$(tail -1 "$work/err")"
# A change forgets rb_reader_cache in module exit.
sed -i '/^static void __exit ringbuf_exit/,/^}/{/rb_reader_cachep);/d}' \
	"$work/b/ringbuf/ringbuf.c"
"$slabcheck" kbuild -C "$tree" M="$work/b/ringbuf" --mark-new \
	--baseline="$work/baseline.json" modules >"$work/out" 2>/dev/null
status=$?
# rb_reader_cache is set up in two places (init and its debug helper):
# two new findings, and the four of the baseline unmarked.
expect "M= --mark-new: the new findings marked, the known ones not" \
	"1:2:2:4" "$status:$(grep -c '^>> .*warning:' "$work/out"):$(grep -c \
		"^>> .*'rb_reader_cache' is not destroyed on every path out of module exit 'ringbuf_exit' \[kmem-module-leak\]" \
		"$work/out"):$(grep -c "^$work/b/.*warning:" "$work/out")"

# --clang-tool: only what the targets built, and no database in the
# user's directories.
if [ -x "$(dirname "$slabcheck")/../clang-check/slabcheck-clang" ]; then
	module_copy "$work/tool"
	rm -f "$tree/compile_commands.json.slabcheck-test"
	[ -e "$tree/compile_commands.json" ] &&
		cp -p "$tree/compile_commands.json" \
			"$tree/compile_commands.json.slabcheck-test"
	"$slabcheck" kbuild --clang-tool -C "$tree" M="$work/tool" modules \
		>"$work/out" 2>"$work/err"
	status=$?
	expect "--clang-tool M=: the module's findings" \
		"1:$(expected "$work/tool")" "$status:$(findings "$work/out")"
	[ ! -e "$work/tool/compile_commands.json" ] && ok ||
		bad "--clang-tool wrote the module's compile_commands.json"
	"$slabcheck" kbuild --clang-tool -C "$tree" fs/ufs/ >"$work/out" \
		2>"$work/err"
	# fs/ufs/'s dozen files, not the thousands of the tree.
	units=$(tail -1 "$work/err" | sed -n 's/^slabcheck: \([0-9]*\) units checked, 1 module linked; findings: 0 new, 0 known, 0 suppressed$/\1/p')
	[ -n "$units" ] && [ "$units" -gt 5 ] && [ "$units" -lt 30 ] && ok ||
		bad "--clang-tool fs/ufs/: $(tail -1 "$work/err")"
	if [ -e "$tree/compile_commands.json.slabcheck-test" ]; then
		cmp -s "$tree/compile_commands.json" \
			"$tree/compile_commands.json.slabcheck-test" && ok ||
			bad "--clang-tool changed the tree's compile_commands.json"
		rm -f "$tree/compile_commands.json.slabcheck-test"
	else
		[ ! -e "$tree/compile_commands.json" ] && ok ||
			bad "--clang-tool wrote the tree's compile_commands.json"
	fi
fi

# The example's Makefile, from the top of the source tree, as its comment
# has it.
module_copy "$work/example"
mkdir -p "$work/example/examples"
make -s -C "$work/example" check KDIR="$tree" SLABCHECK="$slabcheck" \
	>"$work/out" 2>"$work/err"
status=$?
expect "make -C examples/ringbuf check" "0:$(expected "$work/example")" \
	"$status:$(findings "$work/out")"

finish
