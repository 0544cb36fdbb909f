#!/bin/bash
# link-cost.sh SLABCHECK PLUGIN_SO [WORKDIR]
#
# What the link step costs per module (docs/link.md): each module of the
# kernel port that tests/kernel/prepare-tree.sh keeps in WORKDIR (default
# /var/tmp/slabcheck-kernel) is rebuilt by kbuild with the plugin writing
# its units' facts, then `slabcheck link` runs over those facts: once under
# valgrind --tool=cachegrind --cache-sim=no (instructions, which repeat
# exactly), and ROUNDS times (default 7) timed by the wall clock (median).
#
# The report is a markdown table on stdout: per module, its units, the
# size of their facts, the link step's instructions and median time;
# progress goes to stderr.  The run holds the locks of prepare-tree.sh and
# build-converted.sh.
#
# Environment: MODULES (space-separated .ko targets, default those of the
# kernel stage), ROUNDS, JOBS (make -j, default 2), plus those of
# prepare-tree.sh.

set -eu
set -o pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 SLABCHECK PLUGIN_SO [WORKDIR]" >&2
	exit 2
fi
slabcheck=$(readlink -f "$1")
plugin_src=$(readlink -f "$2")
workdir=${3:-/var/tmp/slabcheck-kernel}
here=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}
rounds=${ROUNDS:-7}
# shellcheck disable=SC2206	# a list of words on purpose
modules=(${MODULES:-fs/ufs/ufs.ko fs/fat/fat.ko})

progress() {
	echo "link-cost: $*" >&2
}

command -v valgrind >/dev/null || {
	echo "link-cost: valgrind missing (apt-get install valgrind)" >&2
	exit 1
}

# shellcheck source=lib.sh
. "$here/lib.sh"
lock_tree

bench=$(dirname "$tree")/.bench-link
rm -rf "$bench"
mkdir -p "$bench"
plugin=$bench/slabcheck_gcc.so
cp "$plugin_src" "$plugin"

echo '| module | units | facts (bytes) | link: instructions | link: median time (ms) |'
echo '| --- | ---: | ---: | ---: | ---: |'
for ko in "${modules[@]}"; do
	name=$(basename "$ko" .ko)
	dir=$(dirname "$ko")
	mod=$dir/$name.mod
	if ! grep -q "^CONFIG_$(echo "$name" | tr a-z A-Z)_FS=m" .config; then
		progress "$ko: not a module in this configuration, skipped"
		continue
	fi
	facts=$bench/$name
	mkdir -p "$facts"
	progress "$ko: rebuilding with facts"
	# Every object of the module, so that each writes its facts.
	rm -f "$dir"/*.o "$ko"
	make -j"$jobs" KBUILD_MODPOST_WARN=1 \
		"KCFLAGS=-fplugin=$plugin -fplugin-arg-slabcheck_gcc-facts-dir=$facts" \
		"$ko" >"$bench/$name.build.log" 2>&1 || {
		cat "$bench/$name.build.log" >&2
		exit 1
	}
	# The units the .mod lists: kbuild also rebuilt what the new KCFLAGS
	# touched on the way (asm-offsets.c, the .mod.c), which are no unit
	# of the module.
	unit_facts=()
	while IFS= read -r object; do
		unit_facts+=("$facts/$(basename "$object" .o).c".*.facts)
	done <"$mod"
	units=${#unit_facts[@]}
	bytes=$(cat "${unit_facts[@]}" | wc -c)
	valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$bench/$name.cg" \
		"$slabcheck" link "${unit_facts[@]}" >"$bench/$name.link.log" 2>&1 ||
		[ $? -eq 1 ]
	ir=$(awk '$1 == "summary:" { print $2 }' "$bench/$name.cg")
	times=()
	for ((r = 0; r < rounds; r++)); do
		t0=$EPOCHREALTIME
		"$slabcheck" link "${unit_facts[@]}" >/dev/null 2>&1 ||
			[ $? -eq 1 ]
		t1=$EPOCHREALTIME
		times+=("$(echo "$t0 $t1" | awk '{ printf "%.3f", ($2 - $1) * 1000 }')")
	done
	median=$(printf '%s\n' "${times[@]}" | sort -n |
		awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
	printf '| %s | %d | %d | %s | %s |\n' "$ko" "$units" "$bytes" \
		"$(printf "%'d" "$ir")" "$median"
done
echo
echo "Target: the link step at most 100 ms per module."
