#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# run-kernel-stage.sh PLUGIN_SO [WORKDIR]
#
# Runs a slabcheck plugin on the kernel port that prepare-tree.sh keeps in
# WORKDIR (default /var/tmp/slabcheck-kernel), in three parts.  The GCC
# plugin builds with GCC; with LLVM=1 in the environment (kbuild's own
# variable) the tree is prepared and built with Clang, for the Clang plugin
# (slabcheck_clang.so): give that tree a WORKDIR of its own.
#
#  clean      the objects build-converted.sh compiles, plus all of
#             fs/ufs/ and ufs.ko and the objects of fat.ko in fs/fat/
#             and fat.ko, are deleted and rebuilt with the plugin; there
#             must be no finding at all, in built-in code or in the
#             modules.  mm/ uses SLAB_PREALLOCATED and is exempt
#             from kmem-internal-flag by the plugin's default.
#  planted/   each *.patch there plants one bug on top of the port.  Its
#             header says what the plugin must report, one line per
#             finding (notes are not compared):
#                 Expect: FILE:LINE:COL: RULE-ID
#             The patch is applied to the prepared tree, the objects it
#             touches are rebuilt with the plugin, and the findings must
#             be exactly those: no more, no fewer, same columns.
#             A bug that only the whole module shows (setup in one file,
#             teardown or use in another) is written as
#                 Module-expect: FILE:LINE:COL: RULE-ID
#             instead.  Those are for the module link step: with SLABCHECK
#             set (the slabcheck command), the module of the files they
#             name is rebuilt whole with the plugin writing facts, and
#             `slabcheck link --kbuild` over them must report exactly the
#             Module-expect: lines (and nothing outside the Expect: ones);
#             without it they are counted, not compared.  A patch may
#             have only Module-expect: lines: the single-file build must
#             then report nothing.
#  lookalike/ correct changes that resemble bugs: applied and rebuilt
#             the same way, they must produce no finding.
#
# The objects rebuilt for a patch are the .o of every .c file it touches,
# or those named on "Build: OBJ..." header lines.  Before a patch is
# applied, the files it touches are copied (mtimes included) to
# WORKDIR/.run-kernel-stage/; they are put back after the build, also when
# the script fails or is interrupted, and the objects built from patched
# sources are deleted so that the next build remakes them.  A run that
# was killed outright leaves that copy behind, and the next run restores
# it before doing anything else (if the tree is still the same one).
#
# Output: one line per case, "PASS name" or "FAIL name: why", then
# "N passed, M failed"; the exit status is non-zero if any case failed.
# Progress, and the build logs of failed cases, go to stderr.
#
# The plugin is copied before use, so rebuilding it during a run does not
# mix two versions.  The run holds the locks of prepare-tree.sh and
# build-converted.sh on WORKDIR.
#
# With SLABCHECK_CLANG_TOOL set (slabcheck-clang), every case is also
# checked by the tool over the tree's compile_commands.json (written from
# kbuild's .cmd files by scripts/clang-tools/gen_compile_commands.py): on
# the files each build compiled, the tool must report what the plugin
# must, as "tool:CASE" lines.  Run it on a GCC tree to check the tool on a
# GCC build's database.
#
# Environment: JOBS (make -j value, default 2), KEEP_LOGS=DIR (copy every
# build log there), ONLY=ERE (run only the cases whose name matches, e.g.
# ONLY=planted/ufs-; the clean part runs when "clean" matches),
# SLABCHECK and SLABCHECK_CLANG_TOOL (above), LLVM (above), plus those of
# prepare-tree.sh.

set -eu
set -o pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
	echo "usage: $0 PLUGIN_SO [WORKDIR]" >&2
	exit 2
fi
if [ ! -f "$1" ]; then
	echo "run-kernel-stage: $1: no such plugin" >&2
	exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}
workdir=${2:-/var/tmp/slabcheck-kernel}
t_start=$SECONDS

progress() {
	echo "run-kernel-stage: [$((SECONDS - t_start))s] $*" >&2
}

