#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# run-kernel-stage.sh PLUGIN_SO [WORKDIR]
# run-kernel-stage.sh --sparse SLABCHECK_SPARSE SLABCHECK [WORKDIR]
# run-kernel-stage.sh --clang-tool SLABCHECK_CLANG PLUGIN_SO [WORKDIR]
#
# Runs the slabcheck GCC plugin (or, with --sparse, slabcheck-sparse as
# kbuild's checker: make C=2 CHECK=..., see stage-sparse.sh for what that
# adds) on the kernel port that prepare-tree.sh keeps in WORKDIR (default
# /var/tmp/slabcheck-kernel), in three parts.  With LLVM=1 in the
# environment (kbuild's own variable) the tree is prepared and built with
# Clang, for the Clang plugin (slabcheck_clang.so): give that tree a
# WORKDIR of its own.  With --clang-tool, every build of the GCC plugin's
# stage is checked a second time by slabcheck-clang over that build's
# compile_commands.json (see stage-clang-tool.sh), and its findings must be
# the GCC plugin's: each case has a second line, "NAME (slabcheck-clang)".
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
#             instead: the plugin alone must not report it (single-file
#             mode stays silent where another file may do the work), and
#             the link step must.  The link sees the case's units and,
#             for units the case did not rebuild, those of the clean run.
#             What the plugin and the link report together must be the
#             Expect: and Module-expect: lines, no more, no fewer.
#             A finding that depends on the configuration (a limit
#             of the target, such as the page size) is written as
#                 Expect-if CONFIG_X=VALUE: FILE:LINE:COL: RULE-ID
#             and expected only when the tree's .config has that line
#             (cross-stages.sh runs other configurations).
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
# Environment: JOBS (make -j value, default 2), KEEP_LOGS=DIR (copy every
# build log there, and the facts each link step read to DIR/facts/), ONLY=ERE (run only the cases whose name matches, e.g.
# ONLY=planted/ufs-; the clean part runs when "clean" matches), plus those
# of prepare-tree.sh.

set -eu
set -o pipefail

frontend=gcc
with_tool=
case ${1:-} in
--sparse)
	frontend=sparse
	shift
	;;
--clang-tool)
	with_tool=1
	shift
	;;
