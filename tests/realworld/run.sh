#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# run.sh [--door=DOOR[,DOOR...]] [--subset=NAME[,NAME...]] [--corpus=DIR]
#        [--keep-logs=DIR] WORKDIR [CLANG_WORKDIR]
#
# Runs slabcheck over the real-world corpus: modules of Debian's
# linux-source-6.12 converted to static caches by hand (modules/NAME/
# convert.patch) and one-bug mutants of those conversions
# (modules/NAME/mutants/*.patch).  See README.md.
#
# WORKDIR holds the kernel tree for the GCC plugin, slabcheck-sparse and
# slabcheck-clang; CLANG_WORKDIR (default WORKDIR-clang) the tree for the
# Clang plugin, which kbuild must build with LLVM=1 from its configuration
# on.  prepare.sh makes each tree once and keeps it while its inputs stay
# the same.
#
# For each module and door:
#  - the conversion is applied and its targets are built through
#    "slabcheck kbuild" with the module link step; every finding is a
#    false alarm, since a correct conversion must get none;
#  - each mutant is applied on top, the targets are built again, and its
#    findings (the conversion's own findings do not count: they are the
#    clean run's baseline) must be exactly the header's "Expect:" and
#    "Module-expect:" lines, FILE:LINE:COL: RULE, as often as they are
#    listed.  Anything else is a miss.  With the GCC plugin, the objects
#    of a mutant that has Module-expect: lines are also compiled with the
#    plugin alone: single-file mode must not find those lines, only the
#    link step may.
#
# Output, per door, on stdout:
#	DOOR: clean modules N, false alarms F; mutants M, caught C
# N is the number of modules whose conversion built and got no finding, F
# the number of findings on conversions, M the number of mutants run and
# C those whose findings were exactly the expected ones.  Each false alarm,
# miss and build failure follows on a line of its own, indented.  Progress
# goes to stderr.  Exit status: 0 when every module was clean and every
# mutant caught, 1 otherwise, 2 when the run itself could not go on.
#
# Source files are patched in the trees themselves.  What a patch touches
# is copied first to DIR/.realworld-run/ next to the tree and put back
# afterwards, also on errors and signals, and the objects built from the
# patched files are deleted, so that the tree is left as it was found.  A
# run killed outright is undone by the next one.
#
# Environment: JOBS (make -j, default 2), SLABCHECK (the slabcheck command,
# default build/tools/slabcheck of this repository; the front-ends are
# taken from the same build directory), KERNEL_TARBALL (see prepare.sh).

set -eu
set -o pipefail

# The whole script is one compound command, read before it runs: editing
# run.sh while it runs must not change what the running one does.
{
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
jobs=${JOBS:-2}
all_doors=gcc,sparse,clang,clang-tool
doors=$all_doors
subset=
corpus=$here/modules
keep_logs=
t_start=$SECONDS

usage() {
	echo "usage: $0 [--door=DOOR[,DOOR...]] [--subset=NAME[,NAME...]]" \
		"[--corpus=DIR] [--keep-logs=DIR] WORKDIR [CLANG_WORKDIR]"
	echo "doors: $all_doors (default: all)"
}

die() {
	echo "run.sh: $*" >&2
	exit 2
}

progress() {
	echo "run.sh: [$((SECONDS - t_start))s] $*" >&2
}

while [ $# -gt 0 ]; do
	case $1 in
	--door=*) doors=${1#--door=} ;;
	--subset=*) subset=${1#--subset=} ;;
	--corpus=*) corpus=${1#--corpus=} ;;
	--keep-logs=*) keep_logs=${1#--keep-logs=} ;;
	--help)
		usage
		exit 0
		;;
	--)
		shift
		break
		;;
	-*)
		usage >&2
		exit 2
		;;
	*) break ;;
	esac
	shift
done
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
	usage >&2
	exit 2
fi
workdir=$1
clang_workdir=${2:-${1%/}-clang}

# -------------------------------------------------------------- arguments
declare -A wanted_door=()
IFS=, read -r -a door_list <<<"$doors"
for d in "${door_list[@]}"; do
	[[ ,$all_doors, == *,"$d",* ]] ||
		die "unknown door '$d' (doors: $all_doors)"
	wanted_door[$d]=1
done
# Always in this order: the GCC plugin's build is the one the others
# compare with when something looks odd, and slabcheck-clang reuses the
# objects of the build before it.
doors=()
for d in gcc sparse clang-tool clang; do
	[ -z "${wanted_door[$d]:-}" ] || doors+=("$d")
