#!/bin/bash
# module-state-scaling.sh SLABCHECK [BRANCHES...]
#
# Whether the core's decisions about module state (core/engine/module_state.c)
# stay linear in the size of a function: for each count of BRANCHES
# (default 1000 2000 4000), a generated module whose init writes eight
# flags and then tests them BRANCHES/2 times, and whose exit tests them
# BRANCHES/2 times more (branches on module state, around calls, with a
# static cache set up and destroyed among them), is compiled twice under
# valgrind --tool=cachegrind --cache-sim=no --trace-children=yes
# (instructions, which repeat exactly whatever the load): by the GCC that
# SLABCHECK's plugin was built for, alone, and by `slabcheck FILE.c`
# (that GCC with the plugin).  The report is a markdown table on stdout:
# per count, both instruction counts, what slabcheck adds, and what it adds
# per branch over the previous count's.  Linear: the last column stays flat
# as the count doubles; quadratic: it doubles too.
#
# Environment: CC (the GCC alone; default gcc), WORKDIR (default a
# temporary directory, removed at the end).
set -eu
set -o pipefail

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
	echo "usage: $0 SLABCHECK [BRANCHES...]" >&2
	exit 2
fi
slabcheck=$(readlink -f "$1")
shift
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 2000 4000)
here=$(cd "$(dirname "$0")" && pwd)
include=$here/../tests/include
cc=${CC:-gcc}
# shellcheck source=lib.sh
. "$here/lib.sh"

command -v valgrind >/dev/null || {
	echo "${0##*/}: valgrind is needed" >&2
	exit 1
}
if [ -n "${WORKDIR:-}" ]; then
	work=$WORKDIR
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

# generate COUNT FILE
generate() {
	local count=$1 file=$2 half=$(($1 / 2)) i
	{
		cat <<-'EOF'
			// SPDX-License-Identifier: GPL-2.0
			#include <linux/init.h>
			#include <linux/module.h>
			#include <linux/slab.h>
			#include <linux/slab-static.h>

			struct foo { int a, b; };
			static struct kmem_cache_opaque foo_cache_instance;
			#define foo_cachep to_kmem_cache(&foo_cache_instance)
			int foo_flag0, foo_flag1, foo_flag2, foo_flag3;
			int foo_flag4, foo_flag5, foo_flag6, foo_flag7;
			void foo_note(int step);
			int foo_mode(void);

			static int __init foo_init(void)
			{
				int ret;

		EOF
		for i in 0 1 2 3 4 5 6 7; do
			echo "	foo_flag$i = foo_mode();"
		done
		echo "	ret = kmem_cache_setup(foo_cachep, \"foo\", sizeof(struct foo), 0, 0, NULL);"
		echo "	if (ret)"
		echo "		return ret;"
		for ((i = 0; i < half; i++)); do
			echo "	if (foo_flag$((i % 8)))"
			echo "		foo_note($i);"
		done
		cat <<-'EOF'
				return 0;
			}

			static void __exit foo_exit(void)
			{
		EOF
		for ((i = 0; i < half; i++)); do
			echo "	if (foo_flag$((i % 8)))"
			echo "		foo_note($i);"
		done
		cat <<-'EOF'
				kmem_cache_destroy(foo_cachep);
			}

			module_init(foo_init);
			module_exit(foo_exit);
			MODULE_LICENSE("GPL");
		EOF
	} >"$file"
}

flags=(-DMODULE -std=gnu11 -O2 -nostdinc -isystem "$include")
echo "| branches | ${cc} alone | with slabcheck | added | added per branch over the previous row |"
echo "| ---: | ---: | ---: | ---: | ---: |"
previous_count=0
previous_added=0
for count in "${counts[@]}"; do
	file=$work/state-$count.c
	generate "$count" "$file"
	alone=$(cachegrind_all "$work/alone-$count" \
		"$cc" "${flags[@]}" -c -o "$work/alone-$count.o" "$file")
	with=$(cd "$work" && cachegrind_all "$work/with-$count" \
		"$slabcheck" "$file" -- "${flags[@]}")
	added=$((with - alone))
	if [ "$previous_count" -gt 0 ]; then
		step=$(((added - previous_added) / (count - previous_count)))
	else
		step=-
	fi
	echo "| $count | $alone | $with | $added | $step |"
	previous_count=$count
	previous_added=$added
done
