#!/usr/bin/env bash
# `slabcheck link` by hand: the units of a module compiled with the plugin's
# facts-dir= option are linked as one module, or grouped by kbuild's .mod
# files with --kbuild, and a facts file it cannot read fails the run.
# Suppressions and `.slabcheck` at the link step (docs/reports.md): a file
# is one file however it is spelled (--report-unused neither reports a
# used suppression as unused nor a malformed one twice), the link step
# reads the files the compile read wherever slabcheck runs, and it honours
# the configuration file's exempt paths as a compile does.  And kbuild's
# ccache setup ignores the run= option of the plugin in use.
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
flags=(-std=gnu11 -O2 -nostdinc -isystem "$source_dir/tests/include" -DMODULE)
export SLABCHECK_GCC_PLUGIN=$plugin CC=$gcc

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
drivers/fatlike/inode.c:48:8: note: 'fat_cache_init' sets up 'fat_cache_instance', called here
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

# A module of one file whose instance has external linkage (the static
# forgotten) and whose exit calls into the kernel before it forgets the
# destroy.  The file alone leaves the teardown to other files; kbuild's
# .mod says there are none, so the link step checks it alone.  With a
# static instance single-file mode has said all there is.
mkdir -p "$work/drivers/single" "$work/single-facts"
cat >"$work/drivers/single/single.c" <<'C'
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct single_req {
	int tag;
	void *data;
};

struct kmem_cache_opaque single_req_cache_instance;
#define single_req_cache to_kmem_cache(&single_req_cache_instance)

void single_unregister_chrdev(void);

static int __init single_init(void)
{
	return kmem_cache_setup(single_req_cache, "single_req",
				sizeof(struct single_req), 0, 0, NULL);
}

static void __exit single_exit(void)
{
	single_unregister_chrdev();
}

module_init(single_init);
module_exit(single_exit);
MODULE_LICENSE("GPL");
C
printf 'drivers/single/single.o\n' >"$work/drivers/single/single.mod"
"$gcc" -fplugin="$plugin" -fplugin-arg-slabcheck_gcc-facts-dir=single-facts \
	-fplugin-arg-slabcheck_gcc-findings-dir=single-facts "${flags[@]}" \
	-c -o /dev/null drivers/single/single.c || exit 1
rm -f single-facts/*.json
actual=$("$slabcheck" link --kbuild single-facts/*.facts)
check "link --kbuild, a whole module of one unit: exit status" 1 $?
check "link --kbuild, a whole module of one unit: the leak at exit" \
	"drivers/single/single.c:18:9: warning: static cache 'single_req_cache_instance' is not destroyed on every path out of module exit 'single_exit' [kmem-module-leak]
drivers/single/single.c:22:20: note: module exit 'single_exit' is defined here" \
	"$actual"
actual=$("$slabcheck" link single-facts/*.facts)
check "link, one unit without --kbuild: perhaps not the whole module" "" \
	"$actual"

echo '{"format": "slabcheck-facts", "version": 99}' >facts/bad.facts
# The version this slabcheck reads, as its source says.
facts_version=$(sed -n 's/^#define FACTS_VERSION //p' \
	"$source_dir/core/link/facts_file.h")
actual=$("$slabcheck" link facts/bad.facts 2>&1)
check "link: bad facts exit status" 2 $?
check "link: bad facts message" \
	"slabcheck: facts/bad.facts: not slabcheck-facts version $facts_version (written by an older slabcheck)
slabcheck: 0 units checked, 0 modules linked; findings: 0 new, 0 known, 0 suppressed; trouble, see above" \
	"$actual"

# Multi-file mode: what a.c alone reports, no more: a used suppression is
# not "unused", a malformed one (one added here) is reported once.
mkdir -p "$work/multi"
sed 's|^\tKMEM_CACHE_SETUP(acl_cachep, posix_acl_min, SLAB_PANIC);$|&\n\t/* slabcheck: ignore kmem-bogus-rule -- misspelt */|' \
	"$source_dir/tests/lit/suppress/comments.c" >"$work/multi/a.c"
cat >"$work/multi/b.c" <<'C'
int other_b(int a)
{
	return a + 1;
}
C
cd "$work/multi" || exit 1
single=$("$slabcheck" --report-unused a.c -- "${flags[@]}")
actual=$("$slabcheck" --report-unused a.c b.c -- "${flags[@]}")
check "multi-file --report-unused: as one file" "$single" "$actual"
check "multi-file --report-unused: each malformed one once" \
	"$(echo "$single" | grep -c malformed)" \
	"$(echo "$actual" | grep -c malformed)"
check "multi-file --report-unused: none unused" 0 \
	"$(echo "$actual" | grep -c 'matches no finding')"

# The link step: a module whose finding only the link shows, silenced by a
# comment in cache.c, compiled in $work/link with relative names.
mkdir -p "$work/link/drivers/fatlike" "$work/link/facts"
cp "$source_dir/tests/lit/link/init-fails-other-file.c" \
	"$work/link/drivers/fatlike/inode.c"
sed '27a\	/* slabcheck: ignore kmem-module-leak -- unloaded only at reboot */' \
	"$source_dir/tests/lit/link/Inputs/fat-cache.c" \
	>"$work/link/drivers/fatlike/cache.c"