done

[ -d "$corpus" ] || die "$corpus: no such directory"
corpus=$(cd "$corpus" && pwd)
modules=()
for m in "$corpus"/*/convert.patch; do
	[ -f "$m" ] || continue
	m=${m%/convert.patch}
	modules+=("${m##*/}")
done
[ "${#modules[@]}" -gt 0 ] || die "no modules/*/convert.patch in $corpus"
if [ -n "$subset" ]; then
	IFS=, read -r -a picked <<<"$subset"
	for m in "${picked[@]}"; do
		[ -f "$corpus/$m/convert.patch" ] || die "no module '$m' in $corpus"
	done
	modules=("${picked[@]}")
fi
for m in "${modules[@]}"; do
	[ -s "$corpus/$m/targets" ] || die "$m: no targets file"
done

# --------------------------------------------------------------- programs
# The front-ends are copied first, so that a rebuild of slabcheck during a
# run (other people work on it) cannot mix two versions.  The copies keep
# the build directory's layout, where the slabcheck command looks for them.
slabcheck_source=${SLABCHECK:-$repo/build/tools/slabcheck}
[ -x "$slabcheck_source" ] || die "$slabcheck_source: no slabcheck command (set SLABCHECK)"
build=$(cd "$(dirname "$(readlink -f "$slabcheck_source")")/.." && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/realworld-run.XXXXXX")
cur_tree=	# the tree patches are applied to now, and its state directory
cur_state=

copy_program() {
	local what=$1
	[ -f "$build/$what" ] || die "$build/$what is missing (needed for --door=${doors[*]})"
	mkdir -p "$tmp/build/$(dirname "$what")"
	cp -p "$build/$what" "$tmp/build/$what"
}
copy_program tools/slabcheck
slabcheck=$tmp/build/tools/slabcheck
for d in "${doors[@]}"; do
	case $d in
	gcc) copy_program gcc-plugin/slabcheck_gcc.so ;;
	sparse) copy_program sparse-check/slabcheck-sparse ;;
	clang) copy_program clang-check/slabcheck_clang.so ;;
	clang-tool) copy_program clang-check/slabcheck-clang ;;
	esac
done
# Say it outright as well: an installed slabcheck elsewhere must not win.
export SLABCHECK_GCC_PLUGIN=$tmp/build/gcc-plugin/slabcheck_gcc.so
export SLABCHECK_SPARSE=$tmp/build/sparse-check/slabcheck-sparse
export SLABCHECK_CLANG_PLUGIN=$tmp/build/clang-check/slabcheck_clang.so
export SLABCHECK_CLANG_TOOL=$tmp/build/clang-check/slabcheck-clang

# ------------------------------------------------------ restoring a tree
# restore_tree: put back every file the patches of the current module
# touched and delete the objects built from them.  Safe to call any time.
restore_tree() {
	local f b objs dirs
	[ -n "$cur_state" ] && [ -f "$cur_state/files" ] || return 0
	while IFS= read -r f; do
		if [ -e "$cur_state/backup/$f" ]; then
			cp -p "$cur_state/backup/$f" "$cur_tree/$f"
		else
			rm -f "$cur_tree/$f"	# created by a patch
		fi
	done <"$cur_state/files"
	# A restored file keeps its old mtime, so make would take the objects
	# compiled from the patched text for up to date: delete every object
	# whose dependencies (kbuild's .cmd file) name a touched file.
	mapfile -t dirs < <(sort -u "$cur_state/dirs" 2>/dev/null || true)
	if [ "${#dirs[@]}" -gt 0 ]; then
		objs=$(grep -l -r -F -f "$cur_state/files" --include='.*.o.cmd' \
			-- "${dirs[@]/#/$cur_tree/}" 2>/dev/null || true)
		while IFS= read -r f; do
			[ -n "$f" ] || continue
			# DIR/.NAME.o.cmd describes DIR/NAME.o
			b=$(basename "$f" .cmd)
			rm -f "$(dirname "$f")/${b#.}"
		done <<<"$objs"
	fi
	rm -rf "$cur_state/backup" "$cur_state/files" "$cur_state/dirs"
}

