#!/usr/bin/env bash
# A front-end describes what its compiler sees and never decides a rule: it
# spells no name of the API.  Fails when a source file (.c, .cc, .h) under
# the directories given mentions, even in a comment, a function, macro,
# type tag, flag or alias that core/api.c and core/api.h write down (field
# names such as "align" are ordinary words, and are left out).
#
# usage: check-no-api-names.sh SOURCE_DIR DIR...
set -eu
source_dir=$1
shift
names=$( {
	sed -n -E 's/^[[:space:]]*\{ "([A-Za-z_]+)".*/\1/p' \
		"$source_dir/core/api.c"
	sed -n -E 's/^#define API_[A-Z_]+(TAG|NAME|ALIAS) "([A-Za-z_]+)"$/\2/p' \
		"$source_dir/core/api.h"
} | sort -u)
[ -n "$names" ] || { echo "no API names found in core/"; exit 1; }
found=0
for name in $names; do
	if grep -rn -w --include='*.c' --include='*.cc' --include='*.h' \
		-- "$name" "$@"; then
		found=1
	fi
done
if [ "$found" -ne 0 ]; then
	echo "FAIL: API names above belong in core/api.c, not in a front-end"
	exit 1
fi
echo "$(echo "$names" | wc -l) API names, none in $*"
