#!/usr/bin/env bash
# A first contact with slabcheck: the mistakes of someone who has not read
# the manual yet, each answered by slabcheck in one line that says what is
# wrong, with exit status 2, before any compiler or make runs -- not by
# another program's answer to another question (gcc's "linker input file
# unused", make's usage, slabcheck-clang's compilation database), and not
# by silence.  Then the runs that check nothing: a file with dynamic caches
# only, a kernel tree without the series, a file convert has nothing for;
# and convert's default, which never proposes a patch that adds a finding.
#
# usage: check-first-contact.sh SLABCHECK SOURCE_DIR
set -u
slabcheck=$(realpath "$1")
source_dir=$(realpath "$2")
build_dir=$(dirname "$(dirname "$slabcheck")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
cd "$work" || exit 1

# A make of our own, first on PATH: it records that it ran.
mkdir -p bin adir empty linux/include/linux bare-linux
cat >bin/make <<'SH'
#!/bin/sh
printf '%s\n' "$@" >"$MAKE_ARGUMENTS"
SH
chmod +x bin/make
export MAKE_ARGUMENTS=$work/make-arguments
touch linux/include/linux/slab-static.h
flags=(-std=gnu11 -O2 -nostdinc -isystem "$source_dir/tests/include")

cat >hello.c <<'C'
#include <linux/slab.h>

int hello(void)
{
	return 0;
}
C
cp hello.c hello.h
echo 'not C' >notes.txt
# Dynamic caches only: nothing the rules can check.
cat >dynamic.c <<'C'
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

struct dyn_req { unsigned long flags; };
static struct kmem_cache *dyn_req_cachep;

static int __init dyn_init(void)
{
	dyn_req_cachep = KMEM_CACHE(dyn_req, 0);
	return dyn_req_cachep ? 0 : -ENOMEM;
}

static void __exit dyn_exit(void)
{
	kmem_cache_destroy(dyn_req_cachep);
}
module_init(dyn_init);
module_exit(dyn_exit);
C
# Its twin with a static instance: checked, clean, nothing said.
cat >static.c <<'C'
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct st_req { unsigned long flags; };
static struct kmem_cache_opaque st_req_cache;

static int __init st_init(void)
{
	return KMEM_CACHE_SETUP(to_kmem_cache(&st_req_cache), st_req, 0);
}

static void __exit st_exit(void)
{
	kmem_cache_destroy(to_kmem_cache(&st_req_cache));
}
module_init(st_init);
module_exit(st_exit);
C

# run NAME STATUS FIRST-LINE ARGUMENTS...: slabcheck with our make first on
# PATH exits with STATUS, its stderr's first line is FIRST-LINE (a glob),
# and make did not run.
run() {
	local name=$1 want=$2 line=$3 status=0

	shift 3
	rm -f "$MAKE_ARGUMENTS"
	PATH=$work/bin:$PATH "$slabcheck" "$@" >out 2>err || status=$?
	# shellcheck disable=SC2053
	if [ "$status" = "$want" ] && [[ "$(head -1 err)" == $line ]] &&
		[ ! -e "$MAKE_ARGUMENTS" ]; then
		ok
	else
		bad "$name: exit $status, make $([ -e "$MAKE_ARGUMENTS" ] &&
			echo ran || echo "did not run"), stderr:"
		sed 's/^/  /' err
	fi
}

# Files that are no C file to check.
run "a directory" 2 "slabcheck: adir: a directory (*" adir
run "a directory, --sparse" 2 "slabcheck: adir: a directory (*" \
	--sparse adir
run "a header" 2 "slabcheck: hello.h: a header (check the .c files *" \
	hello.h
run "a missing file" 2 "slabcheck: nosuch.c: No such file or directory" \
	nosuch.c
run "not C" 2 "slabcheck: notes.txt: not a C file (FILE.c)" notes.txt
run "a missing file among good ones" 2 \
	"slabcheck: nosuch.c: No such file or directory" hello.c nosuch.c
expect "a directory: one line" 1 "$(PATH=$work/bin:$PATH "$slabcheck" adir 2>&1 |
	wc -l)"

# Options: ours checked, numbers too.
run "--context=abc" 2 \
	"slabcheck: --context takes a count of lines up to 10000, not 'abc'" \
	--context=abc hello.c
run "--context=-1" 2 \
	"slabcheck: --context takes a count of lines up to 10000, not '-1'" \
	--context=-1 hello.c
run "kbuild --context=abc" 2 "slabcheck: --context takes a count of lines *" \
	kbuild -C linux --context=abc fs/
run "--path=bogus" 2 \
	"slabcheck: option 'path' takes short, full or none, not 'bogus'" \
	--path=bogus hello.c
run "--format=htm" 2 \
	"slabcheck: --format takes text, json, sarif or html, not 'htm'" \
	--format=htm hello.c
