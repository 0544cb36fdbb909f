#!/usr/bin/env bash
# slabcheck kbuild through distcc (docs/distributed-builds.md): a distccd
# started here on 127.0.0.1 compiles an out-of-tree module, once with
# CC="distcc gcc" and twice through ccache with CCACHE_PREFIX=distcc (the
# second time a cache hit), and each build must print the findings, and
# exit with the status, of a plain build, the module link step's included.
# The module is examples/ringbuf plus retire.c, a second file whose
# forgotten destroy only the link step finds.  distcc compiles locally
# when a helper fails, which gives the plain build's findings too: so
# fallbacks are off, and distccd's log must show each file compiled there.
# slabcheck is installed into a prefix of the test's, which stands for the
# package installed on the helper: distccd's DISTCC_CMDLIST allows its
# slabcheck-gcc, as the package's /usr/lib/distcc/slabcheck-gcc does.
#
# usage: check-distcc.sh SLABCHECK SOURCE_DIR WORKDIR
set -u
slabcheck=$1
source_dir=$2
workdir=$3
for tool in distcc distccd ccache; do
	command -v "$tool" >/dev/null || {
		echo "check-distcc: $tool missing (apt-get install distcc ccache)"
		echo "0 passed, 1 failed"
		exit 1
	}
done
tree=$(bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir") || {
	echo "0 passed, 1 failed"
	exit 1
}
work=$(mktemp -d)
daemon=
cleanup() {
	if [ -n "$daemon" ]; then
		kill "$daemon"
		wait "$daemon"
	fi 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
# distccd runs as nobody: it must reach the plugin, its log and its
# temporary files in here.
chmod 755 "$work"
module=$work/ringbuf
mkdir "$module"
cp "$source_dir"/examples/ringbuf/* "$module/"

# Module exit hands rb_record_cache to retire.c, which forgets to destroy
# it.  ringbuf.c alone cannot know (the helper may destroy it); the link
# step of the module sees both halves.  No line moves: EXPECTED holds.
sed -i '/^static void __exit ringbuf_exit/,/^}/ s/^\tkmem_cache_destroy(rb_record_cachep);$/\trb_cache_retire(rb_record_cachep);/' \
	"$module/ringbuf.c"
sed -i 's/^#endif$/struct kmem_cache;\nvoid rb_cache_retire(struct kmem_cache *s);\n\n&/' \
	"$module/ringbuf.h"
cat >"$module/retire.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/printk.h>
#include <linux/slab.h>

#include "ringbuf.h"

/* Meant to tear the cache down at unload, but only reports it. */
void rb_cache_retire(struct kmem_cache *s)
{
	pr_info("ringbuf: %u-byte objects retired\n", kmem_cache_size(s));
}
EOF
# kbuild wants a module of several objects named apart from them.
printf 'obj-m += ringbuf_mod.o\nringbuf_mod-y := ringbuf.o retire.o\n' \
	>"$module/Kbuild"
setup_line=$(grep -n 'KMEM_CACHE_SETUP_USERCOPY(rb_record_cachep' \
	"$module/ringbuf.c" | cut -d: -f1)
exit_line=$(grep -n '^static void __exit ringbuf_exit' "$module/ringbuf.c" |
	cut -d: -f1)
if ! grep -q 'rb_cache_retire(rb_record_cachep);' "$module/ringbuf.c" ||
	! grep -q rb_cache_retire "$module/ringbuf.h" ||
	[ -z "$setup_line" ] || [ -z "$exit_line" ]; then
	echo "check-distcc: examples/ringbuf changed; update the second file"
	echo "0 passed, 1 failed"
	exit 1
fi
expected=$({
	sed "s|^examples/ringbuf/|$module/|" \
		"$source_dir/examples/ringbuf/EXPECTED"
	echo "$module/ringbuf.c:$setup_line:7: warning: static cache 'rb_record_cache' is not destroyed on every path out of module exit 'ringbuf_exit' [kmem-module-leak]"
	echo "$module/ringbuf.c:$exit_line:20: note: module exit 'ringbuf_exit' is defined here"
} | sort)

runs=0
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
run() { # MAKE-ARGUMENTS...: findings and exit status of a module build
	local output
	# Its own distcc state: a helper one build found failing is tried
	# again by the next.
	export DISTCC_DIR=$work/distcc-$((++runs))
	mkdir "$DISTCC_DIR"
	# A distcc that retries a helper without end must not hang the test.
	output=$(timeout 600 "$slabcheck" kbuild -C "$tree" M="$module" "$@" modules \
		2>"$work/stderr")
	status=$?
	findings=$(grep -E ': (warning|note): ' <<<"$output")
}
same() { # NAME: the last build printed and exited as the plain one
	check "$1: same findings" [ "$findings" = "$plain_findings" ]
	check "$1: same exit status" [ "$status" -eq "$plain_status" ]
	if [ "$findings" != "$plain_findings" ] ||
		[ "$status" -ne "$plain_status" ]; then
		echo "$1: exited $status, plain build $plain_status"
		diff -u <(echo "$plain_findings") <(echo "$findings")
		tail -4 "$work/stderr"
	fi
}
# compiled RINGBUF RETIRE: the jobs distccd did for ringbuf.c and retire.c.
compiled() {
	local counts

	counts="$(grep -F COMPILE_OK "$log" | grep -c -F " $module/ringbuf.c")"
	counts="$counts $(grep -F COMPILE_OK "$log" | grep -c -F " $module/retire.c")"
	[ "$counts" = "$1 $2" ] && return
	echo "distccd compiled ringbuf.c and retire.c $counts times, not $1 $2"
	grep -E 'ERROR|[Ww]arning' "$log" | sort | uniq -c | head -5
	return 1
}
# Behind ccache, distccd gets ccache's preprocessed copies, named after
# nothing (with kbuild's compiler tests among them): only their number
# tells.
jobs() {
	grep -c -F COMPILE_OK "$log"
}
hits() {
	ccache --print-stats | awk -F'\t' '$1 == "direct_cache_hit" ||
		$1 == "preprocessed_cache_hit" { n += $2 } END { print n + 0 }'
}

run
plain_findings=$findings
plain_status=$status
check "plain build: the example's findings and the link step's" \
	[ "$(sort <<<"$findings")" = "$expected" ]
check "plain build exits 1" [ "$status" -eq 1 ]
if [ "$failed" -ne 0 ]; then
	diff -u <(echo "$expected") <(sort <<<"$findings")
	tail -4 "$work/stderr"
fi

# slabcheck installed where distccd's user can run it, from the build
# directory of the slabcheck given.
build=$(cd "$(dirname "$slabcheck")/.." && pwd)
if ! cmake --install "$build" --prefix "$work/prefix" >/dev/null; then
	echo "check-distcc: cmake --install $build failed"
	echo "$passed passed, $((failed + 1)) failed"
	exit 1
fi
slabcheck=$work/prefix/bin/slabcheck
printf '%s\n' "$work/prefix/bin/slabcheck-gcc" >"$work/cmdlist"

# distccd drops root for --user before it opens its log; a port taken
# meanwhile makes it exit (102), and another is tried.
log=$work/distccd.log
: >"$log"
chown nobody "$log" 2>/dev/null
mkdir -m 1777 "$work/distccd-tmp"
for _ in 1 2 3 4 5; do
	port=$((20000 + RANDOM % 40000))
	DISTCC_CMDLIST=$work/cmdlist TMPDIR=$work/distccd-tmp \
		distccd --daemon --no-detach --user nobody \
		--listen 127.0.0.1 --allow 127.0.0.1 --port "$port" --jobs 2 \
		--log-file "$log" --log-level info &
	daemon=$!
	for _ in $(seq 50); do
		grep -q "listening on 127.0.0.1:$port\$" "$log" && break 2
		kill -0 "$daemon" 2>/dev/null || break
		sleep 0.1
	done
	kill "$daemon" 2>/dev/null
	wait "$daemon" 2>/dev/null
	daemon=
done
if [ -z "$daemon" ]; then
	echo "check-distcc: distccd did not start"
	tail -3 "$log"
	echo "$passed passed, $((failed + 1)) failed"
	exit 1
fi
# A literal IP, not localhost, which distcc compiles on itself.  No
# fallback to a local compile, nor retry after a failed remote one.  (A
# failed helper is then left alone for a minute, and the rest of the build
# fails at once: with DISTCC_BACKOFF_PERIOD=0 distcc would retry it
# forever.)
export DISTCC_HOSTS=127.0.0.1:$port/2 DISTCC_FALLBACK=0 \
	DISTCC_SKIP_LOCAL_RETRY=1

run CC="distcc gcc"
same "distcc"
check "distcc: distccd compiled both files" compiled 1 1
check "distcc: distccd was sent no -fplugin=" \
	bash -c "! grep -q -F -e '-fplugin= and/or -specs= passed' '$log'"

# In the tree, whose files kbuild names relative to it: the helper must
# say where the compile ran (-fworking-directory), for the link step to
# find fs/ufs/ufs.mod.
export DISTCC_DIR=$work/distcc-tree
mkdir "$DISTCC_DIR"
timeout 600 "$slabcheck" kbuild -C "$tree" CC="distcc gcc" fs/ufs/ \
	>"$work/stdout" 2>"$work/stderr"
status=$?
# What the helper says: the compile ran here, not in distccd's directory.
directory=$(cd "$module" && PATH=$work/prefix/bin:$PATH timeout 600 \
	distcc slabcheck-gcc \
	-fplugin-arg-slabcheck_gcc-stream-results -fdirectives-only \
	-fworking-directory -std=gnu11 -O2 -nostdinc \
	-isystem "$source_dir/tests/include" -DMODULE -c -o "$work/one.o" \
	ringbuf.c 2>&1 | sed -n 's/^slabcheck-facts: .*"unit": *{[^}]*"directory": *"\([^"]*\)".*/\1/p')
check "distcc: the helper names the directory of the compile" \
	[ "$directory" = "$module" ]
check "distcc in the tree: fs/ufs clean, ufs.ko linked" [ "$status:$(tail -1 \
	"$work/stderr" | grep -o 'units checked, 1 module linked; findings: 0 new')" \
	= "0:units checked, 1 module linked; findings: 0 new" ]
check "distcc in the tree: distccd compiled fs/ufs/super.c" \
	grep -q "COMPILE_OK.* fs/ufs/super.c$" "$log"
[ "$status" -eq 0 ] || tail -3 "$work/stderr"

export CCACHE_DIR=$work/ccache CCACHE_PREFIX=distcc
before=$(jobs)
run CC="ccache gcc"
same "ccache and distcc"
check "ccache and distcc: distccd compiled the module's 4 files" \
	[ "$(jobs)" -ge $((before + 4)) ]
before=$(hits)
before_jobs=$(jobs)
run CC="ccache gcc"
same "ccache hit"
check "ccache hit: a hit" [ "$(hits)" -gt "$before" ]
check "ccache hit: distccd compiled nothing" [ "$(jobs)" -eq "$before_jobs" ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
