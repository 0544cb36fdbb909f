#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# check-annotations.sh [WORKDIR]
#
# The annotations of sparse-annotations/*.patch, on the kernel port that
# prepare-tree.sh keeps in WORKDIR (default /var/tmp/slabcheck-kernel):
#
#  objects      the objects of the clean stage (run-kernel-stage.sh), and
#               those of ufs.ko and fat.ko, are the same bytes built with
#               and without the annotations: they change no generated code;
#  warnings     stock sparse (/usr/bin/sparse, STOCK_SPARSE) prints the
#               same warnings on them with and without the annotations
#               (make C=2): the port itself needs no change for them;
#  planted      with the annotations, planted/inode-flag-preallocated.patch
#               (a flag made of mm/'s bit in fs/inode.c) gets stock sparse's
#               restricted-type warning on its line.
#
# Patched files are copied first and put back at the end, on errors and
# signals too.  Holds the locks of prepare-tree.sh and build-converted.sh.
# Output: PASS/FAIL lines, then "N passed, M failed".
set -eu
set -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
root=$(cd "$here/../.." && pwd)
jobs=${JOBS:-2}
stock=${STOCK_SPARSE:-/usr/bin/sparse}
workdir=${1:-/var/tmp/slabcheck-kernel}
tmp=$(mktemp -d)
tree=

objects=("${core_objects[@]}" "${ufs_objects[@]}" "${fat_objects[@]}")
annotations=("$root"/sparse-annotations/*.patch)
planted=$here/planted/inode-flag-preallocated.patch

# Put back every file a patch touched, and delete the objects built from it.
restore() {
	[ -n "$tree" ] && [ -d "$tmp/backup" ] || return 0
	(cd "$tmp/backup" && find . -type f) | while IFS= read -r f; do
		cp -p "$tmp/backup/$f" "$tree/$f"
	done
	rm -rf "$tmp/backup"
	(cd "$tree" && rm -f "${objects[@]}")
}
cleanup() {
	local status=$?
	restore || status=1
	rm -rf "$tmp"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# shellcheck source=cases.sh
. "$here/cases.sh"

# apply PATCH: copy what it touches (once), then apply it.
apply() {
	local f
	sed -n -E 's%^\+\+\+ b/([^[:space:]]+).*%\1%p' "$1" | while IFS= read -r f; do
		if [ ! -e "$tmp/backup/$f" ]; then
			mkdir -p "$tmp/backup/$(dirname "$f")"
			cp -p "$f" "$tmp/backup/$f"
		fi
	done
	patch -p1 --batch --forward --silent --no-backup-if-mismatch <"$1"
}

# build: the objects, then stock sparse over them (its output in $1).
build() {
	rm -f "${objects[@]}"
	make -j"$jobs" "${objects[@]}" >"$tmp/build.log" 2>&1 || {
		cat "$tmp/build.log" >&2
		return 1
	}
	make -j"$jobs" C=2 "CHECK=$stock" "${objects[@]}" >"$1" 2>&1 || true
}

# The checker's diagnostics in a log, sorted.
warnings() {
	grep -E '^[^ :]+:[0-9]+:[0-9]+: ' "$1" | sort || true
}

tree=$("$here/prepare-tree.sh" "$workdir")
exec 8>"$(dirname "$tree")/.prepare-tree.lock"
flock 8
exec 9>"$tree/.build-converted.lock"
flock 9
cd "$tree"

build "$tmp/plain.log"
mkdir -p "$tmp/plain"
for o in "${objects[@]}"; do
	mkdir -p "$tmp/plain/$(dirname "$o")"
	cp "$o" "$tmp/plain/$o"
done

for p in "${annotations[@]}"; do
	apply "$p"
done
build "$tmp/annotated.log"
differ=
for o in "${objects[@]}"; do
	cmp -s "$o" "$tmp/plain/$o" || differ="$differ $o"
done
if [ -z "$differ" ]; then
	pass "objects (${#objects[@]}, the same bytes)"
else
	fail objects "differ:$differ"
fi

missing=$(comm -23 <(warnings "$tmp/plain.log") <(warnings "$tmp/annotated.log"))
extra=$(comm -13 <(warnings "$tmp/plain.log") <(warnings "$tmp/annotated.log"))
if [ -z "$missing$extra" ]; then
	pass "warnings ($(warnings "$tmp/plain.log" | wc -l) lines either way)"
else
	fail warnings "without only: $missing; with only: $extra"
fi

apply "$planted"
rm -f fs/inode.o
make -j"$jobs" C=2 "CHECK=$stock" fs/inode.o >"$tmp/planted.log" 2>&1 || true
line=$(grep -n -F '__SLAB_FLAG_BIT(_SLAB_PREALLOCATED)' fs/inode.c | cut -d: -f1)
if grep -q -E "^fs/inode.c:$line:[0-9]+: warning: restricted slab_internal_bit_t degrades to integer\$" \
	"$tmp/planted.log"; then
	pass "planted (fs/inode.c:$line, stock sparse warns)"
else
	grep -E '^fs/inode.c:' "$tmp/planted.log" >&2 || true
	fail planted "no restricted-type warning on fs/inode.c:$line"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