# HTML on a terminal: said before anything runs, under a pseudo-terminal.
status=0
PATH=$work/bin:$PATH script -qec "'$slabcheck' --format=html hello.c" \
	/dev/null >tty-out 2>&1 || status=$?
expect "--format=html to a terminal" "2:slabcheck: --format=html writes a page: redirect it to a file (> report.html)" \
	"$status:$(head -1 tty-out | tr -d '\r')"
run "an unknown option" 2 "slabcheck: unknown option '--bogus'" \
	--bogus hello.c

# kbuild: an unknown "--" option is ours to refuse, with kbuild's usage.
run "kbuild --bogus" 2 "slabcheck: unknown option '--bogus'" \
	kbuild -C linux --bogus
expect "kbuild --bogus: kbuild's short usage" \
	"Usage: slabcheck kbuild:Try 'slabcheck kbuild --help' for more information.:3" \
	"$(sed -n 2p err | cut -d' ' -f1-3):$(sed -n 3p err):$(wc -l <err)"
run "kbuild --sparse --bogus=1" 2 "slabcheck: unknown option '--bogus=1'" \
	kbuild --sparse -C linux --bogus=1 fs/
# make's own long options, and its arguments, still reach make.
rm -f "$MAKE_ARGUMENTS"
PATH=$work/bin:$PATH "$slabcheck" kbuild -C linux --keep-going \
	--no-print-directory --jobs=2 --directory linux -j2 V=1 fs/ \
	>/dev/null 2>err
expect "make's long options passed on" \
	"--keep-going --no-print-directory --jobs=2 --directory linux -j2 V=1 fs/" \
	"$(sed -n '/^--keep-going$/,/^fs\/$/p' "$MAKE_ARGUMENTS" 2>/dev/null |
		paste -sd' ')"

# kbuild: -C's mistakes are -C's, not a missing series nor make's.
run "kbuild -C with no directory" 2 "slabcheck: option needs a value '-C'" \
	kbuild -C
run "kbuild --directory with no directory" 2 \
	"slabcheck: option needs a value '--directory'" \
	kbuild -C linux fs/ --directory
run "kbuild -C a missing directory" 2 \
	"slabcheck: $work/nosuch: No such file or directory" kbuild -C nosuch fs/
run "kbuild -C a file" 2 "slabcheck: $work/hello.c: not a directory" \
	kbuild -C hello.c fs/

# A kernel tree without the series: nothing there to check, and CI must
# not take a clean run over it for a pass.
run "kbuild on a tree without the series" 2 \
	"slabcheck: $work/bare-linux has no include/linux/slab-static.h: the tree lacks the static-cache series*" \
	kbuild -C bare-linux fs/
rm -f "$MAKE_ARGUMENTS"
PATH=$work/bin:$PATH "$slabcheck" kbuild --allow-no-series -C bare-linux \
	fs/ >/dev/null 2>err
expect "--allow-no-series: make runs, without our option" "1:0" \
	"$(grep -cx fs/ "$MAKE_ARGUMENTS" 2>/dev/null):$(grep -c \
		allow-no-series "$MAKE_ARGUMENTS" 2>/dev/null)"
# An object tree (O=) named by -C: the series is in its source tree.
mkdir -p objects && ln -s "$work/linux" objects/source
rm -f "$MAKE_ARGUMENTS"
PATH=$work/bin:$PATH "$slabcheck" kbuild -C objects M="$work/adir" modules \
	>/dev/null 2>err
expect "an object tree whose source has the series: make runs" 1 \
	"$(grep -cx modules "$MAKE_ARGUMENTS" 2>/dev/null)"

# convert: its own options, files and flags checked.
run "convert without --" 2 "slabcheck: the files' compiler flags go after '--'*" \
	convert hello.c
run "convert a missing file" 2 \
	"slabcheck: nosuch.c: No such file or directory" convert nosuch.c --
run "convert a directory" 2 "slabcheck: adir: a directory (*" \
	convert adir --
run "convert --bogus" 2 "slabcheck: unknown option '--bogus'" \
	convert --bogus hello.c --
expect "convert --bogus: convert's short usage" "Usage: slabcheck convert" \
	"$(sed -n 2p err | cut -d' ' -f1-3)"
run "convert kbuild --bogus" 2 "slabcheck: unknown option '--bogus'" \
	convert kbuild -C linux --bogus
expect "convert kbuild --bogus: convert's short usage" \
	"Usage: slabcheck convert" "$(sed -n 2p err | cut -d' ' -f1-3)"

# A door that is not installed is named, not "1 file failed to compile":
# named by its variable where there is nothing, or found nowhere by a
# copy of slabcheck that stands alone.
SLABCHECK_SPARSE=$work/none/slabcheck-sparse run "--sparse, not there" 2 \
	"slabcheck: slabcheck-sparse is not installed: SLABCHECK_SPARSE names $work/none/slabcheck-sparse, which is not there" \
	--sparse hello.c
SLABCHECK_CLANG_TOOL=$work/none/slabcheck-clang run "--clang-tool, not there" 2 \
	"slabcheck: slabcheck-clang is not installed: *" --clang-tool hello.c
