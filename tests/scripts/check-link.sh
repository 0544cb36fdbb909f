#!/usr/bin/env bash
# `slabcheck link` by hand: the units of a module compiled with the plugin's
# facts-dir= option are linked as one module, or grouped by kbuild's .mod
# files with --kbuild, and a facts file it cannot read fails the run.
#
# usage: check-link.sh SLABCHECK PLUGIN_SO SOURCE_DIR [GCC]
set -u
slabcheck=$1
plugin=$2
source_dir=$3
gcc=${4:-gcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

check() {
	if [ "$2" = "$3" ]; then
		passed=$((passed + 1))
	else
		echo "FAIL $1"
		diff -u <(echo "$2") <(echo "$3")
		failed=$((failed + 1))
	fi
}

# A module in two files, as kbuild lays it out: drivers/fatlike/ holds the
# sources, fatlike.mod lists the objects; another module elsewhere must
# not be linked with it.
mkdir -p "$work/drivers/fatlike" "$work/drivers/other" "$work/facts"
cp "$source_dir/tests/lit/link/init-fails-other-file.c" \
	"$work/drivers/fatlike/inode.c"
cp "$source_dir/tests/lit/link/Inputs/fat-cache.c" \
	"$work/drivers/fatlike/cache.c"
cp "$source_dir/tests/lit/link/Inputs/fat-cache.c" \
	"$work/drivers/other/other_cache.c"
printf 'drivers/fatlike/inode.o\ndrivers/fatlike/cache.o\n' \
	>"$work/drivers/fatlike/fatlike.mod"
printf 'drivers/other/other_cache.o\n' >"$work/drivers/other/other.mod"
cd "$work" || exit 1
for f in drivers/fatlike/inode.c drivers/fatlike/cache.c drivers/other/other_cache.c; do
	"$gcc" -fplugin="$plugin" -fplugin-arg-slabcheck_gcc-facts-dir=facts \
		-fplugin-arg-slabcheck_gcc-findings-dir=facts \
		-std=gnu11 -O2 -nostdinc -isystem "$source_dir/tests/include" \
		-DMODULE -DSLABCHECK_TWIN -c -o /dev/null "$f" || exit 1
done
rm -f facts/*.json
expected="drivers/fatlike/cache.c:28:9: warning: static cache 'fat_cache_instance' stays set up when module init 'init_fat_fs' fails [kmem-module-leak]
drivers/fatlike/inode.c:62:9: note: 'init_fat_fs' returns failure here"

actual=$("$slabcheck" link facts/inode.c.*.facts facts/cache.c.*.facts)
check "link: exit status" 1 $?
check "link: findings" "$expected" "$actual"

actual=$("$slabcheck" link --kbuild facts/*.facts)
check "link --kbuild: exit status" 1 $?
check "link --kbuild: findings, once" "$expected" "$actual"

actual=$("$slabcheck" link --rule=kmem-resetup facts/*.facts)
check "link --rule: exit status" 0 $?
check "link --rule: findings" "" "$actual"

echo '{"format": "slabcheck-facts", "version": 99}' >facts/bad.facts
actual=$("$slabcheck" link facts/bad.facts 2>&1)
check "link: bad facts exit status" 2 $?
check "link: bad facts message" \
	"slabcheck: facts/bad.facts: not slabcheck-facts version 2" "$actual"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
