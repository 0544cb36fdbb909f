#!/usr/bin/env bash
# slabcheck kbuild keeps the user's build: what it passes to make, seen by
# a make of our own first on PATH that records its arguments.  The
# build's KCFLAGS (command line or environment), LLVM=, CC=, C=, CF=, W=
# and O= are kept and ours added; KBUILD_MODPOST_WARN=1 only while there is
# no Module.symvers; kbuild --help is ours, not make's; a run that checks
# nothing says so.  Then, with the real make, a tree that names its
# sources by absolute paths (as O= builds do): a baseline written in one
# copy of the tree hides the same findings in another.
#
# usage: check-kbuild-arguments.sh SLABCHECK SOURCE_DIR GCC
set -u
slabcheck=$(realpath "$1")
source_dir=$2
gcc=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

# Stand-in trees have the series' header: without it kbuild refuses.
mkdir -p "$work/bin" "$work/linux/include/linux" "$work/module"
touch "$work/linux/include/linux/slab-static.h"
cat >"$work/bin/make" <<'SH'
#!/bin/sh
for argument in "$@"; do
	printf '%s\n' "$argument"
done >"$MAKE_ARGUMENTS"
SH
chmod +x "$work/bin/make"
export MAKE_ARGUMENTS=$work/arguments

# --clang needs a Clang plugin to name, not one that loads: our make runs
# no compiler (and a build without the Clang front-ends has none).
touch "$work/slabcheck_clang.so"
kbuild() { # ARGUMENTS...: runs slabcheck kbuild with our make
	PATH=$work/bin:$PATH SLABCHECK_CLANG_PLUGIN=$work/slabcheck_clang.so \
		"$slabcheck" kbuild -C "$work/linux" "$@" >/dev/null \
		2>"$work/stderr"
}
passed_to_make() { # PATTERN: the arguments make got that match it
	grep -E "$1" "$work/arguments"
}

kbuild KCFLAGS=-Wno-error fs/
actual=$(passed_to_make '^KCFLAGS=')
case "$actual" in
"KCFLAGS=-Wno-error -fplugin="*slabcheck_gcc*stream-results*) ok ;;
*) bad "KCFLAGS on the command line: theirs, then ours: $actual" ;;
esac
KCFLAGS="-Wno-error -g" kbuild fs/
actual=$(passed_to_make '^KCFLAGS=')
case "$actual" in
"KCFLAGS=-Wno-error -g -fplugin="*) ok ;;
*) bad "KCFLAGS from the environment: theirs, then ours: $actual" ;;
esac
expect "W=, O= and the targets passed on" "W=1
O=out
fs/" "$(kbuild W=1 O=out fs/ && passed_to_make '^(W|O)=|^fs/')"

kbuild CC="ccache gcc" fs/
actual=$(passed_to_make '^(CC|KCFLAGS)=')
case "$actual" in
"CC=ccache gcc"$'\n'"KCFLAGS=-fplugin="*) ok ;;
"KCFLAGS=-fplugin="*$'\n'"CC=ccache gcc") ok ;;
*) bad "CC=\"ccache gcc\" kept, the plugin in KCFLAGS: $actual" ;;
esac
# distccd refuses -fplugin=: slabcheck-gcc loads the plugin on the helper.
kbuild CC="distcc gcc" fs/
expect "CC=\"distcc gcc\": slabcheck-gcc, directives kept, no -fplugin=" \
	"CC=distcc slabcheck-gcc:1:0" "$(passed_to_make '^CC='):$(passed_to_make \
		'^KCFLAGS=-fdirectives-only -fworking-directory .*stream-results' |
		wc -l):$(passed_to_make -- '-fplugin=' | wc -l)"
CCACHE_PREFIX=distcc kbuild CC="ccache gcc" fs/
expect "CC=\"ccache gcc\" with CCACHE_PREFIX=distcc: slabcheck-gcc" \
	"CC=ccache slabcheck-gcc" "$(passed_to_make '^CC=')"