esac
checkers=1
[ "$frontend" = sparse ] || [ -n "$with_tool" ] && checkers=2
if [ $# -lt "$checkers" ] || [ $# -gt $((checkers + 1)) ] || [ -z "$1" ]; then
	echo "usage: $0 PLUGIN_SO [WORKDIR]" >&2
	echo "       $0 --sparse SLABCHECK_SPARSE SLABCHECK [WORKDIR]" >&2
	echo "       $0 --clang-tool SLABCHECK_CLANG PLUGIN_SO [WORKDIR]" >&2
	exit 2
fi
for f in "${@:1:$checkers}"; do
	if [ ! -f "$f" ]; then
		echo "run-kernel-stage: $f: no such file" >&2
		exit 2
	fi
done

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
jobs=${JOBS:-2}
workdir=${*:$((checkers + 1)):1}
workdir=${workdir:-/var/tmp/slabcheck-kernel}
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

if [ "$frontend" = sparse ]; then
	checker=$tmp/slabcheck-sparse
	slabcheck=$tmp/slabcheck
	cp "$1" "$checker"
	cp "$2" "$slabcheck"
	# shellcheck source=stage-sparse.sh
	. "$here/stage-sparse.sh"
else
	if [ -n "$with_tool" ]; then
		tool=$tmp/slabcheck-clang
		cp "$1" "$tool"
		shift
	fi
	# slabcheck_gcc.so, or slabcheck_clang.so with LLVM=1 (a Clang tree):
	# the file's base name is how -fplugin-arg-NAME- names it.
	plugin=$tmp/$(basename "$1")
	plugin_name=$(basename "$1" .so)
	cp "$1" "$plugin"
	slabcheck_source=${SLABCHECK:-$(dirname "$(readlink -f "$1")")/../tools/slabcheck}
	if [ ! -x "$slabcheck_source" ]; then
		echo "run-kernel-stage: $slabcheck_source: no slabcheck command" \
			"(set SLABCHECK)" >&2
		exit 2
	fi
	slabcheck=$tmp/slabcheck
	cp "$slabcheck_source" "$slabcheck"
fi
# Facts of the clean run, and of the current case (a fixed path, so that
# the command lines of objects stay the same from case to case).
facts=$tmp/facts
clean_facts=$tmp/clean-facts
mkdir -p "$facts" "$clean_facts"
if [ -n "$with_tool" ]; then
	# shellcheck source=stage-clang-tool.sh
	. "$here/stage-clang-tool.sh"
fi

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

# The arguments that load the front-end into a build; new_build sets them
# up before each build.
make_args=()
new_build() {
	if [ "$frontend" = sparse ]; then
		sparse_make_args
	else
		make_args=("KCFLAGS=-fplugin=$plugin -fplugin-arg-$plugin_name-facts-dir=$facts")
	fi
}
# shellcheck source=cases.sh
. "$here/cases.sh"

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

# built_with_plugin OBJ LOG: OBJ exists and kbuild recorded the plugin in
# its command line (with --sparse: ran the checker on its source).
built_with_plugin() {
	local cmd
	if [ "$frontend" = sparse ]; then
		checked_by_sparse "$1" "$2"
		return
	fi
	cmd=$(dirname "$1")/.$(basename "$1").cmd
	[ -f "$1" ] && [ -f "$cmd" ] && grep -q -F -- "-fplugin=$plugin" "$cmd"
}

# link_step LOG [CLEAN_FACTS FACTS KEPT]: appends to LOG what the link
# step finds in the modules and directories of the facts in FACTS ($facts),
# with the clean run's facts (CLEAN_FACTS, $clean_facts) for the units this
# build did not remake (they come first: the last read of a unit counts).
# KEEP_LOGS gets them in KEPT (facts).  Fails when slabcheck fails.
link_step() {
	local status=0 kept=${4:-facts}
	shopt -s nullglob
	local all=("${2:-$clean_facts}"/*.facts "${3:-$facts}"/*.facts)
	shopt -u nullglob
	[ "${#all[@]}" -gt 0 ] || return 0
	if [ -n "${KEEP_LOGS:-}" ]; then
		mkdir -p "$KEEP_LOGS/$kept"
		cp "${all[@]}" "$KEEP_LOGS/$kept/"
	fi
	"$slabcheck" link --kbuild "${all[@]}" >>"$1" 2>&1 || status=$?
	[ "$status" -le 1 ]
}

# ---------------------------------------------------------------- clean
clean_objs=("${core_objects[@]}")
ufs_objs=("${ufs_objects[@]}")
fat_objs=("${fat_objects[@]}")

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
	new_build
	make -k -j"$jobs" "${make_args[@]}" "${clean_objs[@]}" >"$log" 2>&1 ||
		status=1
	make -j"$jobs" "${make_args[@]}" KBUILD_MODPOST_WARN=1 fs/ufs/ufs.ko \
		>>"$log" 2>&1 || status=1
	make -j"$jobs" "${make_args[@]}" KBUILD_MODPOST_WARN=1 fs/fat/fat.ko \
		>>"$log" 2>&1 || status=1
	link_step "$log" || status=1
	mv "$facts"/*.facts "$clean_facts"/ 2>/dev/null || true
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
			built_with_plugin "$o" "$log" ||
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
	if [ "$frontend" = sparse ]; then
		compare_stock "$log" "${clean_objs[@]}" fs/ufs/ufs.ko fs/fat/fat.ko
	fi
	if [ -n "$with_tool" ]; then
		run_clean_tool
	fi
}

# run_clean_tool: slabcheck-clang over the clean build's database must
# find nothing either, in the files or with the link step.
run_clean_tool() {
	local log=$tmp/clean.tool.log link_log=$tmp/clean.tool.link.log
	local name="clean (slabcheck-clang)" got why=

	progress "clean: slabcheck-clang over the build's compile_commands.json"
	tool_clean "$log" "$link_log" "${clean_objs[@]}" "${ufs_objs[@]}" \
		"${fat_objs[@]}" || why="slabcheck-clang or the link step failed;"
	cat "$link_log" >>"$log"
	keep_log "$log" clean-slabcheck-clang
	got=$(findings "$log")
	[ -z "$got" ] || why="$why findings: $(one_line "$got");"
	if [ -z "$why" ]; then
		pass "$name"
		return
	fi
	cat "$log" >&2
	why=${why# }
	fail "$name" "${why%;}"
}

# ---------------------------------------------------- planted, lookalike
# run_patch KIND PATCH: apply PATCH, rebuild what it touches, compare the
# findings with its Expect: lines, restore the tree.
run_patch() {
	local kind=$1 patch=$2 name f obj status expected module_expected
	local why why_tool malformed plugin_found tool_status=0 conditional
	local log=$tmp/case.log files=() builds=()
	local tool_log=$tmp/case.tool.log tool_link_log=$tmp/case.tool.link.log
	name=$kind/$(basename "$patch" .patch)

	expected=$({
		sed -n -E 's/^Expect: ([^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+)[[:space:]]*$/\1/p' \
			"$patch"
		sed -n -E 's/^Expect-if (CONFIG_[A-Z0-9_]+=[^ :]+): ([^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+)[[:space:]]*$/\1 \2/p' \
			"$patch" | while read -r condition finding; do
			if grep -qx -- "$condition" .config; then
				echo "$finding"
			fi
		done
	} | sed 's%^\./%%' | sort)
	conditional=$(grep -c -E '^Expect-if ' "$patch" || true)
	module_expected=$(sed -n -E 's/^Module-expect: ([^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+)[[:space:]]*$/\1/p' \
		"$patch" | sed 's%^\./%%' | sort)
	malformed=$(sed -n '/^---$/q; p' "$patch" |
		grep -i -E '^(module-)?expect(:|-if)' |
		grep -v -E '^((Expect|Module-expect)|Expect-if CONFIG_[A-Z0-9_]+=[^ :]+): [^ ]+:[0-9]+:[0-9]+: kmem-[a-z-]+[[:space:]]*$' ||
		true)
	if [ -n "$malformed" ]; then
		fail "$name" "malformed: $(one_line "$malformed")"
		return
	fi
	if [ "$kind" = planted ] && [ -z "$expected$module_expected" ] &&
		[ "$conditional" -eq 0 ]; then
		fail "$name" "no Expect: or Module-expect: line in the patch"
		return
	fi
	if [ "$kind" = lookalike ] && { [ -n "$expected$module_expected" ] ||
		[ "$conditional" -ne 0 ]; }; then
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
	rm -f "${builds[@]}" "$facts"/*.facts
	status=0
	new_build
	make -j"$jobs" "${make_args[@]}" "${builds[@]}" >>"$log" 2>&1 || status=1
	link_log=$tmp/case.link.log
	: >"$link_log"
	link_step "$link_log" || status=1
	why=
	if [ "$status" -ne 0 ]; then
		why="make failed;"
	else
		for obj in "${builds[@]}"; do
			built_with_plugin "$obj" "$log" ||
				why="$why $obj not built with the plugin;"
		done
	fi
	# The same build, a second time through slabcheck-clang, before the
	# sources are put back.
	if [ -n "$with_tool" ] && [ "$status" -eq 0 ]; then
		tool_check "$tool_log" "$tool_link_log" "${builds[@]}" ||
			tool_status=1
	fi
	restore_tree
	keep_log "$log" "${name//\//-}"

	compare_expected "$log" "$link_log"
	cat "$link_log" >>"$log"
	verdict "$name" "$status" "$log" "$why"
	[ -n "$with_tool" ] || return 0

	# slabcheck-clang: the same lines, alone and with its link step, as the
	# GCC plugin must give.
	why_tool=
	if [ "$status" -ne 0 ]; then
		why_tool="make failed;"
	elif [ "$tool_status" -ne 0 ]; then
		why_tool="slabcheck-clang or the link step failed;"
	fi
	touch "$tool_log" "$tool_link_log"
	why=$why_tool
	compare_expected "$tool_log" "$tool_link_log"
	plugin_found=$(findings "$log" | sort -u)
	cat "$tool_link_log" >>"$tool_log"
	keep_log "$tool_log" "${name//\//-}-slabcheck-clang"
	[ "$(findings "$tool_log" | sort -u)" = "$plugin_found" ] ||
		why="$why not the GCC plugin's findings;"
	verdict "$name (slabcheck-clang)" "$((status | tool_status))" \
		"$tool_log" "$why"
}

# compare_expected LOG LINK_LOG: adds to why how the findings of a
# front-end (LOG) and of the link step (LINK_LOG) differ from $expected and
# $module_expected.  The front-end alone must find exactly the Expect:
# lines; with the link step, the Expect: and Module-expect: lines, once
# each.
compare_expected() {
	local got missing extra all
	got=$(findings "$1")
	missing=$(comm -23 <(echo "$expected" | sed '/^$/d') \
		<(echo "$got" | sed '/^$/d'))
	extra=$(comm -13 <(echo "$expected" | sed '/^$/d') \
		<(echo "$got" | sed '/^$/d'))
	[ -z "$missing" ] || why="$why missing: $(one_line "$missing");"
	[ -z "$extra" ] || why="$why unexpected: $(one_line "$extra");"
	all=$(printf '%s\n%s\n' "$expected" "$module_expected" |
		sed '/^$/d' | sort -u)
	got=$(cat "$1" "$2" >"$tmp/both.log" && findings "$tmp/both.log" |
		sort -u)
	missing=$(comm -23 <(echo "$all" | sed '/^$/d') \
		<(echo "$got" | sed '/^$/d'))
	extra=$(comm -13 <(echo "$all" | sed '/^$/d') \
		<(echo "$got" | sed '/^$/d'))
	[ -z "$missing" ] || why="$why missing in the module: $(one_line "$missing");"
	[ -z "$extra" ] || why="$why unexpected in the module: $(one_line "$extra");"
}

# verdict NAME STATUS LOG WHY: PASS when WHY is empty, else FAIL with WHY,
# and LOG (or its findings only, when the build went through) on stderr.
verdict() {
	local why=${4# }
	if [ -z "$why" ]; then
		pass "$1"
		return
	fi
	{
		echo "--- $1"
		if [ "$2" -ne 0 ]; then
			cat "$3"
		else
			grep -E '\[kmem-|: note: ' "$3" || true
		fi
	} >&2
	fail "$1" "${why%;}"
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