tmp=$(mktemp -d)
state=		# WORKDIR/.run-kernel-stage once the tree is locked
tree=

# restore_tree: put back the files the last patch touched and delete the
# objects built from them.  Safe to call at any time.
restore_tree() {
	local f
	[ -n "$state" ] && [ -f "$state/files" ] || return 0
	while IFS= read -r f; do
		if [ -e "$state/backup/$f" ]; then
			cp -p "$state/backup/$f" "$tree/$f"
		else
			rm -f "$tree/$f"	# created by the patch
		fi
	done <"$state/files"
	while IFS= read -r f; do
		rm -f "$tree/$f"
	done <"$state/objs"
	rm -rf "$state/backup" "$state/objs" "$state/files"
}

cleanup() {
	local status=$?
	restore_tree || status=1
	rm -rf "$tmp"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

plugin=$tmp/$(basename "$1")
cp "$1" "$plugin"

tree=$("$here/prepare-tree.sh" "$workdir")
# Keep prepare-tree.sh from replacing the tree, and build-converted.sh
# from deleting objects, while this runs.
exec 8>"$(dirname "$tree")/.prepare-tree.lock"
flock 8
exec 9>"$tree/.build-converted.lock"
flock 9
cd "$tree"
state=$(dirname "$tree")/.run-kernel-stage
mkdir -p "$state"
if [ -f "$state/files" ]; then
	# Only into the tree the copies were taken from: prepare-tree.sh
	# may have made a new one since.
	if cmp -s "$state/stamp" .slabcheck-series; then
		progress "restoring files left patched by an interrupted run"
		restore_tree
	else
		rm -rf "$state/backup" "$state/objs" "$state/files"
	fi
fi
cp .slabcheck-series "$state/stamp"

kcflags="KCFLAGS=-fplugin=$plugin"
# How the plugin is named in -fplugin-arg-NAME-KEY: its file's base name.
plugin_name=$(basename "$plugin" .so)
tool=${SLABCHECK_CLANG_TOOL:-}
passed=0
failed=0

pass() {
	echo "PASS $1"
	passed=$((passed + 1))
}
fail() {
	echo "FAIL $1: $2"
	failed=$((failed + 1))
}

selected() {
	[ -z "${ONLY:-}" ] || echo "$1" | grep -q -E -- "$ONLY"
}

# findings LOG: the findings in a build log, as "FILE:LINE:COL: RULE",
# sorted; a leading ./ of the file name is dropped.
findings() {
	sed -n -E 's%^(\./)?([^: ]+):([0-9]+):([0-9]+): warning: .* \[(kmem-[a-z-]+)\]$%\2:\3:\4: \5%p' \
		"$1" | sort
}

# one_line TEXT: the lines of TEXT joined with "; ".
one_line() {
	echo "$1" | sed '/^$/d' | paste -sd';' | sed 's/;/; /g'
}

keep_log() {
	if [ -n "${KEEP_LOGS:-}" ]; then
		mkdir -p "$KEEP_LOGS"
		cp "$1" "$KEEP_LOGS/$2.log"
	fi
}

# built_with_plugin OBJ: OBJ exists and kbuild recorded the plugin in its
# command line.
built_with_plugin() {
	local cmd
	cmd=$(dirname "$1")/.$(basename "$1").cmd
	[ -f "$1" ] && [ -f "$cmd" ] && grep -q -F -- "-fplugin=$plugin" "$cmd"
}

# compare EXPECTED ALLOWED GOT: appends to $why what GOT lacks of EXPECTED
# and what it has beyond ALLOWED (lists of findings, one a line).
compare() {
	local missing extra
	missing=$(comm -23 <(echo "$1" | sed '/^$/d' | sort) \
		<(echo "$3" | sed '/^$/d' | sort))
	extra=$(comm -13 <(echo "$2" | sed '/^$/d' | sort) \
		<(echo "$3" | sed '/^$/d' | sort))
	[ -z "$missing" ] || why="$why missing: $(one_line "$missing");"
	[ -z "$extra" ] || why="$why unexpected: $(one_line "$extra");"
}

# tool_case NAME EXPECTED FILE...: slabcheck-clang over the database on the
# files given must report exactly EXPECTED.
tool_case() {
	local name=$1 expected=$2 got why=
	shift 2
	[ -n "$tool" ] || return 0
	python3 scripts/clang-tools/gen_compile_commands.py -d . \
		-o compile_commands.json >/dev/null 2>&1 ||
		{ fail "tool:$name" "gen_compile_commands.py failed"; return; }
	"$tool" -p . "$@" >"$tmp/tool.log" 2>&1 || why="the tool failed;"
	# A GCC flag the tool does not drop is an error it goes on after.
	! grep -q 'error:' "$tmp/tool.log" || why="$why the tool printed errors;"
	keep_log "$tmp/tool.log" "tool-${name//\//-}"
	got=$(findings "$tmp/tool.log" | sed "s%^$PWD/%%" | sort)
	compare "$expected" "$expected" "$got"
	if [ -z "$why" ]; then
		pass "tool:$name"
	else
		[ ! -s "$tmp/tool.log" ] || cat "$tmp/tool.log" >&2
		why=${why# }
		fail "tool:$name" "${why%;}"
	fi
}

# module_of KIND MODULE_EXPECT FILE...: the module directory a case links:
# that of its Module-expect: lines, or for a look-alike, that of the files
# it patches when they are in fs/ufs/ or fs/fat/ (it must stay silent when
# linked too); else nothing.
module_of() {
	local kind=$1 module_expected=$2 f
	shift 2
	if [ -n "$module_expected" ]; then
		echo "$module_expected" | head -n1 | sed 's%/[^/]*$%%'
		return
	fi
	[ "$kind" = lookalike ] || return 0
	for f in "$@"; do
		case $f in
		fs/ufs/*.c | fs/fat/*.c)
			dirname "$f"
			return
			;;
		esac
	done
}

# link_case NAME EXPECT MODULE_EXPECT DIR: rebuilds the module of DIR
# (fs/ufs or fs/fat), whole, with the plugin writing facts, and compares
# what `slabcheck link --kbuild` finds with MODULE_EXPECT (EXPECT's findings
# may be found again).  Runs on the patched tree.
link_case() {
	local name=$1 expected=$2 module_expected=$3 dir=$4 ko got why=
	local facts=$tmp/facts status=0
	[ -n "${SLABCHECK:-}" ] && [ -n "$dir" ] || return 0
	ko=$dir/$(basename "$dir").ko
	rm -rf "$facts"
	mkdir -p "$facts"
	rm -f "$dir"/*.o "$ko"
	make -j"$jobs" "$kcflags -fplugin-arg-$plugin_name-facts-dir=$facts" \
		KBUILD_MODPOST_WARN=1 "$ko" >"$tmp/link-build.log" 2>&1 ||
		why="make $ko failed;"
	"$SLABCHECK" link --kbuild "$facts"/*.facts >"$tmp/link.log" 2>&1 ||
		status=$?
	[ "$status" -le 1 ] || why="$why slabcheck link failed;"
	keep_log "$tmp/link.log" "link-${name//\//-}"
	got=$(findings "$tmp/link.log")
	compare "$module_expected" "$(printf '%s\n%s\n' "$expected" \
		"$module_expected")" "$got"
	# The module's other objects were built with the facts option.
	rm -f "$dir"/*.o "$ko"
	if [ -z "$why" ]; then
		pass "link:$name"
	else
		cat "$tmp/link.log" >&2
		why=${why# }
		fail "link:$name" "${why%;}"
	fi
}

# ---------------------------------------------------------------- clean
clean_objs=(mm/slab_common.o mm/slub.o fs/namespace.o fs/dcache.o
	fs/inode.o fs/file_table.o fs/buffer.o kernel/fork.o fs/exec.o
	fs/file.o fs/fs_struct.o)
ufs_objs=(fs/ufs/balloc.o fs/ufs/cylinder.o fs/ufs/dir.o fs/ufs/file.o
	fs/ufs/ialloc.o fs/ufs/inode.o fs/ufs/namei.o fs/ufs/super.o
	fs/ufs/util.o)
# fat-y of fs/fat/Makefile; vfat.ko and msdos.ko have no cache of their own.
fat_objs=(fs/fat/cache.o fs/fat/dir.o fs/fat/fatent.o fs/fat/file.o
	fs/fat/inode.o fs/fat/misc.o fs/fat/nfs.o)

# findings_in SRC: the clean run's findings in SRC, a file or a
# directory ending in /.
findings_in() {
	awk -v src="$1" '{ f = $0; sub(/:.*/, "", f) }
		f == src || (src ~ /\/$/ && index(f, src) == 1)' \
		"$tmp/clean.found"
}

