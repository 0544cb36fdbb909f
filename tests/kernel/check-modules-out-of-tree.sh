#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# check-modules-out-of-tree.sh [--sparse | --clang] SLABCHECK [WORKDIR]
#
# The port's two modules, ufs.ko and fat.ko (with vfat.ko and msdos.ko,
# which fs/fat/Makefile builds too), as out-of-tree modules: their sources
# are copied from the tree prepare-tree.sh keeps in WORKDIR (default
# /var/tmp/slabcheck-kernel) into a directory outside it, and built there
# against the tree with `slabcheck kbuild [DOOR] M=DIR modules`: the GCC
# plugin, (--sparse) slabcheck-sparse as kbuild's checker (make C=2
# CHECK=...), or (--clang) the Clang plugin with LLVM=1, which needs a
# WORKDIR prepared with LLVM=1 (the script sets it for prepare-tree.sh).
# The kernel stage (run-kernel-stage.sh) builds the same modules in-tree
# only; an M= build has its own paths, its own .mod files for the link
# step and no Module.symvers (slabcheck passes KBUILD_MODPOST_WARN=1).
#
#  clean/MODULE     the copy as it is: slabcheck kbuild exits 0 and finds
#                   nothing, in any file or in the module link step, every
#                   .ko is built, and the front-end checked every object
#                   the .mod files list.
#  planted/NAME     one planted bug of tests/kernel/planted/ applied to a
#                   fresh copy of its module: the findings must be exactly
#                   its Expect: and Module-expect: lines (the file in the
#                   copy, same line, column and rule), and the exit
#                   status 1.  The default twins are ufs-exit-no-destroy,
#                   found in one file, and fat-exit-keeps-fat-cache,
#                   which only the link step of fat.ko finds.
#
# Output: "PASS name" or "FAIL name: why" per case, then "N passed, M
# failed"; the exit status is non-zero if any case failed.  The logs of
# failed cases go to stderr.  The run holds the locks of prepare-tree.sh
# and build-converted.sh, so no kernel stage patches the tree meanwhile.
#
# Environment: PLANTED (space-separated names of planted cases of ufs or
# fat, replacing the default twins), JOBS (make -j, default 2), KEEP=DIR
# (keep the copies and logs in DIR, which must be empty or new), plus
# those of prepare-tree.sh.

set -eu
set -o pipefail

usage() {
	echo "usage: $0 [--sparse | --clang] SLABCHECK [WORKDIR]" >&2
	exit 2
}

door=()
checking=()
case "${1:-}" in
--sparse) door=(--sparse); checking=(C=2); shift ;;
--clang) door=(--clang); export LLVM=1; shift ;;
-*) usage ;;
esac
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -x "$1" ]; then
	usage
fi
slabcheck=$(readlink -f "$1")
workdir=${2:-/var/tmp/slabcheck-kernel}
jobs=${JOBS:-2}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck disable=SC2206	# a list of words on purpose
planted=(${PLANTED:-ufs-exit-no-destroy fat-exit-keeps-fat-cache})

# shellcheck source=lib.sh
. "$here/lib.sh"
# shellcheck source=cases.sh
. "$here/cases.sh"

if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP"
	[ -z "$(ls -A "$KEEP")" ] || die "KEEP=$KEEP is not empty"
	scratch=$(cd "$KEEP" && pwd)
else
	scratch=$(mktemp -d /tmp/slabcheck-oot.XXXXXX)
	trap 'rm -rf "$scratch"' EXIT
fi

lock_prepared_tree "$workdir"
# A kernel stage killed outright leaves its patch in the tree until its
# next run puts the files back (run-kernel-stage.sh).
[ ! -s "$(dirname "$tree")/.run-kernel-stage/files" ] ||
	die "$tree: a kernel stage left files patched; run it again first"

