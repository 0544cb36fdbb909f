#!/usr/bin/env bash
# slabcheck installed, as a user gets it: `cmake --install` into a
# temporary prefix, moved elsewhere afterwards, and the Debian package
# unpacked with dpkg -x into a temporary root.  Each is run with neither the
# build directory nor the source tree in sight (hidden in a mount namespace
# of the test's own, or the build directory moved aside where that is not
# allowed): --version, --list-rules, --explain, the manual pages, the
# example through every front-end built, `slabcheck convert`, its
# Makefile's demo target, and GCC loading the plugin by its short name
# from its plugin directory.
# The package's contents, its control fields and what lintian says of it
# are checked too: every door, every cross plugin, every manual page, the
# copyright file; no maintainer scripts (apt remove leaves no "rc" state),
# no lintian error (its warnings are printed).
#
# usage: check-install.sh BUILD_DIR SOURCE_DIR PACKAGE.deb
set -u
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
package=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

# hidden CMD...: runs CMD (in $work) where the build directory and the
# source tree cannot be seen.
if unshare -m true 2>/dev/null; then
	hidden() {
		(cd "$work" && unshare -m bash -c 'mount -t tmpfs none "$1" &&
			mount -t tmpfs none "$2" && shift 2 && exec "$@"' \
			_ "$build" "$source_dir" "$@")
	}
else
	echo "check-install: no mount namespace here; the build directory" \
		"is moved aside instead"
	hidden() {
		local status

		mv "$build" "$build.hidden" || return 1
		(cd "$work" && "$@")
		status=$?
		mv "$build.hidden" "$build"
		return "$status"
	}
fi

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:[A-Z]*=//p' "$build/CMakeCache.txt")
# every_door: set while the package is checked, which has them all.
every_door=
door_built() { # DOOR: whether the build has that front-end
	[ -z "$every_door" ] || return 0
	case "$1" in
	--sparse) [ -x "$build/sparse-check/slabcheck-sparse" ] ;;
	--clang | --clang-tool) [ -x "$build/clang-check/slabcheck-clang" ] ;;
	*) true ;;
	esac
}

gcc=$(sed -n 's/^SLABCHECK_GCC:[A-Z]*=//p' "$build/CMakeCache.txt")
gcc_version=$("$gcc" -dumpversion)
# The machines the build made a cross GCC plugin for.
cross_machines=$(find "$build/gcc-plugin" -mindepth 2 -name slabcheck_gcc.so \
	-printf '%h\n' | xargs -r -n1 basename)