# A cross GCC gets the plugin built for it (gcc-plugin/MACHINE/), named by
# CROSS_COMPILE= on the command line or in the environment, or by CC=.
cross_plugin=$(dirname "$slabcheck")/../gcc-plugin/aarch64-linux-gnu/slabcheck_gcc.so
if [ -f "$cross_plugin" ] && command -v aarch64-linux-gnu-gcc >/dev/null; then
	cross_plugin=$(realpath "$cross_plugin")
	kbuild ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- fs/
	expect "CROSS_COMPILE=aarch64-linux-gnu- loads the aarch64 plugin" \
		"ARCH=arm64:CROSS_COMPILE=aarch64-linux-gnu-:1" \
		"$(passed_to_make '^(ARCH|CROSS_COMPILE)=' | paste -sd:):$(
			passed_to_make "^KCFLAGS=-fplugin=$cross_plugin " | wc -l)"
	CROSS_COMPILE=aarch64-linux-gnu- kbuild ARCH=arm64 fs/
	expect "CROSS_COMPILE in the environment: the aarch64 plugin" 1 \
		"$(passed_to_make "^KCFLAGS=-fplugin=$cross_plugin " | wc -l)"
	kbuild CC="ccache aarch64-linux-gnu-gcc" fs/
	expect "CC=\"ccache aarch64-linux-gnu-gcc\": the aarch64 plugin" 1 \
		"$(passed_to_make "^KCFLAGS=-fplugin=$cross_plugin " | wc -l)"
	# distcc's helpers run slabcheck-gcc, the native GCC: refused.
	status=0
	kbuild CC="distcc aarch64-linux-gnu-gcc" fs/ || status=$?
	expect "CC=\"distcc aarch64-linux-gnu-gcc\" refused" "2:1" \
		"$status:$(grep -c 'needs a slabcheck built for it' "$work/stderr")"
	# The GCC slabcheck was built for keeps its own.
	kbuild CC="$gcc" fs/
	expect "CC=$gcc: not the aarch64 plugin" 0 \
		"$(passed_to_make "^KCFLAGS=-fplugin=$cross_plugin " | wc -l)"
fi

kbuild --clang LLVM=-14 fs/
expect "--clang keeps LLVM=-14" "LLVM=-14" "$(passed_to_make '^LLVM=')"
kbuild --clang fs/
expect "--clang adds LLVM=1" "LLVM=1" "$(passed_to_make '^LLVM=')"
kbuild --clang CC=clang-16 fs/
expect "--clang keeps CC=clang-16, adds no LLVM=" "CC=clang-16" \
	"$(passed_to_make '^(LLVM|CC)=')"

kbuild --sparse fs/
actual=$(passed_to_make '^(C|CHECK|CF)=')
case "$actual" in
"C=2"$'\n'"CHECK=/"*slabcheck-sparse$'\n'"CF=--slabcheck-findings-dir="*) ok ;;
*) bad "--sparse: C=2, CHECK=, CF=: $actual" ;;
esac
kbuild --sparse C=1 CF=-Wsparse-all fs/
actual=$(passed_to_make '^(C|CF)=')
case "$actual" in
"C=1"$'\n'"CF=-Wsparse-all --slabcheck-findings-dir="*) ok ;;
*) bad "--sparse keeps C=1 and CF=: $actual" ;;
esac
expect "C=1 checked nothing: the summary says so, and why" \
	"slabcheck: 0 units checked, 0 modules linked; findings: 0 new, 0 known, 0 suppressed
slabcheck: the build's C=1 checks only what make recompiles; C=2 (the default of slabcheck kbuild --sparse) checks every file" \
	"$(cat "$work/stderr")"

kbuild M="$work/module" modules
expect "M= without Module.symvers: KBUILD_MODPOST_WARN=1" \
	"KBUILD_MODPOST_WARN=1" "$(passed_to_make '^KBUILD_MODPOST_WARN=')"
