#!/bin/bash
# selftest.sh [--door=DOOR[,DOOR...]] WORKDIR [CLANG_WORKDIR]
#
# Shows that run.sh can fail: a corpus that is right must pass, and the
# same corpus with a wrong expectation or a buggy conversion must not.  It
# builds a small corpus in a temporary directory from modules/minix:
#
#   minix        the conversion, and two copies of its mutant
#                setup-result-dropped: one as it is (must be caught) and
#                one whose Expect: line points one line lower (must be a
#                miss);
#   minix-buggy  a conversion that carries that mutant's bug (the
#                conversion patch followed by the mutant patch): its
#                finding must be counted as a false alarm.
#
# and runs run.sh --corpus on it (default door: gcc; the trees are those of
# run.sh).  Expected on stdout, per door:
#	DOOR: clean modules 1, false alarms 1; mutants 2, caught 1
# with the false alarm in minix-buggy and the miss of the shifted mutant
# among the details, and run.sh's exit status 1.  Prints PASS or FAIL and
# exits 0 or 1 accordingly.

set -eu
set -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
door=--door=gcc
case ${1:-} in
--door=*)
	door=$1
	shift
	;;
esac
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 [--door=DOOR[,DOOR...]] WORKDIR [CLANG_WORKDIR]" >&2
	exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$here/modules/minix
mutant=$src/mutants/setup-result-dropped.patch
corpus=$tmp/corpus

mkdir -p "$corpus/minix/mutants" "$corpus/minix-buggy"
cp "$src/convert.patch" "$src/targets" "$src/config" "$corpus/minix/"
cp "$mutant" "$corpus/minix/mutants/"
# The same mutant, expecting its finding one line below where it is.
awk '/^Expect: / && !done {
		n = split($2, p, ":")
		$2 = p[1] ":" p[2] + 1 ":" p[3] ":"
		done = 1
	}
	{ print }' "$mutant" >"$corpus/minix/mutants/dropped-shifted.patch"
cmp -s "$mutant" "$corpus/minix/mutants/dropped-shifted.patch" &&
	{ echo "FAIL: could not shift the Expect: line of $mutant"; exit 1; }
# A conversion with the bug in it: patch applies the two diffs in turn.
cat "$src/convert.patch" "$mutant" >"$corpus/minix-buggy/convert.patch"
cp "$src/targets" "$src/config" "$corpus/minix-buggy/"

status=0
"$here/run.sh" "$door" --corpus="$corpus" "$@" >"$tmp/out" || status=$?
cat "$tmp/out"

why=
[ "$status" -eq 1 ] || why="$why run.sh exited $status, not 1;"
IFS=, read -r -a doors <<<"${door#--door=}"
for d in "${doors[@]}"; do
	grep -qx "$d: clean modules 1, false alarms 1; mutants 2, caught 1" "$tmp/out" ||
		why="$why no '$d: clean modules 1, false alarms 1; mutants 2, caught 1' line;"
done
grep -q '^  false alarm: minix-buggy: fs/minix/inode.c:[0-9]*:[0-9]*: warning: .*\[kmem-unchecked-setup\]$' "$tmp/out" ||
	why="$why the buggy conversion's finding is not a false alarm;"
grep -q '^  miss: minix/dropped-shifted: missing: ' "$tmp/out" ||
	why="$why the shifted mutant is not a miss;"
if grep -q '^  miss: minix/setup-result-dropped' "$tmp/out"; then
	why="$why the mutant as it is was not caught;"
fi
if [ -n "$why" ]; then
	why=${why# }
	echo "FAIL: ${why%;}"
	exit 1
fi
echo "PASS"