# check_convert NAME PREFIX: `slabcheck convert` as docs/convert.md runs
# it, on a module written the way drivers are: the table on stderr, the
# patch on stdout; the patch applies, the converted module is clean, and
# the same module with its destroy dropped from exit is caught.
check_convert() {
	local name=$1 prefix=$2 include actual status

	include=$prefix/share/doc/slabcheck/examples/include
	rm -rf "$work/convert" && mkdir "$work/convert"
	cat >"$work/convert/demo.c" <<'EOF'
#include <linux/module.h>
#include <linux/slab.h>

struct demo_item {
	unsigned long key;
};

static struct kmem_cache *demo_item_cachep;

static int __init demo_init(void)
{
	demo_item_cachep = KMEM_CACHE(demo_item, SLAB_HWCACHE_ALIGN);
	if (!demo_item_cachep)
		return -ENOMEM;
	return 0;
}

static void __exit demo_exit(void)
{
	kmem_cache_destroy(demo_item_cachep);
}

module_init(demo_init);
module_exit(demo_exit);
EOF
	actual=$(hidden "$prefix/bin/slabcheck" convert convert/demo.c -- \
		-std=gnu11 -O2 -nostdinc -isystem "$include" -DMODULE \
		2>&1 >"$work/convert/demo.diff")
	status=$?
	expect "$name: convert (table)" "0:convert/demo.c:8: demo_item_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()" \
		"$status:$actual"
	# Checked by default: the converted module compiles and is clean, so
	# nothing is taken back; --no-verify, unchecked, converts the same.
	actual=$(hidden "$prefix/bin/slabcheck" convert --no-verify convert/demo.c \
		-- -std=gnu11 -O2 -nostdinc -isystem "$include" -DMODULE \
		2>&1 >/dev/null)
	expect "$name: convert --no-verify" "convert/demo.c:8: demo_item_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()" \
		"$actual"
	# The same as SARIF: one result, the conversion, with its fix, named
	# from where convert ran.
	actual=$(hidden "$prefix/bin/slabcheck" convert --format=sarif \
		convert/demo.c -- -std=gnu11 -O2 -nostdinc -isystem "$include" \
		-DMODULE 2>/dev/null | /usr/bin/python3 -c '
import json, sys
results = json.load(sys.stdin)["runs"][0]["results"]
for result in results:
    location = result["locations"][0]["physicalLocation"]
    print(result["ruleId"], len(result.get("fixes", [])),
          location["artifactLocation"]["uri"], location["region"]["startLine"])
')
	expect "$name: convert --format=sarif" "convert 1 convert/demo.c 8" \
		"$actual"
	check "$name: convert (the patch applies)" \
		git -C "$work" apply "$work/convert/demo.diff"
	actual=$(hidden "$prefix/bin/slabcheck" convert/demo.c -- \
		-std=gnu11 -O2 -nostdinc -isystem "$include" -DMODULE 2>/dev/null)
	expect "$name: convert (the result is clean)" "0:" "$?:$actual"
	sed '/demo_exit/,/^}/{/kmem_cache_destroy/d}' "$work/convert/demo.c" \
		>"$work/convert/leak.c"
	actual=$(hidden "$prefix/bin/slabcheck" convert/leak.c -- \
		-std=gnu11 -O2 -nostdinc -isystem "$include" -DMODULE \
		2>/dev/null | grep -c '\[kmem-module-leak\]')
	expect "$name: convert (its twin, a destroy dropped)" 1 "$actual"
}

# check_convert_global NAME PREFIX: a global converted from the installed
# prefix, as kernel/fork.c's files_cachep is: one file defines it, its
# header declares it, another file allocates from it.  The patch changes
# the header too, applies, and both files are clean after it; the twin
# with the destroy dropped is caught.
check_convert_global() {
	local name=$1 prefix=$2 actual status flags

	flags=(-std=gnu11 -O2 -nostdinc -isystem
		"$prefix/share/doc/slabcheck/examples/include" -DMODULE
		-Iconvert/glb)
	rm -rf "$work/convert/glb" && mkdir -p "$work/convert/glb"
	cat >"$work/convert/glb/demo.h" <<'EOF'
#ifndef DEMO_H
#define DEMO_H
#include <linux/slab.h>

struct demo_node {
	unsigned long key;
};

extern struct kmem_cache *demo_node_cachep;
struct demo_node *demo_node_new(void);
#endif
EOF
	cat >"$work/convert/glb/cache.c" <<'EOF'
#include <linux/module.h>
#include <linux/slab.h>

#include "demo.h"

struct kmem_cache *demo_node_cachep;

static int __init demo_init(void)
{
	demo_node_cachep = KMEM_CACHE(demo_node, 0);
	if (!demo_node_cachep)
		return -ENOMEM;
	return 0;
}

static void __exit demo_exit(void)
{
	kmem_cache_destroy(demo_node_cachep);
}

module_init(demo_init);
module_exit(demo_exit);
EOF
	cat >"$work/convert/glb/user.c" <<'EOF'
#include <linux/slab.h>

#include "demo.h"

struct demo_node *demo_node_new(void)
{
	return kmem_cache_zalloc(demo_node_cachep, GFP_KERNEL);
}
EOF
	actual=$(hidden "$prefix/bin/slabcheck" convert convert/glb/cache.c \
		convert/glb/user.c -- "${flags[@]}" \
		2>&1 >"$work/convert/glb.diff")
	status=$?
	expect "$name: convert a global (table)" "0:convert/glb/cache.c:6: demo_node_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()" \
		"$status:$actual"
	expect "$name: convert a global (its header in the patch)" 1 \
		"$(grep -c -x '+++ b/convert/glb/demo.h' "$work/convert/glb.diff")"
	check "$name: convert a global (the patch applies)" \
		git -C "$work" apply "$work/convert/glb.diff"
	actual=$(hidden "$prefix/bin/slabcheck" convert/glb/cache.c \
		convert/glb/user.c -- "${flags[@]}" 2>/dev/null)
	expect "$name: convert a global (the result is clean)" "0:" \
		"$?:$actual"
	sed '/demo_exit/,/^}/{/kmem_cache_destroy/d}' \
		"$work/convert/glb/cache.c" >"$work/convert/glb/leak.c"
	actual=$(hidden "$prefix/bin/slabcheck" convert/glb/leak.c -- \
		"${flags[@]}" 2>/dev/null | grep -c '\[kmem-module-leak\]')
	expect "$name: convert a global (its twin, a destroy dropped)" 1 \
		"$actual"
}

# check_tree NAME PREFIX: what a user runs from PREFIX/bin.
check_tree() {
	local name=$1 prefix=$2 example door actual status

	example=$prefix/share/doc/slabcheck/examples/ringbuf
	expect "$name: --version" "slabcheck $version" \
		"$(hidden "$prefix/bin/slabcheck" --version | head -1)"
	expect "$name: --list-rules" 9 \
		"$(hidden "$prefix/bin/slabcheck" --list-rules | wc -l)"
	# Each rule's text says every way to silence it.
	for rule in $(hidden "$prefix/bin/slabcheck" --list-rules |
		awk 'NR > 1 { print $1 }'); do
		actual=$(hidden "$prefix/bin/slabcheck" --explain "$rule")
		for way in "slabcheck: ignore $rule -- " "disable $rule " \
			"--disable=$rule" "--rule=" \
			"-fplugin-arg-slabcheck_gcc-disable=$rule" \
			"-fplugin-arg-slabcheck_clang-disable=$rule" \
			"CF=--slabcheck-disable=$rule" \
			"slabcheck-clang: --disable=$rule"; do
			case "$actual" in
			"$rule"*"$way"*) ;;
			*) bad "$name: --explain $rule: no '$way'" ;;
			esac
		done
	done
	ok
	for page in slabcheck slabcheck-sparse slabcheck-clang; do
		[ -x "$prefix/bin/$page" ] || continue
		if zcat "$prefix/share/man/man1/$page.1.gz" 2>/dev/null |
			grep -q "^\.SH DESCRIPTION"; then ok; else
			bad "$name: $page(1)"
		fi
	done
	for door in "" --sparse --clang --clang-tool; do
		door_built "$door" || continue
		actual=$(hidden "$prefix/bin/slabcheck" $door \
			"$example/ringbuf.c" -- -std=gnu11 -O2 -nostdinc \
			-isystem "$example/../include" -DMODULE 2>/dev/null)
		status=$?
		expect "$name: the example${door:+ ($door)}" "1:$(sed \
			"s|^examples/ringbuf/|$example/|" \
			"$source_dir/examples/ringbuf/EXPECTED")" "$status:$actual"
	done
	if door_built --clang-tool; then
		check_convert "$name" "$prefix"
		check_convert_global "$name" "$prefix"
	fi
	# A cross GCC as CC: the command takes that GCC's plugin from where
	# the installation put it, wherever the prefix is.
	for machine in $cross_machines; do
		actual=$(hidden env CC="$machine-gcc-$gcc_version" \
			"$prefix/bin/slabcheck" "$example/ringbuf.c" -- \
			-std=gnu11 -O2 -nostdinc -isystem "$example/../include" \
			-DMODULE 2>/dev/null)
		status=$?
		expect "$name: the example (CC=$machine-gcc-$gcc_version)" \
			"1:$(sed "s|^examples/ringbuf/|$example/|" \
			"$source_dir/examples/ringbuf/EXPECTED")" "$status:$actual"
	done
	# slabcheck-gcc loads the plugin itself, as distcc's helpers run it.
	actual=$(hidden "$prefix/bin/slabcheck-gcc" -std=gnu11 -O2 -nostdinc \
		-isystem "$example/../include" -DMODULE -c -o /dev/null \
		"$example/ringbuf.c" 2>&1 | grep -c '\[kmem-')
	expect "$name: slabcheck-gcc" 4 "$actual"
	# The example's own Makefile, from another directory, as pasted
	# from its comment.
	actual=$(PATH=$prefix/bin:$PATH hidden make -s -C "$example" demo \
		2>/dev/null)
	expect "$name: make -C examples/ringbuf demo" "0:$(sed \
		"s|^examples/ringbuf/||" "$source_dir/examples/ringbuf/EXPECTED")" \
		"$?:$actual"
}