# Called from the EXIT trap, which shellcheck does not follow here.
# shellcheck disable=SC2317
cleanup() {
	local status=$?
	restore_tree || status=2
	rm -rf "$tmp"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# enter_tree TREE: make TREE the one patches go to, first undoing what a
# run killed outright left in it (only if it is still the same tree:
# prepare.sh may have made a new one since).
enter_tree() {
	restore_tree
	cur_tree=$1
	cur_state=$(dirname "$1")/.realworld-run
	mkdir -p "$cur_state"
	if [ -f "$cur_state/files" ]; then
		if cmp -s "$cur_state/stamp" "$cur_tree/.slabcheck-realworld"; then
			progress "restoring files left patched in $cur_tree by an interrupted run"
			restore_tree
		else
			rm -rf "$cur_state/backup" "$cur_state/files" "$cur_state/dirs"
		fi
	fi
	cp "$cur_tree/.slabcheck-realworld" "$cur_state/stamp"
}

# patch_files PATCH: the files PATCH changes, one per line.
patch_files() {
	sed -n -E 's%^\+\+\+ b/([^[:space:]]+).*%\1%p' "$1"
}

# apply PATCH: apply PATCH to the current tree, saving each file it
# touches (once per module) so that restore_tree can put it back.
apply() {
	local f
	while IFS= read -r f; do
		grep -qxF -- "$f" "$cur_state/files" 2>/dev/null && continue
		if [ -e "$cur_tree/$f" ]; then
			mkdir -p "$cur_state/backup/$(dirname "$f")"
			cp -p "$cur_tree/$f" "$cur_state/backup/$f"
		fi
		echo "$f" >>"$cur_state/files"
	done < <(patch_files "$1")
	patch -p1 --batch --forward --silent --no-backup-if-mismatch \
		-d "$cur_tree" <"$1" >"$tmp/patch.log" 2>&1
}

# --------------------------------------------------------------- checking
# findings FILE: slabcheck's findings in FILE as "FILE:LINE:COL: RULE",
# sorted, duplicates kept (two findings of one rule at one place, with two
# messages, are two lines).
findings() {
	sed -n -E 's%^(\./)?([^: ]+):([0-9]+):([0-9]+): (warning|error): .* \[(kmem-[a-z-]+)\]$%\2:\3:\4: \6%p' \
		"$1" | sort
}

# header_lines KIND PATCH: the KIND: lines (Expect, Module-expect) of
# PATCH's header, as "FILE:LINE:COL: RULE", sorted.
header_lines() {
	sed -n -E '/^(--- |diff |Index: )/q; s/^'"$1"': (.*[^[:space:]])[[:space:]]*$/\1/p' \
		"$2" | sed 's%^\./%%' | sort
}

# full_lines OUT FINDINGS: the lines of OUT, with their messages, that
# FINDINGS ("FILE:LINE:COL: RULE" lines) name.
full_lines() {
	local f
	while IFS= read -r f; do
		[ -n "$f" ] || continue
		grep -F -- "${f%%: kmem-*}: " "$1" | sed 's%^\./%%' |
			grep -F -- "[${f##*: }]" | head -1
	done <<<"$2"
}

# malformed PATCH: header lines that look like expectations but are not.
malformed() {
	sed -n -E '/^(--- |diff |Index: )/q; p' "$1" |
		grep -i -E '^(module-)?expect:' |
		grep -v -E '^(Expect|Module-expect): [^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+[[:space:]]*$' ||
		true
}

# targets MODULE: the module's make targets, one word each.
targets() {
	sed -e 's/#.*//' -e 's/[[:space:]]\{1,\}/\n/g' "$corpus/$1/targets" |
		sed '/^$/d'
}

# target_dirs MODULE: the directories its targets build in, where
# restore_tree looks for objects to delete.
target_dirs() {
	local t
	targets "$1" | while IFS= read -r t; do
		t=${t#./}
		case $t in
		*/) echo "${t%/}" ;;
		*) dirname "$t" ;;
		esac
	done
}

# kbuild DOOR LOG OUT [slabcheck options...] -- TARGETS...: one checked
# build; slabcheck's exit status is left in $kstatus.
kbuild() {
	local door=$1 log=$2 out=$3 opts=()
	shift 3
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	case $door in
	gcc) ;;
	sparse) opts+=(--sparse) ;;
	clang) opts+=(--clang) ;;
	clang-tool) opts+=(--clang-tool) ;;
	esac
	kstatus=0
	# KBUILD_MODPOST_WARN=1: the trees have no vmlinux, so every symbol a
	# .ko target imports is unresolved for modpost.
	"$slabcheck" kbuild "${opts[@]}" -C "$cur_tree" -j"$jobs" \
		KBUILD_MODPOST_WARN=1 "$@" >"$out" 2>"$log" || kstatus=$?
}

