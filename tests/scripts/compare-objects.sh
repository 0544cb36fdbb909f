#!/usr/bin/env bash
# Compiles every test file and the example with and without a plugin (GCC's
# or Clang's: both load with -fplugin=), at -O0 and -O2, with and without
# -DMODULE, and fails unless each pair of object files is byte for byte the
# same.
#
# usage: compare-objects.sh PLUGIN_SO SOURCE_DIR [COMPILER]
set -eu
plugin=$1
source_dir=$2
cc=${3:-gcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0
different=0
# Headers a test includes from its inputs (a global's header: convert).
inputs=()
for directory in "$source_dir"/tests/lit/Inputs/*/; do
	inputs+=(-iquote "$directory")
done
for file in "$source_dir"/tests/lit/*/*.c "$source_dir"/examples/*/*.c; do
	for opt in -O0 -O2; do
		for module in "" -DMODULE "-DMODULE -DSLABCHECK_TWIN"; do
			flags=(-std=gnu11 $opt $module -nostdinc -Wno-psabi
			       -isystem "$source_dir/tests/include"
			       "${inputs[@]}" -c)
			"$cc" "${flags[@]}" -o "$work/plain.o" "$file" 2>/dev/null
			"$cc" "${flags[@]}" -fplugin="$plugin" -o "$work/plugin.o" \
				"$file" 2>/dev/null
			compared=$((compared + 1))
			if ! cmp -s "$work/plain.o" "$work/plugin.o"; then
				echo "DIFFERENT: $file $opt $module"
				different=$((different + 1))
			fi
		done
	done
done
echo "$((compared - different)) passed, $different failed"
[ "$different" -eq 0 ]