# cmake --install into a prefix, then the prefix moved: nothing may point
# into the build directory or at the prefix it was installed to.
DESTDIR= cmake --install "$build" --prefix "$work/prefix" >/dev/null ||
	bad "cmake --install"
mv "$work/prefix" "$work/moved"
check_tree "installed, moved" "$work/moved"
plugin=$(find "$work/moved/lib" -name slabcheck_gcc.so)
[ -n "$plugin" ] || bad "installed: no GCC plugin"

# The package: every door, whatever the build directory has.
contents=$(dpkg-deb -c "$package" | awk '{print $6}')
for file in ./usr/bin/slabcheck ./usr/bin/slabcheck-gcc \
	./usr/bin/slabcheck-sparse ./usr/bin/slabcheck-clang \
	./usr/lib/slabcheck/slabcheck_clang.so \
	./usr/lib/distcc/slabcheck-gcc \
	"./usr/lib/gcc/x86_64-linux-gnu/12/plugin/slabcheck_gcc.so" \
	./usr/lib/gcc-cross/aarch64-linux-gnu/12/plugin/slabcheck_gcc.so \
	./usr/lib/gcc-cross/riscv64-linux-gnu/12/plugin/slabcheck_gcc.so \
	./usr/lib/gcc-cross/powerpc64le-linux-gnu/12/plugin/slabcheck_gcc.so \
	./usr/share/man/man1/slabcheck.1.gz \
	./usr/share/man/man1/slabcheck-gcc.1.gz \
	./usr/share/man/man1/slabcheck-sparse.1.gz \
	./usr/share/man/man1/slabcheck-clang.1.gz \
	./usr/share/doc/slabcheck/copyright \
	./usr/share/doc/slabcheck/changelog.gz \
	./usr/share/doc/slabcheck/docs/rules.md \
	./usr/share/doc/slabcheck/examples/ringbuf/ringbuf.c \
	./usr/share/doc/slabcheck/examples/include/linux/slab-static.h; do
	grep -qxF "$file" <<<"$contents" || bad "package: no $file"