cd "$work/link" || exit 1
for f in drivers/fatlike/inode.c drivers/fatlike/cache.c; do
	"$gcc" -fplugin="$plugin" -fplugin-arg-slabcheck_gcc-facts-dir=facts \
		-fplugin-arg-slabcheck_gcc-findings-dir=facts \
		"${flags[@]}" -DSLABCHECK_TWIN -c -o /dev/null "$f" || exit 1
done
rm -f facts/*.json
expected="drivers/fatlike/cache.c:29:9: suppressed: static cache 'fat_cache_instance' stays set up when module init 'init_fat_fs' fails [kmem-module-leak]
  by drivers/fatlike/cache.c:28: unloaded only at reboot
drivers/fatlike/inode.c:48:8: note: 'fat_cache_init' sets up 'fat_cache_instance', called here
drivers/fatlike/inode.c:62:9: note: 'init_fat_fs' returns failure here"
actual=$("$slabcheck" link --show-suppressed facts/*.facts)
check "link: suppressed in the compile directory" "$expected" "$actual"
actual=$(cd / && "$slabcheck" link --show-suppressed "$work"/link/facts/*.facts)
check "link: suppressed from elsewhere" "$expected" "$actual"
actual=$(cd / && "$slabcheck" link "$work"/link/facts/*.facts)
check "link: exit status from elsewhere" 0 $?
check "link: nothing reported from elsewhere" "" "$actual"
actual=$(cd / && "$slabcheck" link --report-unused "$work"/link/facts/*.facts)
check "link --report-unused: nothing unused" "" "$actual"

# The same finding, silenced by a `.slabcheck` next to the sources.
sed -i '/slabcheck: ignore/d' drivers/fatlike/cache.c
echo 'disable kmem-module-leak' >drivers/fatlike/.slabcheck
actual=$(cd / && "$slabcheck" link "$work"/link/facts/*.facts)
check "link: .slabcheck found from elsewhere" "" "$actual"

# slabcheck kbuild -C from outside the tree: a make that compiles the
# module as kbuild does, in the tree with relative names.
sed -i '/slabcheck: ignore/d' drivers/fatlike/cache.c
rm drivers/fatlike/.slabcheck
sed -i '27a\	/* slabcheck: ignore kmem-module-leak -- unloaded only at reboot */' \
	drivers/fatlike/cache.c
printf 'drivers/fatlike/inode.o\ndrivers/fatlike/cache.o\n' \
	>drivers/fatlike/fatlike.mod
mkdir -p "$work/kbuild-bin"
cat >"$work/kbuild-bin/make" <<SH
#!/bin/bash
while [ \$# -gt 0 ]; do
	case \$1 in
	-C) cd "\$2" || exit 2; shift ;;
	KCFLAGS=*) kcflags=\${1#KCFLAGS=} ;;
	esac
	shift
done
for f in drivers/fatlike/inode.c drivers/fatlike/cache.c; do
	"$gcc" \$kcflags ${flags[*]} -DSLABCHECK_TWIN -c -o /dev/null \$f || exit 2
done
SH
chmod +x "$work/kbuild-bin/make"
actual=$(cd / && PATH="$work/kbuild-bin:$PATH" \
	"$slabcheck" kbuild --allow-no-series --report-unused -C "$work/link" \
	2>/dev/null)
check "kbuild -C: exit status from elsewhere" 0 $?
check "kbuild -C: suppressed, nothing unused" "" "$actual"

# exempt in `.slabcheck` holds for the link step as for one file.
mkdir -p "$work/exempt/glue"
cp "$source_dir/tests/lit/suppress/Inputs/resetup-twice.h" "$work/exempt/glue/"
sed 's|#include "../../../resetup-twice.h"|#include "resetup-twice.h"|' \
	"$source_dir/tests/lit/suppress/Inputs/staging/legacy/mm-glue/glue.c" \
	>"$work/exempt/glue/a.c"
cp "$work/multi/b.c" "$work/exempt/glue/b.c"
echo 'exempt glue/' >"$work/exempt/.slabcheck"
cd "$work/exempt" || exit 1
actual=$("$slabcheck" glue/a.c -- "${flags[@]}")
check "exempt: one file" "" "$actual"
actual=$("$slabcheck" glue/a.c glue/b.c -- "${flags[@]}")
check "exempt: the module's link" "" "$actual"
rm .slabcheck
actual=$("$slabcheck" glue/a.c glue/b.c -- "${flags[@]}" | grep -c 'internal-flag')
check "exempt: without .slabcheck, found" 1 "$actual"

# kbuild through ccache: the run= option that changes every run is
# ignored for the plugin in use.  A make that only records its environment.
mkdir -p "$work/bin"
cat >"$work/bin/make" <<SH
#!/bin/sh
echo "\$CCACHE_IGNOREOPTIONS" >"$work/ignored"
SH
chmod +x "$work/bin/make"
for front_end in "" --clang; do
	rm -f "$work/ignored"
	# A plugin to name: a build without the Clang front-ends has none.
	touch "$work/slabcheck_clang.so"
	PATH="$work/bin:$PATH" CCACHE_IGNOREOPTIONS= \
		SLABCHECK_CLANG_PLUGIN=$work/slabcheck_clang.so \
		"$slabcheck" kbuild --allow-no-series $front_end >/dev/null 2>&1
	prefix=-fplugin-arg-slabcheck_gcc-
	[ "$front_end" = --clang ] && prefix=-fplugin-arg-slabcheck_clang-
	check "kbuild $front_end: ccache ignores run=" 1 \
		"$(tr ' ' '\n' <"$work/ignored" | grep -cx -- "${prefix}run=\*")"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
