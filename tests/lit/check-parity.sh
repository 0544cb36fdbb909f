#!/usr/bin/env bash
# One verdict behind every door: for every C file of tests/lit, each
# front-end must describe the same model and print the same findings as
# the GCC plugin.  Each file runs once per door through the lit drivers,
# with -DMODULE, and once more with -DSLABCHECK_TWIN (the planted bug of
# the file's twin, when it has one):
#
#   model     the lowered model (--dump-model), as core/model/dump.c prints it
#   findings  every warning and note, FILE:LINE:COL: KIND: MESSAGE [RULE],
#             with every event of each finding's path as a note (--path=full)
#
# A difference is allowed only where tests/lit/parity-exceptions.txt names
# it, one line each, with the classes of difference it shows:
#     DOOR PATH ASPECT CLASS[,CLASS...]
# (PATH relative to tests/lit, ASPECT model or findings), each class
# defined in the file by a "# class NAME: reason" comment.  An exception
# that no longer differs fails too, so that the list only shrinks.
# A test of a feature one door alone has (an ONLY-<door>: line,
# tests/lit/slabcheck_format.py) has no other door's verdict: skipped.
#
# usage: check-parity.sh BUILD_DIR DOOR[,DOOR...]   (gcc must be one)
# Environment as for lit: SLABCHECK_GCC, SLABCHECK_CLANG_CC.
set -u
build_dir=$1
doors=$2
here=$(cd "$(dirname "$0")" && pwd)
exceptions=$here/parity-exceptions.txt
export SLABCHECK_BUILD_DIR=$build_dir
export SLABCHECK_INCLUDE_DIR=$here/../include
export SLABCHECK_GCC=${SLABCHECK_GCC:-gcc}
export SLABCHECK_CLANG_CC=${SLABCHECK_CLANG_CC:-clang}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

case ",$doors," in
*,gcc,*) ;;
*)
	echo "check-parity.sh: the GCC door is the reference: list gcc" >&2
	exit 2
	;;
esac

# What each aspect keeps of a driver's output: the dump's own lines, or
# the diagnostics (the compilers' context lines and carets aside).
model_lines() {
	grep -E '^(unit |instance |function |  b[0-9]|    [a-z])' || true
}
finding_lines() { # ours: a [kmem-...] line and the notes after it
	awk '/^[^ ]+:[0-9]+:[0-9]+: (warning|error): .*\[kmem-[a-z-]+\]$/ {
		print; ours = 1; next }
	/^[^ ]+:[0-9]+:[0-9]+: note: / { if (ours) print; next }
	/^[^ ]+:[0-9]+:[0-9]+: / { ours = 0 }'
}

run_door() { # door file variant
	# -Wno-psabi: GCC's note on the ABI of 64-byte aligned arguments
	# would follow one of our warnings as if it were ours.
	local door=$1 file=$2 variant=$3 defines=(-DMODULE -Wno-psabi)

	[ "$variant" = twin ] && defines+=(-DSLABCHECK_TWIN)
	# The dump comes first, then the findings, in one run.
	bash "$here/drivers/check-$door.sh" --dump-model --path=full \
		"${defines[@]}" \
		"$here/$file" >"$work/out" 2>&1
	model_lines <"$work/out" >"$work/$door.$variant.model"
	finding_lines <"$work/out" >"$work/$door.$variant.findings"
}

status=0
compared=0
differ=0
declare -A seen
while IFS= read -r file; do
	grep -qE 'ONLY-[A-Za-z0-9_-]+:' "$here/$file" && continue
	variants=plain
	grep -q SLABCHECK_TWIN "$here/$file" && variants="plain twin"
	for door in ${doors//,/ }; do
		for variant in $variants; do
			run_door "$door" "$file" "$variant"
		done
	done
	for door in ${doors//,/ }; do
		[ "$door" = gcc ] && continue
		for aspect in model findings; do
			same=yes
			for variant in $variants; do
				cmp -s "$work/gcc.$variant.$aspect" \
					"$work/$door.$variant.$aspect" ||
					same=no
			done
			compared=$((compared + 1))
			key="$door $file $aspect"
			listed=no
			grep -qE "^$door $file $aspect [^ ]" "$exceptions" &&
				listed=yes
			seen[$key]=1
			if [ $same = no ]; then
				differ=$((differ + 1))
				[ $listed = yes ] && continue
				echo "FAIL: $file: the $aspect under $door differs from gcc's:"
				for variant in $variants; do
					diff "$work/gcc.$variant.$aspect" \
						"$work/$door.$variant.$aspect" |
						head -20 | sed 's/^/    /'
				done
				status=1
			elif [ $listed = yes ]; then
				echo "FAIL: $file: the $aspect under $door is gcc's now:" \
					"remove its line from parity-exceptions.txt"
				status=1
			fi
		done
	done
done < <(cd "$here" && find . \( -path ./drivers -o -path ./__pycache__ \
	-o -name Output \) -prune -o -name '*.c' -print | sed 's|^\./||' | sort)

# A line that names no comparison made (a file gone, a door not built
# here is fine) or gives no reason is a mistake in the list.
while read -r door file aspect reason; do
	case $door in '' | '#'*) continue ;; esac
	if [ -z "$reason" ]; then
		echo "FAIL: parity-exceptions.txt: $door $file $aspect: no reason"
		status=1
	fi
	for class in ${reason//,/ }; do
		grep -q "^# class $class: " "$exceptions" && continue
		echo "FAIL: parity-exceptions.txt: $door $file: class $class is not defined"
		status=1
	done
	case ",$doors," in *",$door,"*) ;; *) continue ;; esac
	if [ -z "${seen["$door $file $aspect"]:-}" ]; then
		echo "FAIL: parity-exceptions.txt: no $aspect comparison of $file under $door"
		status=1
	fi
done <"$exceptions"

echo "parity: $compared comparisons with gcc, $differ differ (all listed: $([ $status = 0 ] && echo yes || echo no))"
exit $status
