#!/usr/bin/env bash
# Every lit test that only asserts silence must have a twin that fires, so
# that a front-end that models nothing cannot pass it.  The convention: a
# file whose RUN lines expect no finding also has a RUN line checked with
# --check-prefix=TWIN, usually on the same code with -DSLABCHECK_TWIN
# planting one realistic bug, and TWIN: lines pinning what it reports.
# A file counts as firing when any of its check lines expects a warning,
# an error or a note.
#
# usage: tests/lit/check-twins.sh
set -u
cd "$(dirname "$0")" || exit 2
tests=0
missing=0
while IFS= read -r test; do
	tests=$((tests + 1))
	if grep -qE '^[[:space:]]*// *[A-Z][A-Z-]*: .*(warning|error|note): ' "$test"; then
		if grep -q -- '--check-prefix=TWIN' "$test" &&
		   ! grep -qE '^[[:space:]]*// TWIN(-NEXT)?: .*(warning|error|note): ' "$test"; then
			echo "FAIL: $test runs a TWIN check but pins no finding"
			missing=$((missing + 1))
		fi
		continue
	fi
	# Checks of other output (a model dump) are not silence either.
	if grep -qE '^// *CHECK(-[A-Z]+)?: ' "$test" &&
	   ! grep -q -- '--allow-empty' "$test"; then
		continue
	fi
	echo "FAIL: $test asserts only silence and has no TWIN run that fires"
	missing=$((missing + 1))
done < <(find . -name '*.c' -not -path '*/Inputs/*' -not -path '*/Output/*' | sort)
echo "check-twins: $tests tests, $missing without a firing twin"
[ "$missing" -eq 0 ]
