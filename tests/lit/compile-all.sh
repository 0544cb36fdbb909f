#!/usr/bin/env bash
# Compile every lit test (and every example) with plain GCC, no plugin, the
# way tests/lit/drivers/check-gcc.sh compiles them, and fail on any
# diagnostic at all.  A test must be valid, warning-free C before the
# plugin's findings in it mean anything.
#
# Each "RUN: ... %check ARGS INPUT" line (or %convert INPUT ARGS, for
# slabcheck convert) is compiled once, with the -D, -U and -W options among
# its ARGS, and -I%S/... as a path from the test's directory; INPUT is %s
# (the test itself) or a %S/... path.
# The slabcheck options (--disable=, --werror, ...) are not GCC's and are
# dropped.  Examples are compiled as modules and as built-in code.
#
# usage: tests/lit/compile-all.sh [CC]
set -u
cd "$(dirname "$0")/../.." || exit 2
cc=${1:-gcc}
include_dir=tests/include
fails=0
runs=0

compile() {	# compile FILE [OPTION...]
	local file=$1 out
	shift
	runs=$((runs + 1))
	if ! out=$("$cc" -std=gnu11 -O2 -Wall -nostdinc -isystem "$include_dir" \
			-c -o /dev/null "$@" "$file" 2>&1) || [ -n "$out" ]; then
		echo "FAIL: $file $*"
		[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/    /'
		fails=$((fails + 1))
	fi
}

while IFS= read -r test; do
	dir=$(dirname "$test")
	seen=" "
	while IFS= read -r run; do
		case "$run" in
		*%convert*) args=${run#*%convert} ;;
		*) args=${run#*%check} ;;
		esac
		args=${args%%|*}
		input=$test
		opts=()
		for word in $args; do
			case "$word" in
			-D*|-U*|-W*)	opts+=("$word") ;;
			-I%S/*)		opts+=("-I$dir/${word#-I%S/}") ;;
			%s)		input=$test ;;
			%S/*)		input=$dir/${word#%S/} ;;
			esac
		done
		key="$input ${opts[*]:-}"
		case "$seen" in *"|$key|"*) continue ;; esac
		seen="$seen|$key|"
		compile "$input" ${opts[@]+"${opts[@]}"}
	done < <(grep -h 'RUN:.*%\(check\|convert\)' "$test")
	if [ "$seen" = " " ]; then
		echo "FAIL: $test has no RUN line with %check or %convert"
		fails=$((fails + 1))
	fi
done < <(find tests/lit -name '*.c' -not -path '*/Inputs/*' \
	-not -path '*/Output/*' | sort)

for example in $(find examples -name '*.c' 2>/dev/null | sort); do
	compile "$example" -DMODULE
	compile "$example"
done

echo "compile-all: $runs compiles, $fails failed"
[ "$fails" -eq 0 ]