kbuild fs/ufs/ufs.ko fs/fat/fat.ko
expect "in-tree modules by name without Module.symvers: KBUILD_MODPOST_WARN=1" \
	"KBUILD_MODPOST_WARN=1" "$(passed_to_make '^KBUILD_MODPOST_WARN=')"
kbuild fs/ufs/ufs.ko vmlinux
expect "vmlinux among the targets: no KBUILD_MODPOST_WARN" "" \
	"$(passed_to_make '^KBUILD_MODPOST_WARN=')"
touch "$work/linux/Module.symvers"
kbuild fs/ufs/ufs.ko
expect "in-tree module with Module.symvers: no KBUILD_MODPOST_WARN" "" \
	"$(passed_to_make '^KBUILD_MODPOST_WARN=')"
kbuild M="$work/module" modules
expect "M= with Module.symvers: no KBUILD_MODPOST_WARN" "" \
	"$(passed_to_make '^KBUILD_MODPOST_WARN=')"
mkdir "$work/linux/out"
kbuild O=out M="$work/module" modules
expect "O= without Module.symvers there: KBUILD_MODPOST_WARN=1" \
	"KBUILD_MODPOST_WARN=1" "$(passed_to_make '^KBUILD_MODPOST_WARN=')"

rm -f "$work/arguments"
PATH=$work/bin:$PATH "$slabcheck" kbuild --help >"$work/help"
expect "kbuild --help: ours, make not run" "0:Usage: slabcheck kbuild:no make" \
	"$?:$(head -1 "$work/help" | cut -d' ' -f1-3):$([ -e "$work/arguments" ] &&
		echo make || echo no make)"
"$slabcheck" link --help >/dev/null
expect "link --help" 0 "$?"

# A tree whose Makefile names its sources by absolute paths, as kbuild
# does with O=: fingerprints relative to the tree, so that a baseline
# written in one copy hides the same findings in the other.
mkdir -p "$work/a/linux/drivers/foo" "$work/a/linux/include/linux"
touch "$work/a/linux/include/linux/slab-static.h"
cat >"$work/a/linux/Makefile" <<MAKE
drivers/foo/foo.o: FORCE
	$gcc \$(KCFLAGS) -std=gnu11 -O2 -nostdinc \\
		-isystem $source_dir/tests/include -c -o \$@ \$(CURDIR)/drivers/foo/foo.c
FORCE:
MAKE
cat >"$work/a/linux/drivers/foo/foo.c" <<'C'
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo_req { unsigned long flags; };
static struct kmem_cache_opaque foo_cache;

void __init foo_init(void)
{
	KMEM_CACHE_SETUP(to_kmem_cache(&foo_cache), foo_req, SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&foo_cache), foo_req, SLAB_PANIC);
}
C
cp -r "$work/a" "$work/b"
"$slabcheck" kbuild --quiet -C "$work/a/linux" \
	--write-baseline="$work/baseline.json" drivers/foo/foo.o \
	>"$work/out" 2>/dev/null
expect "absolute paths: a finding in the first copy" \
	"1:$work/a/linux/drivers/foo/foo.c" \
	"$?:$(grep -v ': note: ' "$work/out" | cut -d: -f1)"
"$slabcheck" kbuild --quiet -C "$work/b/linux" \
	--baseline="$work/baseline.json" drivers/foo/foo.o >"$work/out" \
	2>/dev/null
expect "absolute paths: known in the other copy" "0:" \
	"$?:$(cat "$work/out")"

# The CI job of docs/reports.md, as pasted from it, on a git repository
# of that tree: the base commit has one finding, the patch adds another.
sed -n '/^# slabcheck-ci.sh/,/^```$/p' "$source_dir/docs/reports.md" |
	sed '$d' >"$work/slabcheck-ci.sh"
cp -r "$work/a/linux" "$work/git-linux"
(cd "$work/git-linux" && git init -q && git add -A &&
	git -c user.name=ci -c user.email=ci@localhost commit -qm base &&
	sed -i 's/^}$/\tKMEM_CACHE_SETUP(to_kmem_cache(\&foo_cache), foo_req, SLAB_PANIC);\n}/' \
		drivers/foo/foo.c &&
	git -c user.name=ci -c user.email=ci@localhost commit -qam patch)