done
grep -q "^./usr/lib/slabcheck/\|^./usr/bin/\|^./usr/share/\|^./usr/lib/gcc/" \
	<<<"$contents" || bad "package: files outside the layout"
# The cross GCCs' plugins go to their own plugin directories.
if grep -v "^./usr/lib/slabcheck/\|^./usr/bin/\|^./usr/share/\|^./usr/lib/gcc/\|^./usr/lib/gcc-cross/\|^./usr/lib/distcc/\|^./usr/lib/$\|^./usr/$\|^./$" \
	<<<"$contents"; then
	bad "package: files outside the layout (above)"
fi
depends=$(dpkg-deb -f "$package" Depends)
case "$depends" in
*-dev*) bad "package: a development package in Depends: $depends" ;;
*libjansson4*gcc-12* | *gcc-12*libjansson4*) ok ;;
*) bad "package: Depends: without the GCC or jansson: $depends" ;;
esac
expect "package: version" "$version" "$(dpkg-deb -f "$package" Version)"
expect "package: Suggests" distcc "$(dpkg-deb -f "$package" Suggests)"
case "$(dpkg-deb -f "$package" Maintainer)" in
"" | *@localhost*) bad "package: Maintainer: a placeholder" ;;
*) ok ;;
esac
# Nothing but the control fields and the checksums: no conffiles, no
# maintainer scripts, so that dpkg forgets the package on `apt remove`.
expect "package: control files" "control md5sums" \
	"$(dpkg-deb --ctrl-tarfile "$package" | tar -t | sed -n 's|^\./||p' |
		grep . | sort | xargs)"
if command -v lintian >/dev/null; then
	lintian --fail-on error "$package" >"$work/lintian" 2>&1
	status=$?
	sed 's/^/lintian: /' "$work/lintian"
	expect "package: lintian, no error" "0:0" \
		"$status:$(grep -c '^E: ' "$work/lintian")"
else
	bad "package: lintian is not installed (scripts/install-deps.sh)"
fi
dpkg -x "$package" "$work/root"
every_door=1
# The cross plugins the package has, not the build directory's.
cross_machines=$(sed -n 's|^\./usr/lib/gcc-cross/\([^/]*\)/.*/slabcheck_gcc\.so$|\1|p' \
	<<<"$contents")
check_tree "package" "$work/root/usr"
# GCC finds the plugin in its plugin directory by the short name, as it
# does once the package is installed: -B puts the unpacked root's GCC
# directory first where GCC looks for it.
example=$work/root/usr/share/doc/slabcheck/examples/ringbuf
gcc_dir=$(dirname "$(sed -n 's|^\./usr/\(lib/gcc/.*\)/slabcheck_gcc.so$|\1|p' \
	<<<"$contents")")
actual=$(hidden "$gcc" -B"$work/root/usr/$gcc_dir/" \
	-fplugin=slabcheck_gcc -std=gnu11 -O2 -nostdinc \
	-isystem "$example/../include" -DMODULE -c -o /dev/null \
	"$example/ringbuf.c" 2>&1 | grep -c '\[kmem-')
expect "package: -fplugin=slabcheck_gcc" 4 "$actual"
# And each cross GCC built for finds its own the same way.
for machine in $cross_machines; do
	cross_gcc=$machine-gcc-$gcc_version
	cross_dir=$(sed -n "s|^\./usr/\(lib/gcc-cross/$machine/.*\)/slabcheck_gcc.so$|\1|p" \
		<<<"$contents")
	[ -n "$cross_dir" ] || bad "package: no plugin for $machine"
	actual=$(hidden "$cross_gcc" -B"$work/root/usr/$(dirname "$cross_dir")/" \
		-fplugin=slabcheck_gcc -std=gnu11 -O2 -nostdinc \
		-isystem "$example/../include" -DMODULE -c -o /dev/null \
		"$example/ringbuf.c" 2>&1 | grep -c '\[kmem-')
	expect "package: $cross_gcc -fplugin=slabcheck_gcc" 4 "$actual"
done

finish