keep_log() {
	[ -n "$keep_logs" ] || return 0
	mkdir -p "$keep_logs/$1"
	cat "$3" "$4" >"$keep_logs/$1/$2.log"
}

one_line() {
	sed '/^$/d' | paste -sd';' | sed 's/;/; /g'
}

declare -A n_clean=() n_false=() n_mutants=() n_caught=() elapsed=()
for d in "${doors[@]}"; do
	n_clean[$d]=0
	n_false[$d]=0
	n_mutants[$d]=0
	n_caught[$d]=0
	elapsed[$d]=0
	: >"$tmp/details.$d"
done
troubled=0

# detail DOOR TEXT: one line of the door's report.
detail() {
	printf '  %s\n' "$2" >>"$tmp/details.$1"
}

# check_clean DOOR MODULE: the conversion alone, whose every finding is a
# false alarm.  Writes the baseline the mutants are compared against.
check_clean() {
	local door=$1 m=$2 log=$tmp/log out=$tmp/out t0=$SECONDS got line
	local -a tg
	mapfile -t tg < <(targets "$m")
	kbuild "$door" "$log" "$out" "--write-baseline=$tmp/base.$door.$m.json" -- "${tg[@]}"
	elapsed[$door]=$((elapsed[$door] + SECONDS - t0))
	keep_log "$door" "$m" "$out" "$log"
	got=$(findings "$out")
	if [ "$kstatus" -ge 2 ]; then
		troubled=1
		detail "$door" "trouble: $m: slabcheck exited $kstatus ($(grep -E 'error|Error|slabcheck:' "$log" | head -3 | one_line))"
		progress "$door: $m: trouble (exit $kstatus)"
		# A broken build proves nothing: mutants would be compared with it.
		return 1
	fi
	if [ -z "$got" ]; then
		n_clean[$door]=$((n_clean[$door] + 1))
		progress "$door: $m: clean"
		return 0
	fi
	while IFS= read -r line; do
		n_false[$door]=$((n_false[$door] + 1))
		detail "$door" "false alarm: $m: $line"
	done < <(grep -E '\[kmem-[a-z-]+\]$' "$out" | sed 's%^\./%%')
	progress "$door: $m: $(echo "$got" | wc -l) false alarm(s)"
	return 0
}

# link_only PATCH: with the GCC plugin alone (no link step), compile the
# objects of PATCH's C files and print the Module-expect: lines that
# single-file mode finds too, which it must not.
link_only() {
	local patch=$1 f objs=() single
	while IFS= read -r f; do
		case $f in *.c) objs+=("${f%.c}.o") ;; esac
	done < <(patch_files "$patch")
	[ "${#objs[@]}" -gt 0 ] || return 0
	make -C "$cur_tree" -j"$jobs" KBUILD_MODPOST_WARN=1 \
		"KCFLAGS=-fplugin=$SLABCHECK_GCC_PLUGIN" "${objs[@]}" \
		>"$tmp/single.log" 2>&1 || true
	single=$(findings "$tmp/single.log")
	# What single-file mode finds beyond the Expect: lines (as multisets:
	# one place may have an Expect: and a Module-expect: finding, module
	# init's and module exit's) must not be a Module-expect: line.
	comm -23 <(echo "$single" | sed '/^$/d') <(header_lines Expect "$patch") |
		comm -12 - <(header_lines Module-expect "$patch")
}

