#!/usr/bin/env bash
# check-clang-database.sh SLABCHECK_CLANG SOURCE_DIR
#
# slabcheck-clang over a compile_commands.json written the way real GCC
# builds write them, run from another directory: compilers behind a
# launcher (CC="ccache gcc", a time limit as in tests/robustness/), kbuild's
# dependency files (-Wp,-MMD,dir/.file.o.d, relative to the build's
# directory), GCC-only flags, and an assembler source, which is no C and
# is skipped.  Each C entry must be checked, and give its one finding.
set -eu
tool=$(readlink -f "$1")
source_dir=$(readlink -f "$2")
work=$(mktemp -d /tmp/slabcheck-database.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build/sub"

for unit in plain ccache timeout; do
	cat >"$work/build/sub/$unit.c" <<'SOURCE'
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo_record { long key; long value; };
static struct kmem_cache_opaque foo_cache;

void __init foo_init(void)
{
	KMEM_CACHE_SETUP(to_kmem_cache(&foo_cache), foo_record, SLAB_PANIC);
	KMEM_CACHE_SETUP(to_kmem_cache(&foo_cache), foo_record, SLAB_PANIC);
}
SOURCE
done
# An assembler source, as kbuild's database lists them: no C to check.
printf '.macro ALTERNATIVE a\n.endm\n\tALTERNATIVE "nop"\n' >"$work/build/sub/entry.S"
flags="-nostdinc -isystem $source_dir/tests/include -std=gnu11 -O2 -fconserve-stack -mrecord-mcount"
# What allmodconfig's UBSAN and KASAN add, in GCC's spelling.
flags="$flags -fsanitize=bounds-strict -fasan-shadow-offset=0xdffffc0000000000"
cat >"$work/build/compile_commands.json" <<JSON
[
  { "directory": "$work/build", "file": "sub/plain.c",
    "command": "gcc -Wp,-MMD,sub/.plain.o.d $flags -c -o sub/plain.o sub/plain.c" },
  { "directory": "$work/build", "file": "sub/ccache.c",
    "command": "/usr/bin/ccache gcc -Wp,-MMD,sub/.ccache.o.d $flags -c -o sub/ccache.o sub/ccache.c" },
  { "directory": "$work/build", "file": "sub/timeout.c",
    "command": "timeout -k 5 600 gcc -Wp,-MD,sub/.timeout.o.d $flags -c -o sub/timeout.o sub/timeout.c" },
  { "directory": "$work/build", "file": "sub/entry.S",
    "command": "gcc -D__ASSEMBLY__ -c -o sub/entry.o sub/entry.S" }
]
JSON

cd "$work"
status=0
"$tool" --path=none -p build >"$work/out" 2>&1 || status=$?
sed "s|$work/build/||" "$work/out" | sort >"$work/got"
for unit in ccache plain timeout; do
	echo "sub/$unit.c:11:2: warning: static cache 'foo_cache' may already be set up on this path [kmem-resetup]"
done >"$work/expected"
# 1: findings, and no trouble (no file in error).
if [ "$status" -ne 1 ] || ! diff -u "$work/expected" "$work/got"; then
	echo "check-clang-database: FAIL (exit $status)"
	cat "$work/out"
	exit 1
fi
echo "check-clang-database: 3 entries, 3 findings: PASS"
