#!/usr/bin/env bash
# slabcheck kbuild through ccache (docs/reports.md): a cache hit replays
# the same findings (they travel on the compiler's stderr, which ccache
# stores), and a rebuilt plugin does not hit the old one's entries.
#
# usage: check-ccache.sh SLABCHECK PLUGIN_SO SOURCE_DIR WORKDIR
set -u
slabcheck=$1
plugin=$2
source_dir=$3
workdir=$4
command -v ccache >/dev/null || {
	echo "check-ccache: ccache missing (apt-get install ccache)"
	echo "0 passed, 1 failed"
	exit 1
}
tree=$(bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir") || {
	echo "0 passed, 1 failed"
	exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source_dir"/examples/ringbuf/* "$work/"
mkdir "$work/plugin"
# Named as built: the option prefix is the file name.
cp "$plugin" "$work/plugin/slabcheck_gcc.so"
export CCACHE_DIR=$work/ccache SLABCHECK_GCC_PLUGIN=$work/plugin/slabcheck_gcc.so
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
run() { # findings of one build of the example module through ccache
	"$slabcheck" kbuild -C "$tree" M="$work" CC="ccache gcc" modules \
		2>"$work/stderr" | grep -E ': (warning|note): '
}
hits() {
	ccache --print-stats | awk -F'\t' '$1 == "direct_cache_hit" ||
		$1 == "preprocessed_cache_hit" { n += $2 } END { print n + 0 }'
}

ccache --zero-stats >/dev/null
first=$(run)
[ -n "$first" ] || grep -i error "$work/stderr" | head -5
check "first run finds the example's bugs" [ "$(echo "$first" | grep -c warning)" -ge 4 ]
before=$(hits)
second=$(run)
check "second run is a cache hit" [ "$(hits)" -gt "$before" ]
check "a cache hit replays the same findings" [ "$first" = "$second" ]
# A rebuilt plugin: other bytes, same path.
printf '\0' >>"$work/plugin/slabcheck_gcc.so"
before=$(hits)
third=$(run)
check "a rebuilt plugin misses" [ "$(hits)" -eq "$before" ]
check "and finds the same" [ "$first" = "$third" ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