# check_mutant DOOR MODULE PATCH: one mutant, already applied.
check_mutant() {
	local door=$1 m=$2 patch=$3 name log=$tmp/log out=$tmp/out t0=$SECONDS
	local expected got missing extra why='' bad single
	local -a tg
	name=$m/$(basename "$patch" .patch)
	n_mutants[$door]=$((n_mutants[$door] + 1))
	mapfile -t tg < <(targets "$m")
	kbuild "$door" "$log" "$out" "--baseline=$tmp/base.$door.$m.json" -- "${tg[@]}"
	elapsed[$door]=$((elapsed[$door] + SECONDS - t0))
	keep_log "$door" "${name//\//.}" "$out" "$log"
	expected=$(printf '%s\n%s\n' "$(header_lines Expect "$patch")" \
		"$(header_lines Module-expect "$patch")" | sed '/^$/d' | sort)
	got=$(findings "$out")
	missing=$(comm -23 <(echo "$expected") <(echo "$got" | sed '/^$/d'))
	extra=$(comm -13 <(echo "$expected") <(echo "$got" | sed '/^$/d'))
	[ "$kstatus" -lt 2 ] || why="$why trouble (slabcheck exited $kstatus);"
	[ -z "$missing" ] || why="$why missing: $(echo "$missing" | one_line);"
	[ -z "$extra" ] || why="$why unexpected: $(full_lines "$out" "$extra" | one_line);"
	if [ "$door" = gcc ] && [ -z "$why" ] &&
		[ -n "$(header_lines Module-expect "$patch")" ]; then
		single=$(link_only "$patch")
		[ -z "$single" ] ||
			why="$why found without the link step: $(echo "$single" | one_line);"
	fi
	bad=$(malformed "$patch")
	[ -z "$bad" ] || why="$why malformed header line: $(echo "$bad" | one_line);"
	[ -n "$expected" ] || why="$why no Expect: or Module-expect: line;"
	if [ -z "$why" ]; then
		n_caught[$door]=$((n_caught[$door] + 1))
		progress "$door: $name: caught"
	else
		why=${why# }
		detail "$door" "miss: $name: ${why%;}"
		progress "$door: $name: MISS: ${why%;}"
	fi
}

# ------------------------------------------------------------------ trees
gcc_doors=()
clang_doors=()
for d in "${doors[@]}"; do
	if [ "$d" = clang ]; then
		clang_doors+=("$d")
	else
		gcc_doors+=("$d")
	fi
done

# run_tree WORKDIR LLVM DOORS...: every selected module on one tree.
run_tree() {
	local wd=$1 llvm=$2 tree m d p ok
	local -a tree_doors mutants
	shift 2
	tree_doors=("$@")
	mkdir -p "$wd"
	# One run per tree at a time: two would patch the same files.
	exec {lock}>"$wd/.realworld-run.lock"
	flock -n "$lock" || die "another run.sh is using $wd"
	progress "preparing $wd (LLVM=${llvm:-})"
	if [ -n "$llvm" ]; then
		tree=$(LLVM=1 "$here/prepare.sh" "$wd")
	else
		tree=$(env -u LLVM "$here/prepare.sh" "$wd")
	fi
	enter_tree "$tree"
	for m in "${modules[@]}"; do
		shopt -s nullglob
		mutants=("$corpus/$m"/mutants/*.patch)
		shopt -u nullglob
		progress "$m: ${#mutants[@]} mutants, doors ${tree_doors[*]}"
		target_dirs "$m" >"$cur_state/dirs"
		ok=()
		if ! apply "$corpus/$m/convert.patch"; then
			for d in "${tree_doors[@]}"; do
				troubled=1
				detail "$d" "trouble: $m: convert.patch does not apply: $(one_line <"$tmp/patch.log")"
			done
			restore_tree
			continue
		fi
		for d in "${tree_doors[@]}"; do
			! check_clean "$d" "$m" || ok+=("$d")
		done
		for p in "${mutants[@]}"; do
			[ "${#ok[@]}" -gt 0 ] || break
			# Back to the pristine files, then conversion and mutant:
			# simpler than undoing one patch, and as cheap.
			restore_tree
			target_dirs "$m" >"$cur_state/dirs"
			if ! apply "$corpus/$m/convert.patch" || ! apply "$p"; then
				for d in "${ok[@]}"; do
					n_mutants[$d]=$((n_mutants[$d] + 1))
					detail "$d" "miss: $m/$(basename "$p" .patch): does not apply: $(one_line <"$tmp/patch.log")"
				done
				continue
			fi
			for d in "${ok[@]}"; do
				check_mutant "$d" "$m" "$p"
			done
		done
		restore_tree
	done
	exec {lock}>&-
}

[ "${#gcc_doors[@]}" -eq 0 ] || run_tree "$workdir" "" "${gcc_doors[@]}"
[ "${#clang_doors[@]}" -eq 0 ] || run_tree "$clang_workdir" 1 "${clang_doors[@]}"

# ----------------------------------------------------------------- report
status=0
for d in gcc sparse clang clang-tool; do
	[ -n "${wanted_door[$d]:-}" ] || continue
	echo "$d: clean modules ${n_clean[$d]}, false alarms ${n_false[$d]};" \
		"mutants ${n_mutants[$d]}, caught ${n_caught[$d]}"
	cat "$tmp/details.$d"
	progress "$d: ${elapsed[$d]}s in slabcheck kbuild"
	[ "${n_clean[$d]}" -eq "${#modules[@]}" ] &&
		[ "${n_caught[$d]}" -eq "${n_mutants[$d]}" ] || status=1
done
[ "$troubled" -eq 0 ] || status=1
progress "done"
exit "$status"
}
