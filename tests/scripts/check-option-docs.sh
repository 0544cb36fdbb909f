#!/usr/bin/env bash
# The options tables of the docs list exactly the core's options
# (core/option_list.h), each with the door's spelling: docs/gcc-plugin.md
# (-fplugin-arg-slabcheck_gcc-KEY), docs/sparse.md (--slabcheck-KEY, and
# its own no-sparse-warnings), docs/clang.md (KEY).  Prints what a table
# lacks or has too many, and fails then.
#
# usage: tests/scripts/check-option-docs.sh
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
status=0
keys=$(sed -n 's/^OPTION("\([a-z-]*\)".*/\1/p' "$root/core/option_list.h" | sort)
if [ -z "$keys" ]; then
	echo "FAIL: no OPTION(...) entries in core/option_list.h"
	exit 1
fi

compare() { # doc, the keys its table lists
	local doc=$1 listed=$2 missing extra

	missing=$(comm -23 <(echo "$keys") <(echo "$listed"))
	extra=$(comm -13 <(echo "$keys") <(echo "$listed"))
	if [ -n "$missing" ]; then
		echo "FAIL: $doc lacks:" $missing
		status=1
	fi
	if [ -n "$extra" ]; then
		echo "FAIL: $doc lists options the core has not:" $extra
		status=1
	fi
}

# Table rows only: the prose may name an option in passing.
compare docs/gcc-plugin.md "$(grep '^| `-fplugin-arg-slabcheck_gcc-' \
	"$root/docs/gcc-plugin.md" |
	grep -o -- '-fplugin-arg-slabcheck_gcc-[a-z-]*' |
	sed 's/-fplugin-arg-slabcheck_gcc-//' | sort -u)"
compare docs/sparse.md "$(grep '^| `--slabcheck-' "$root/docs/sparse.md" |
	grep -o -- '--slabcheck-[a-z-]*' | sed 's/--slabcheck-//' |
	grep -vx 'no-sparse-warnings' | sort -u)"
compare docs/clang.md "$(sed -n '/^| KEY |/,/^$/p' "$root/docs/clang.md" |
	grep '^| `' | cut -d'|' -f2 | grep -o '`[a-z-]*[`=]' | tr -d '`=' |
	sort -u)"
[ $status = 0 ] && echo "option docs: $(echo "$keys" | wc -l) options, every table lists them all"
exit $status