run_clean() {
	local log=$tmp/clean.log status=0 obj o src why got covered
	local check_objs=()

	progress "clean: ${#clean_objs[@]} objects, fs/ufs/ufs.ko, fs/fat/fat.ko"
	rm -f "${clean_objs[@]}" "${ufs_objs[@]}" fs/ufs/ufs.o fs/ufs/ufs.ko \
		"${fat_objs[@]}" fs/fat/fat.o fs/fat/fat.ko
	make -k -j"$jobs" "$kcflags" "${clean_objs[@]}" >"$log" 2>&1 ||
		status=1
	make -j"$jobs" "$kcflags" KBUILD_MODPOST_WARN=1 fs/ufs/ufs.ko \
		>>"$log" 2>&1 || status=1
	make -j"$jobs" "$kcflags" KBUILD_MODPOST_WARN=1 fs/fat/fat.ko \
		>>"$log" 2>&1 || status=1
	keep_log "$log" clean
	findings "$log" >"$tmp/clean.found"

	if [ "$status" -ne 0 ]; then
		cat "$log" >&2
		fail clean-build "make failed (log on stderr)"
	else
		pass clean-build
	fi

	covered=$tmp/clean.covered
	: >"$covered"
	for obj in "${clean_objs[@]}" fs/ufs/ufs.ko fs/fat/fat.ko; do
		why=
		case $obj in
		fs/ufs/ufs.ko | fs/fat/fat.ko)
			src=${obj%/*}/
			[ -f "$obj" ] || why="$obj not built;"
			if [ "$obj" = fs/ufs/ufs.ko ]; then
				check_objs=("${ufs_objs[@]}")
			else
				check_objs=("${fat_objs[@]}")
			fi
			;;
		*)
			src=${obj%.o}.c
			check_objs=("$obj")
			;;
		esac
		for o in "${check_objs[@]}"; do
			built_with_plugin "$o" ||
				why="$why $o not built with the plugin;"
		done
		got=$(findings_in "$src")
		printf '%s\n' "$got" >>"$covered"
		[ -z "$got" ] || why="$why findings: $(one_line "$got");"
		if [ -z "$why" ]; then
			pass "clean/$obj"
		else
			why=${why# }
			fail "clean/$obj" "${why%;}"
		fi
	done

	# Findings in headers, or anywhere else no case above covers.
	got=$(comm -23 "$tmp/clean.found" <(sed '/^$/d' "$covered" | sort))
	if [ -z "$got" ]; then
		pass clean/headers
	else
		fail clean/headers "findings: $(one_line "$got")"
	fi
	if [ -s "$tmp/clean.found" ]; then
		grep -E '\[kmem-|: note: ' "$log" >&2
	fi
	tool_case clean "" "${clean_objs[@]/%.o/.c}" "${ufs_objs[@]/%.o/.c}" \
		"${fat_objs[@]/%.o/.c}"
}

# ---------------------------------------------------- planted, lookalike
# run_patch KIND PATCH: apply PATCH, rebuild what it touches, compare the
# findings with its Expect: lines, restore the tree.
run_patch() {
	local kind=$1 patch=$2 name f obj status expected module_expected
	local got why malformed
	local log=$tmp/case.log files=() builds=()
	name=$kind/$(basename "$patch" .patch)

	expected=$(sed -n -E 's/^Expect: ([^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+)[[:space:]]*$/\1/p' \
		"$patch" | sed 's%^\./%%' | sort)
	module_expected=$(sed -n -E 's/^Module-expect: ([^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+)[[:space:]]*$/\1/p' \
		"$patch" | sed 's%^\./%%' | sort)
	malformed=$(sed -n '/^---$/q; p' "$patch" |
		grep -i -E '^(module-)?expect:' |
		grep -v -E '^(Expect|Module-expect): [^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+[[:space:]]*$' ||
		true)
	if [ -n "$malformed" ]; then
		fail "$name" "malformed: $(one_line "$malformed")"
		return
	fi
	if [ "$kind" = planted ] && [ -z "$expected$module_expected" ]; then
		fail "$name" "no Expect: or Module-expect: line in the patch"
		return
	fi
	if [ "$kind" = lookalike ] && [ -n "$expected$module_expected" ]; then
		fail "$name" "a look-alike must expect nothing"
		return
	fi
	mapfile -t files < <(sed -n -E 's%^\+\+\+ b/([^[:space:]]+).*%\1%p' \
		"$patch")
	mapfile -t builds < <(sed -n -E 's/^Build: //p' "$patch" |
		tr ' ' '\n' | sed '/^$/d')
	if [ "${#builds[@]}" -eq 0 ]; then
		for f in "${files[@]}"; do
			case $f in *.c) builds+=("${f%.c}.o") ;; esac
		done
	fi
	if [ "${#files[@]}" -eq 0 ] || [ "${#builds[@]}" -eq 0 ]; then
		fail "$name" "no file to patch or object to build"
		return
	fi

	# Record what to undo before changing anything.
	rm -rf "$state/backup"
	for f in "${files[@]}"; do
		if [ -e "$f" ]; then
			mkdir -p "$state/backup/$(dirname "$f")"
			cp -p "$f" "$state/backup/$f"
		fi
	done
	printf '%s\n' "${builds[@]}" >"$state/objs"
	printf '%s\n' "${files[@]}" >"$state/files"

	if ! patch -p1 --batch --forward --silent --no-backup-if-mismatch \
		<"$patch" >"$log" 2>&1; then
		cat "$log" >&2
		restore_tree
		fail "$name" "does not apply"
		return
	fi
	rm -f "${builds[@]}"
	status=0
	make -j"$jobs" "$kcflags" "${builds[@]}" >>"$log" 2>&1 || status=1
	why=
	if [ "$status" -ne 0 ]; then
		why="make failed;"
	else
		for obj in "${builds[@]}"; do
			built_with_plugin "$obj" ||
				why="$why $obj not built with the plugin;"
		done
	fi
	if [ "$status" -eq 0 ]; then
		tool_case "$name" "$expected" "${builds[@]/%.o/.c}"
		link_case "$name" "$expected" "$module_expected" \
			"$(module_of "$kind" "$module_expected" "${files[@]}")"
	fi
	restore_tree
	keep_log "$log" "${name//\//-}"

	got=$(findings "$log")
	compare "$expected" "$expected" "$got"
	if [ -z "$why" ]; then
		if [ -n "$module_expected" ] && [ -z "${SLABCHECK:-}" ]; then
			progress "$name: $(echo "$module_expected" | wc -l)" \
				"Module-expect: line(s) left to the link step"
		fi
		pass "$name"
		return
	fi
	{
		echo "--- $name"
		if [ "$status" -ne 0 ]; then
			cat "$log"
		else
			grep -E '\[kmem-|: note: ' "$log" || true
		fi
	} >&2
	why=${why# }
	fail "$name" "${why%;}"
}

if selected clean; then
	run_clean
fi
for kind in planted lookalike; do
	shopt -s nullglob
	patches=("$here/$kind"/*.patch)
	shopt -u nullglob
	progress "$kind: ${#patches[@]} patches"
	for p in "${patches[@]}"; do
		selected "$kind/$(basename "$p" .patch)" || continue
		run_patch "$kind" "$p"
	done
done

progress "done"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