# The pristine copies, taken once: MODULE's .c and .h files, and its
# Makefile as a Kbuild file with the modules as obj-m (in the tree they
# are obj-$(CONFIG_..._FS), =m in the prepared .config, which an M= build
# reads too).  A source that includes a header outside its directory
# ("../internal.h") would not compile in the copy: none does in 6.12.
for module in ufs fat; do
	dest=$scratch/pristine/$module
	mkdir -p "$dest"
	cp -p "fs/$module"/*.c "fs/$module"/*.h "$dest/"
	sed -E 's/^obj-\$\(CONFIG_[A-Z]+_FS\)/obj-m/' "fs/$module/Makefile" \
		>"$dest/Kbuild"
	if grep -l -E '^#[[:space:]]*include[[:space:]]+"\.\./' \
		"$dest"/*.[ch] >&2; then
		die "fs/$module includes headers outside its directory"
	fi
done
if [ "$(grep -c '^obj-m' "$scratch/pristine/ufs/Kbuild")" -ne 1 ] ||
	[ "$(grep -c '^obj-m' "$scratch/pristine/fat/Kbuild")" -ne 3 ]; then
	die "fs/ufs/Makefile or fs/fat/Makefile: not the modules expected"
fi

# findings FILE: the findings in slabcheck's output, "FILE:LINE:COL: RULE",
# sorted (as run-kernel-stage.sh reads them).
findings() {
	sed -n -E 's%^([^: ]+):([0-9]+):([0-9]+): warning: .* \[(kmem-[a-z-]+)\]$%\1:\2:\3: \4%p' \
		"$1" | sort
}

# one_line TEXT: the lines of TEXT joined with "; ".
one_line() {
	echo "$1" | sed '/^$/d' | paste -sd';' | sed 's/;/; /g'
}

# build DIR: slabcheck kbuild on the module in DIR; output in DIR.out,
# make's and the compilers' in DIR.err, exit status in $status.
build() {
	status=0
	"$slabcheck" kbuild "${door[@]}" "${checking[@]}" -C "$tree" \
		-j"$jobs" M="$1" modules >"$1.out" 2>"$1.err" || status=$?
}

# unchecked DIR: what is wrong with the build in DIR besides its findings:
# a .ko missing, or an object of a .mod file the front-end did not check.
unchecked() {
	local dir=$1 mod ko obj cmd
	for mod in "$dir"/*.mod; do
		[ -e "$mod" ] || {
			echo "no .mod file;"
			return
		}
		ko=${mod%.mod}.ko
		[ -f "$ko" ] || echo "${ko##*/} not built;"
		# One object a line, absolute paths in an M= build.
		while read -r obj; do
			case $obj in /*) ;; *) obj=$dir/${obj##*/} ;; esac
			if [ "${door[0]:-}" = --sparse ]; then
				grep -q -x -F "  CHECK   ${obj%.o}.c" "$dir.err" ||
					echo "${obj##*/} not checked;"
			else
				cmd=$(dirname "$obj")/.$(basename "$obj").cmd
				grep -q -F -- "-fplugin=" "$cmd" 2>/dev/null ||
					echo "${obj##*/} not built with the plugin;"
			fi
		done <"$mod"
	done
}

# verdict NAME DIR STATUS EXPECTED: builds the module in DIR and passes
# NAME when slabcheck kbuild exits with STATUS and exactly the findings
# EXPECTED (lines "FILE:LINE:COL: RULE", sorted) and built and checked
# everything; else the output and the end of the build log go to stderr.
verdict() {
	local name=$1 dir=$2 want=$3 expected got missing extra why
	expected=$(echo "$4" | sed '/^$/d')
	step "$name: slabcheck kbuild ${door[*]:+${door[*]} }M=$dir"
	build "$dir"
	why=$(unchecked "$dir" | paste -sd' ')
	[ "$status" -eq "$want" ] || why="$why slabcheck kbuild exited $status;"
	got=$(findings "$dir.out" | sort -u | sed '/^$/d')
	missing=$(comm -23 <(echo "$expected") <(echo "$got"))
	extra=$(comm -13 <(echo "$expected") <(echo "$got"))
	[ -z "$missing" ] || why="$why missing: $(one_line "$missing");"
	[ -z "$extra" ] || why="$why unexpected: $(one_line "$extra");"
	if [ -z "$why" ]; then
		pass "$name"
		return
	fi
	cat "$dir.out" >&2
	tail -20 "$dir.err" >&2
	why=${why# }
	fail "$name" "${why%;}"
}

run_clean() {
	local module=$1 dir=$scratch/clean/$1
	mkdir -p "$scratch/clean"
	cp -pr "$scratch/pristine/$module" "$dir"
	verdict "clean/$module.ko" "$dir" 0 ""
}

run_planted() {
	local name=$1 patch=$here/planted/$1.patch module dir expected
	if [ ! -f "$patch" ]; then
		fail "planted/$name" "no $patch"
		return
	fi
	module=$(sed -n -E 's%^\+\+\+ b/fs/(ufs|fat)/[^/[:space:]]+.*%\1%p' \
		"$patch" | sort -u)
	if [ "$(echo "$module" | wc -w)" -ne 1 ] ||
		grep -E '^\+\+\+ ' "$patch" | grep -q -v -E " b/fs/$module/"; then
		fail "planted/$name" "patches files outside fs/ufs or fs/fat"
		return
	fi
	dir=$scratch/planted/$name
	mkdir -p "$scratch/planted"
	cp -pr "$scratch/pristine/$module" "$dir"
	# a/fs/MODULE/FILE: three levels down is the copy.
	if ! patch -p3 -d "$dir" --batch --forward --silent \
		--no-backup-if-mismatch <"$patch" >"$dir.patch.log" 2>&1; then
		cat "$dir.patch.log" >&2
		fail "planted/$name" "does not apply"
		return
	fi
	# Both kinds of lines: slabcheck kbuild prints what the files and the
	# module link step found together.
	expected=$(sed -n -E 's/^(Expect|Module-expect): ([^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+)[[:space:]]*$/\2/p' \
		"$patch" | sed "s%^fs/$module/%$dir/%" | sort -u)
	if [ -z "$expected" ]; then
		fail "planted/$name" "no Expect: or Module-expect: line"
		return
	fi
	verdict "planted/$name" "$dir" 1 "$expected"
}

run_clean ufs
run_clean fat
for name in "${planted[@]}"; do
	run_planted "$name"
done
step "done"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