SLABCHECK_CLANG_TOOL=$work/none/slabcheck-clang run "convert, not there" 2 \
	"slabcheck: slabcheck-clang is not installed: *" convert hello.c --
SLABCHECK_CLANG_PLUGIN=$work/none/slabcheck_clang.so run "--clang, not there" 2 \
	"slabcheck: the Clang plugin slabcheck_clang.so is not installed: *" \
	--clang hello.c
SLABCHECK_SPARSE=$work/none/slabcheck-sparse run "kbuild --sparse, not there" 2 \
	"slabcheck: slabcheck-sparse is not installed: *" \
	kbuild --sparse -C linux fs/
mkdir alone && cp "$slabcheck" alone/slabcheck
status=0
PATH=$work/empty alone/slabcheck --sparse hello.c >/dev/null 2>err || status=$?
expect "a copy that stands alone: --sparse" \
	"2:slabcheck: slabcheck-sparse is not installed (install the full slabcheck package, or name it in SLABCHECK_SPARSE)" \
	"$status:$(cat err)"
status=0
PATH=$work/empty alone/slabcheck convert hello.c -- >/dev/null 2>err ||
	status=$?
expect "a copy that stands alone: convert" \
	"2:slabcheck: slabcheck-clang is not installed (install the full slabcheck package, or name it in SLABCHECK_CLANG_TOOL)" \
	"$status:$(cat err)"

# Runs that check nothing say so.  A file with dynamic caches only, and
# two such files as one module; each door that is built.
doors=("")
[ -x "$build_dir/sparse-check/slabcheck-sparse" ] && doors+=(--sparse)
[ -x "$build_dir/clang-check/slabcheck-clang" ] && doors+=(--clang-tool)
nothing="slabcheck: no static kmem caches in 1 unit: nothing to check; \`slabcheck convert\` lists the dynamic caches that could become static"
for door in "${doors[@]}"; do
	status=0
	"$slabcheck" ${door:+"$door"} dynamic.c -- "${flags[@]}" -DMODULE \
		>out 2>err || status=$?
	expect "dynamic caches only ${door:-(GCC)}: said, exit 0" \
		"0:$nothing" "$status:$(tail -1 err)"
	status=0
	"$slabcheck" ${door:+"$door"} static.c -- "${flags[@]}" -DMODULE \
		>out 2>err || status=$?
	expect "a static cache ${door:-(GCC)}: checked, nothing said" \
		"0:0" "$status:$(grep -c 'no static kmem caches' err)"
done
cp dynamic.c dynamic2.c
status=0
"$slabcheck" dynamic.c dynamic2.c -- "${flags[@]}" -DMODULE >out 2>err ||
	status=$?
expect "two files, dynamic caches only" \
	"0:${nothing/1 unit/2 units}" "$status:$(tail -1 err)"

# convert: files with no cache are said so; and it checks what it
# converts by default: a cache that exit never destroys is not proposed
# (it would add kmem-module-leak); --no-verify proposes it.
if [ -x "$build_dir/clang-check/slabcheck-clang" ]; then
	status=0
	"$slabcheck" convert hello.c -- "${flags[@]}" >out 2>err || status=$?
	expect "convert, no cache pointer: said" \
		"0:slabcheck-clang: no dynamic cache pointer in 1 file: nothing to convert:" \
		"$status:$(cat err):$(cat out)"
	cp "$source_dir/tests/lit/convert/verify.c" verify.c
	log=$(grep -n '^static struct kmem_cache \*vfy_log_cachep;' verify.c |
		cut -d: -f1)
	status=0
	"$slabcheck" convert verify.c -- "${flags[@]}" -DMODULE >patch 2>err ||
		status=$?
	expect "convert verifies by default" \
		"0:verify.c:$log: vfy_log_cachep: refused (verify-finding)" \
		"$status:$(grep -o '^verify.c:[0-9]*: vfy_log_cachep: [a-z]* ([a-z-]*)' err)"
	"$slabcheck" convert --verify verify.c -- "${flags[@]}" -DMODULE \
		>patch-verify 2>/dev/null
	expect "convert --verify: the default, still taken" 0 \
		"$(diff patch patch-verify | wc -l)"
	check "convert: the patch applies" git apply patch
	status=0
	"$slabcheck" verify.c -- "${flags[@]}" -DMODULE >out 2>/dev/null ||
		status=$?
	expect "convert: the patch adds no finding" "0:" "$status:$(cat out)"
	cp "$source_dir/tests/lit/convert/verify.c" verify.c
	"$slabcheck" convert --no-verify verify.c -- "${flags[@]}" -DMODULE \
		>/dev/null 2>err
	expect "convert --no-verify: not checked" \
		"verify.c:$log: vfy_log_cachep: converted" \
		"$(grep -o '^verify.c:[0-9]*: vfy_log_cachep: [a-z]*' err)"
fi

finish