(cd "$work" && PATH=$(dirname "$slabcheck"):$PATH sh slabcheck-ci.sh \
	"$work/git-linux" HEAD~1 drivers/foo/foo.o >"$work/ci-out" 2>/dev/null)
status=$?
expect "the CI job of docs/reports.md" "1:slabcheck: new findings, see slabcheck.txt:1:2" \
	"$status:$(cat "$work/ci-out"):$(grep -c '^>> .*warning:' \
		"$work/slabcheck.txt"):$(grep -c 'warning:' "$work/slabcheck.txt")"

# O=: a stand-in for kbuild's layout, the sources in the tree, the
# compiles, objects and .mod files in O=.  A module of two directories is
# one module only by its .mod file, which the link step must find in O=.
mkdir -p "$work/o-tree/drivers/fatlike/sub" "$work/o-tree/include/linux"
touch "$work/o-tree/include/linux/slab-static.h"
cp "$source_dir/tests/lit/link/init-fails-other-file.c" \
	"$work/o-tree/drivers/fatlike/inode.c"
cp "$source_dir/tests/lit/link/Inputs/fat-cache.c" \
	"$work/o-tree/drivers/fatlike/sub/cache.c"
# It writes kbuild's .cmd files too, for --clang-tool.
cat >"$work/o-tree/Makefile" <<'MAKE'
modules: FORCE
	mkdir -p $(O)/drivers/fatlike/sub
	cd $(O) && for f in inode sub/cache; do \
		cmd="$(GCC) $(KCFLAGS) $(FLAGS) -c -o drivers/fatlike/$$f.o $(CURDIR)/drivers/fatlike/$$f.c"; \
		$$cmd || exit 1; \
		echo "savedcmd_drivers/fatlike/$$f.o := $$cmd" \
		>drivers/fatlike/$$(dirname $$f)/.$$(basename $$f).o.cmd; \
	done
	printf 'drivers/fatlike/inode.o\ndrivers/fatlike/sub/cache.o\n' \
		>$(O)/drivers/fatlike/fatlike.mod
FLAGS := -D__KERNEL__ -std=gnu11 -O2 -nostdinc -isystem $(INCLUDE) \
	-DMODULE -DSLABCHECK_TWIN
FORCE:
MAKE
o_expected="$work/o-tree/drivers/fatlike/sub/cache.c:28:9: warning: static cache 'fat_cache_instance' stays set up when module init 'init_fat_fs' fails [kmem-module-leak]
$work/o-tree/drivers/fatlike/inode.c:48:8: note: 'fat_cache_init' sets up 'fat_cache_instance', called here
$work/o-tree/drivers/fatlike/inode.c:62:9: note: 'init_fat_fs' returns failure here
slabcheck: 2 units checked, 1 module linked; findings: 1 new, 0 known, 0 suppressed"
"$slabcheck" kbuild -C "$work/o-tree" O="$work/o-out" GCC="$gcc" \
	INCLUDE="$source_dir/tests/include" modules >"$work/out" 2>"$work/err"
expect "O=: the module found in the object tree and linked" \
	"1:$o_expected" "$?:$(cat "$work/out"; tail -1 "$work/err")"
# slabcheck-clang over what the build compiled, read from O='s .cmd files;
# its database is not left in the trees.
if [ -x "$(dirname "$slabcheck")/../clang-check/slabcheck-clang" ]; then
	"$slabcheck" kbuild --clang-tool -C "$work/o-tree" O="$work/o-out" \
		GCC="$gcc" INCLUDE="$source_dir/tests/include" modules \
		>"$work/out" 2>"$work/err"
	expect "O= --clang-tool: the same" "1:$o_expected" \
		"$?:$(cat "$work/out"; tail -1 "$work/err")"
	expect "O= --clang-tool: no compile_commands.json left" "" \
		"$(find "$work/o-tree" "$work/o-out" -name compile_commands.json)"
fi

finish
