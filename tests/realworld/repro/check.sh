#!/bin/bash
# check.sh [--door=DOOR[,DOOR...]] [NAME...]
#
# Runs slabcheck on the minimal reproducers of this directory, each under
# every door (default gcc,sparse,clang,clang-tool), against the stand-in
# headers of tests/include, and compares what it prints with the "Want:"
# lines at the end of the reproducer (FILE:LINE:COL: RULE, or "none").
# A reproducer is a .c file here, or a directory whose .c files are the
# units of one module (the link step then runs).  Prints per reproducer
# and door "WRONG name (door): says ..., want ..." while slabcheck gets it
# wrong, "OK name (door)" when it prints what is wanted (some reproducers
# are wrong under one door only); exits 0 when all are OK.  Environment:
# SLABCHECK (default build/tools/slabcheck).
#
# These are not regression tests of the suite: they document false
# alarms and misses found by tests/realworld, for whoever fixes them.

set -eu
set -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
slabcheck=${SLABCHECK:-$repo/build/tools/slabcheck}
doors=gcc,sparse,clang,clang-tool
case ${1:-} in
--door=*)
	doors=${1#--door=}
	shift
	;;
esac
IFS=, read -r -a door_list <<<"$doors"

names=("$@")
if [ "${#names[@]}" -eq 0 ]; then
	for f in "$here"/*.c "$here"/*/; do
		[ -e "$f" ] || continue
		f=${f%/}
		names+=("$(basename "$f")")
	done
fi

# findings: slabcheck's findings on stdin as FILE:LINE:COL: RULE, the
# file name without its directory, sorted.
findings() {
	sed -n -E 's%^([^: ]+):([0-9]+):([0-9]+): warning: .* \[(kmem-[a-z-]+)\]$%\1:\2:\3: \4%p' |
		sed 's%^.*/%%' | sort
}

status=0
for name in "${names[@]}"; do
	path=$here/$name
	if [ -d "$path" ]; then
		files=("$path"/*.c)
		dir=$path
	else
		files=("$path")
		dir=$here
	fi
	want=$(sed -n 's/^ \* Want: //p' "${files[@]}" | grep -vx none | sort || true)
	for door in "${door_list[@]}"; do
		case $door in
		gcc) flag=() ;;
		sparse | clang | clang-tool) flag=("--$door") ;;
		*)
			echo "check.sh: unknown door $door" >&2
			exit 2
			;;
		esac
		# In the reproducer's directory, so that the file names it prints
		# are the ones its Want: lines give.
		got=$(
			cd "$dir"
			"$slabcheck" "${flag[@]}" "${files[@]##*/}" -- \
				-DMODULE -std=gnu11 -O2 -nostdinc \
				-isystem "$repo/tests/include" -I. 2>&1 |
				findings || true
		)
		if [ "$got" = "$want" ]; then
			echo "OK $name ($door)"
		else
			status=1
			echo "WRONG $name ($door): says [$(echo "$got" | paste -sd';')], want [$(echo "$want" | paste -sd';')]"
		fi
	done
done
exit "$status"
