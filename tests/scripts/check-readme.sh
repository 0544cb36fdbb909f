#!/usr/bin/env bash
# The README's journeys, as pasted, with slabcheck installed from its
# package (scripts/test.sh installs it first): each command line is taken
# from README.md, where it must still stand, and run by a shell whose home
# holds `linux`, the prepared kernel tree with the series.  Checking a
# kernel build (GCC plugin by its short name, make C=2 with
# slabcheck-sparse, slabcheck kbuild), only new findings with a baseline,
# and an out-of-tree driver (the example, through slabcheck kbuild and its
# Makefile's check and demo targets).
#
# usage: check-readme.sh SOURCE_DIR WORKDIR
set -u
source_dir=$1
tree=$(bash "$source_dir/tests/kernel/prepare-tree.sh" "$2") || {
	echo "0 passed, 1 failed"
	exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
readme=$source_dir/README.md
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

command -v slabcheck >/dev/null && [ "$(command -v slabcheck)" = /usr/bin/slabcheck ] ||
	bad "slabcheck is not installed as the package installs it"
mkdir -p "$work/home"
ln -s "$tree" "$work/home/linux"
status=0
# paste LINE: runs the README's LINE in the home; its status in $status.
paste() {
	if ! grep -qxF "    $1" "$readme"; then
		bad "README.md no longer has: $1"
		status=-1
		return
	fi
	(cd "$work/home" && HOME=$work/home bash -c "$1") >"$work/out" \
		2>"$work/err"
	status=$?
}
findings() {
	grep -cE ': (warning|note): ' "$work/out"
}

# A fresh machine's two commands, and the package where the README's
# install line looks for it (scripts/test.sh has run scripts/package.sh).
for line in scripts/demo.sh scripts/test.sh; do
	grep -qxF "    $line" "$readme" && [ -x "$source_dir/$line" ] && ok ||
		bad "README.md: no '$line' for a fresh machine"
done
install_line="scripts/package.sh && sudo apt install ./build-package/slabcheck_*.deb"
if grep -qxF "    $install_line" "$readme" &&
	compgen -G "$source_dir/build-package/slabcheck_*.deb" >/dev/null; then
	ok
else
	bad "README.md: no '$install_line', or no package there"
fi

# Checking a kernel build: the port's fs/ufs is clean.
paste "make -C ~/linux KCFLAGS=-fplugin=slabcheck_gcc fs/ufs/"
expect "make KCFLAGS=-fplugin=slabcheck_gcc: built, clean, plugin loaded" \
	"0:0:1" "$status:$(grep -c '\[kmem-' "$work/err"):$(grep -c \
		-- '-fplugin=slabcheck_gcc' "$tree/fs/ufs/.super.o.cmd")"
paste "make -C ~/linux C=2 CHECK=slabcheck-sparse fs/ufs/"
expect "make C=2 CHECK=slabcheck-sparse: checked, clean" "0:0" \
	"$status:$(grep -c '\[kmem-' "$work/err")"
grep -q "CHECK .*fs/ufs/super.c" "$work/out" && ok ||
	bad "make C=2 CHECK=slabcheck-sparse: super.c not checked"
paste "slabcheck kbuild -C ~/linux fs/ufs/"
expect "slabcheck kbuild: clean, ufs.ko linked" "0:0:1 module linked" \
	"$status:$(findings):$(tail -1 "$work/err" | grep -o '1 module linked')"

# Only new findings: the baseline of the clean tree knows nothing, the
# comparison finds nothing new.
paste "slabcheck kbuild -C ~/linux --write-baseline=base.json fs/ufs/"
expect "--write-baseline" "0:slabcheck-baseline" \
	"$status:$(grep -o slabcheck-baseline "$work/home/base.json")"
paste "slabcheck kbuild -C ~/linux --baseline=base.json --mark-new fs/ufs/"
expect "--baseline --mark-new" "0:0" "$status:$(findings)"

# An out-of-tree driver: the example's planted bugs.
paste "cp -r /usr/share/doc/slabcheck/examples ~/slabcheck-examples"
expected=$(sed "s|^examples/ringbuf/|$work/home/slabcheck-examples/ringbuf/|" \
	"$source_dir/examples/ringbuf/EXPECTED")
paste 'slabcheck kbuild -C ~/linux M=$HOME/slabcheck-examples/ringbuf modules'
expect "slabcheck kbuild M=: the planted bugs" "1:$expected" \
	"$status:$(grep -E ': (warning|note): ' "$work/out")"
grep -qF -- "make -C ~/slabcheck-examples/ringbuf check" "$readme" &&
	grep -qF -- "make -C ~/slabcheck-examples/ringbuf demo" "$readme" ||
	bad "README.md no longer has the example's make check and demo"
(cd "$work/home" && HOME=$work/home bash -c \
	'make -C ~/slabcheck-examples/ringbuf check KDIR=~/linux') \
	>"$work/out" 2>/dev/null
expect "make check KDIR=~/linux" "0:9" "$?:$(findings)"
(cd "$work/home" && HOME=$work/home bash -c \
	'make -C ~/slabcheck-examples/ringbuf demo') >"$work/out" 2>/dev/null
expect "make demo" "0:9" "$?:$(findings)"

finish
