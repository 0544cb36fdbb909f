#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# convert-tree.sh BUILD_DIR [WORKDIR]
#
# `slabcheck convert` at a tree's scale, and what it proposes held to every
# door and to mutants:
#
#  1. a 6.12 tree with the series' API alone (KERNEL_PATCHES=2), x86_64
#     defconfig with every fs/ filesystem that can be a module made one
#     (=m, as far as olddefconfig lets it), and CONVERT_MODULES, a sample of
#     net/ and drivers/ modules; in WORKDIR (default
#     /var/tmp/slabcheck-convert-tree), its sources kept in a git index so
#     that every run starts from them;
#  2. `slabcheck convert kbuild -jJOBS` (checked, the default) over TARGETS (default:
#     the whole tree, vmlinux and modules): no crash, and the counts of
#     the table by reason;
#  3. its patch applied (git apply), and the tree built, CONFIG_WERROR=y,
#     under the GCC plugin (`slabcheck kbuild`), slabcheck-sparse
#     (`--sparse`), slabcheck-clang (`--clang-tool`) and the Clang plugin
#     (`--clang LLVM=1`, in a second tree, WORKDIR/llvm, configured the
#     same way for Clang): every door exits 0 and prints no finding;
#  4. mutants of the converted modules, MUTANT_MODULES of them (default
#     30, the ones of fewest objects first): for each converted cache of
#     the module, one per kind that its code allows, each checked alone
#     with the GCC plugin, which must report the kind's rule:
#       leak      every kmem_cache_destroy(NAME); line dropped
#                 (kmem-module-leak; the module is built whole, link step
#                 and all)
#       resetup   a second setup of the instance right before its setup
#                 (kmem-resetup)
#       flag      SLAB_PREALLOCATED (mm/'s own, outside mm/ only as
#                 __SLAB_FLAG_BIT(_SLAB_PREALLOCATED)) added before the
#                 setup's first SLAB_ flag (kmem-internal-flag)
#       storage   the instance moved to __ro_after_init (kmem-storage)
#       size      the setup's object made an 8-byte struct hlist_head
#                 (KMEM_CACHE_SETUP()'s struct, or a sizeof(struct X)
#                 given as the size), where the file allocates from the
#                 cache or frees to it: every object it holds as a
#                 bigger struct no longer fits (kmem-size-mismatch)
#
# Prints a summary ending in "N passed, M failed"; everything goes to
# WORKDIR/results/.  Hours on two
# cores: not in CI; docs/convert.md and docs/reliability.md record runs.
# Environment: JOBS (default 2), TARGETS, CONVERT_MODULES, MUTANT_MODULES,
# DOORS (default "gcc sparse clang-tool clang"),
# STEPS (default "convert build mutants": a later step alone reuses the
# earlier ones' results).
set -u
set -o pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 BUILD_DIR [WORKDIR]" >&2
	exit 2
fi
build=$(cd "$1" && pwd)
workdir=${2:-/var/tmp/slabcheck-convert-tree}
here=$(cd "$(dirname "$0")" && pwd)
slabcheck=$build/tools/slabcheck
jobs=${JOBS:-2}
steps=${STEPS:-convert build mutants}
read -r -a targets <<<"${TARGETS:-}"
modules=${CONVERT_MODULES:-BRIDGE L2TP SCTP TIPC RDS BATMAN_ADV
	OPENVSWITCH NET_9P CEPH_LIB RXRPC NET_ACT_CT IP_VS XFRM_USER
	BLK_DEV_DM DM_SNAPSHOT DM_THIN_PROVISIONING DM_CACHE DM_CRYPT
	DM_INTEGRITY DM_RAID MD_RAID456 BLK_DEV_DRBD ZRAM BLK_DEV_NBD
	TARGET_CORE ISCSI_TARGET TCM_USER2 SCSI_SAS_LIBSAS SCSI_FC_ATTRS
	INFINIBAND NVME_TARGET XEN_BLKDEV_BACKEND}
mutant_modules=${MUTANT_MODULES:-30}
read -r -a doors <<<"${DOORS:-gcc sparse clang-tool clang}"
start=$SECONDS
# The commit the run is of, taken now: the checkout may move on while it
# runs (BUILD_DIR is expected to be built from it).
commit=$(git -C "$here" describe --always --dirty 2>/dev/null)
mkdir -p "$workdir/results"
workdir=$(cd "$workdir" && pwd)
results=$workdir/results

progress() {
	echo "convert-tree: [$((SECONDS - start))s] $*" >&2
}

# One run at a time on a WORKDIR: each step checks the tree's files out
# again and mutates them in place, so a second run beside it would change
# the files under the first one's builds.
exec 8>"$workdir/.convert-tree.lock"
if ! flock -n 8; then
	progress "another run holds $workdir; waiting for it"
	flock 8
fi

progress "preparing the tree"
tree=$(KERNEL_PATCHES=2 bash "$here/prepare-tree.sh" "$workdir") || exit 1
cd "$tree" || exit 1

# configure_tree: the configuration of the tree in the current directory,
# once: every fs/ tristate as a module, and the sample; then its sources
# in a git index, for each run to start from.
configure_tree() {
	[ ! -d .git ] || return 0
	progress "configuring $PWD: fs/ modules and the sample"
	awk '/^config /{name=$2} /^[ \t]+tristate/{if (name) print name; name=""}' \
		$(find fs -name Kconfig) | sort -u >"$workdir/fs-modules.txt"
	options=()
	for name in $(cat "$workdir/fs-modules.txt") $modules; do
		options+=(--module "$name")
	done
	scripts/config --file .config "${options[@]}"
	make -s olddefconfig
	# The sources only: what the build generates (include/generated,
	# include/config, the objects) must stay the build's own.
	git init -q && git add -f -- '*.c' '*.h' ':!include/generated' \
		':!arch/*/include/generated' ':!include/config' \
		':!scripts' ':!tools' ':!usr' &&
		git -c user.name=slabcheck -c user.email=slabcheck@localhost \
			commit -q -m "6.12 with the API"
}
configure_tree || exit 1
grep -c '=m$' .config >"$results/modules-configured.txt"

step_on() { [[ " $steps " == *" $1 "* ]]; }

if step_on convert; then
	progress "slabcheck convert kbuild -j$jobs ${targets[*]:-(all)}"
	git checkout -q -- .
	"$slabcheck" convert kbuild -C "$tree" -j"$jobs" \
		${targets[@]+"${targets[@]}"} \
		>"$results/convert.diff" 2>"$results/convert.err"
	echo "exit $?" >"$results/convert.status"
	grep -E ': (converted|refused \([a-z-]+\)):' "$results/convert.err" |
		sed "s|^$tree/||" >"$results/convert.table"
	{
		echo "pointers: $(wc -l <"$results/convert.table")"
		echo "converted: $(grep -c ': converted:' "$results/convert.table")"
		sed -n 's/.*: refused (\([a-z-]*\)).*/\1/p' \
			"$results/convert.table" | sort | uniq -c | sort -rn
		echo "crashes: $(grep -c -E 'internal compiler error|internal error|crashed|Segmentation fault|Stack dump' "$results/convert.err")"
	} >"$results/counts.txt"
fi

if step_on build; then
	progress "applying the patch"
	git checkout -q -- . &&
		git apply "$results/convert.diff" ||
		{ echo "FAIL the patch does not apply"; exit 1; }
	for door in "${doors[@]}"; do
		directory=$tree
		option=()
		case $door in
		gcc) ;;
		clang)
			# kbuild's Clang toolchain wants a tree of its own.
			progress "preparing the LLVM=1 tree"
			directory=$(LLVM=1 KERNEL_PATCHES=2 \
				bash "$here/prepare-tree.sh" "$workdir/llvm") &&
				(cd "$directory" && LLVM=1 configure_tree &&
					git checkout -q -- . &&
					git apply "$results/convert.diff") ||
				{ echo "FAIL the LLVM=1 tree"; exit 1; }
			option=(--clang LLVM=1)
			;;
		*) option=(--"$door") ;;
		esac
		progress "building the converted tree: $door"
		rm -f "$results/build-$door.status"
		"$slabcheck" kbuild "${option[@]}" -C "$directory" -j"$jobs" \
			${targets[@]+"${targets[@]}"} \
			>"$results/build-$door.findings" \
			2>"$results/build-$door.log"
		echo "$door: exit $?, findings $(grep -c -E ': (warning|error): .*\[kmem-' "$results/build-$door.findings")" \
			>"$results/build-$door.status"
	done
	# Every door's last result, this run's or an earlier one's (DOORS=).
	for door in gcc sparse clang-tool clang; do
		cat "$results/build-$door.status" 2>/dev/null
	done >"$results/build.txt"
fi

# mutate FILE KIND NAME INSTANCE: the converted file with one mutant of
# NAME's cache made in place; fails when the kind does not apply.
mutate() {
	python3 - "$@" <<'PYTHON'
import re, sys
path, kind, name, instance = sys.argv[1:5]
text = open(path).read()
setups = r'(kmem_cache_setup(_usercopy)?|KMEM_CACHE_SETUP(_USERCOPY)?|__KMEM_CACHE_SETUP)\(\s*%s\s*,' % re.escape(name)
setup = re.search(setups, text)
if kind == 'leak':
    new = re.sub(r'(?m)^[ \t]*kmem_cache_destroy\(\s*%s\s*\);[ \t]*\n' % re.escape(name), '', text)
elif kind == 'resetup' and setup:
    line = text.rfind('\n', 0, setup.start()) + 1
    indent = re.match(r'[ \t]*', text[line:]).group(0)
    new = (text[:line] + indent + 'kmem_cache_setup(%s, "slabcheck_mutant", 64, 0, SLAB_PANIC, NULL);\n' % name + text[line:])
elif kind == 'flag' and setup:
    end = text.find(';', setup.end())
    flag = re.compile(r'\bSLAB_[A-Z_]+\b').search(text, setup.end(), end)
    new = text if not flag else text[:flag.start()] + '__SLAB_FLAG_BIT(_SLAB_PREALLOCATED) | ' + text[flag.start():]
elif kind == 'storage':
    new = re.sub(r'(struct kmem_cache_opaque %s);' % re.escape(instance), r'\1 __ro_after_init;', text, count=1)
elif kind == 'size' and setup:
    end = text.find(';', setup.end())
    if setup.group(1) == 'KMEM_CACHE_SETUP':
        size = re.compile(r'\s*(\w+)\s*,').match(text, setup.end())
        small = 'hlist_head'
    else:
        size = re.compile(r'sizeof\(\s*struct\s+(\w+)\s*\)').search(text, setup.end(), end)
        small = 'sizeof(struct hlist_head)'
    used = re.search(r'\b(kmem_cache_(z?alloc\w*|free)|alloc_inode_sb)\((\s*\w+\s*,)?\s*%s\s*[,)]' % re.escape(name), text)
    if size and used and size.group(1) != 'hlist_head':
        whole = 1 if small == 'hlist_head' else 0
        new = text[:size.start(whole)] + small + text[size.end(whole):]
    else:
        new = text
else:
    new = text
if new == text:
    sys.exit(1)
open(path, 'w').write(new)
PYTHON
}

declare -A rule_of=([leak]=kmem-module-leak [resetup]=kmem-resetup
	[flag]=kmem-internal-flag [storage]=kmem-storage
	[size]=kmem-size-mismatch)

if step_on mutants; then
	progress "mutants of $mutant_modules converted modules"
	git checkout -q -- . && git apply "$results/convert.diff" || exit 1
	# Each converted file of a module: its module (kbuild's .mod file
	# lists the objects) and its count of objects.
	: >"$results/mutant-files.txt"
	for file in $(sed -n 's/^\([^:]*\):[0-9]*: .*: converted:.*/\1/p' \
		"$results/convert.table" | sort -u); do
		object=${file%.c}.o
		mod=$(grep -l -x -F -- "$object" $(find "$(dirname "$file")" \
			"$(dirname "$(dirname "$file")")" -maxdepth 1 \
			-name '*.mod' 2>/dev/null) 2>/dev/null | head -1)
		[ -n "$mod" ] || continue
		echo "$(wc -l <"$mod") ${mod%.mod}.ko $file" \
			>>"$results/mutant-files.txt"
	done
	sort -n "$results/mutant-files.txt" | awk '!seen[$2]++' |
		head -n "$mutant_modules" >"$results/mutant-modules.txt"
	# Each converted cache's instance, from the macros of the old names
	# (a global's is in its header's part of the patch).
	sed -n 's/^+#define \([a-z_0-9]*\) to_kmem_cache(&\([a-z_0-9]*\))$/\1\t\2/p' \
		"$results/convert.diff" | sort -u >"$results/instances.txt"
	: >"$results/mutants.txt"
	while read -r _ module file; do
		while IFS=$'\t' read -r name instance; do
			for kind in leak resetup flag storage size; do
				git checkout -q -- "$file" &&
					git apply --include="$file" \
						"$results/convert.diff" || exit 1
				mutate "$file" "$kind" "$name" "$instance" ||
					continue
				target=${file%.c}.o
				[ "$kind" = leak ] && target=$module
				"$slabcheck" kbuild -C "$tree" "$target" \
					>"$results/mutant.findings" \
					2>"$results/mutant.log"
				status=$?
				if grep -q -E "\\[${rule_of[$kind]}\\]" \
					"$results/mutant.findings"; then
					verdict=caught
				elif [ "$status" -ge 2 ]; then
					verdict="not built"
				else
					verdict=missed
				fi
				printf '%s\t%s\t%s\t%s\t%s\n' "$module" "$file" \
					"$name" "$kind" "$verdict" \
					>>"$results/mutants.txt"
			done
		done < <(join -t $'\t' \
			<(sed -n "s|^$file:[0-9]*: \([a-z_0-9]*\): converted:.*|\1|p" \
				"$results/convert.table" | sort -u) \
			"$results/instances.txt")
		git checkout -q -- "$file" &&
			git apply --include="$file" "$results/convert.diff"
	done <"$results/mutant-modules.txt"
	{
		echo "modules: $(cut -f1 "$results/mutants.txt" | sort -u | wc -l)"
		cut -f4,5 "$results/mutants.txt" | sort | uniq -c
	} >"$results/mutants-summary.txt"
fi

progress "done"
{
	echo "date: $(date -u +%Y-%m-%d), slabcheck $commit"
	echo "modules configured: $(cat "$results/modules-configured.txt")"
	[ -f "$results/convert.status" ] &&
		echo "convert kbuild: $(cat "$results/convert.status")" &&
		cat "$results/counts.txt"
	[ -f "$results/build.txt" ] && cat "$results/build.txt"
	[ -f "$results/mutants-summary.txt" ] &&
		cat "$results/mutants-summary.txt"
} | tee "$results/summary.txt"
# The verdict: the conversion ran clean, each door is silent, and every
# mutant made was caught.
passed=0
failed=0
verdict() {
	if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}
if step_on convert; then
	verdict grep -q -x 'exit 0' "$results/convert.status"
	verdict grep -q -x 'crashes: 0' "$results/counts.txt"
fi
if step_on build; then
	for door in "${doors[@]}"; do
		verdict grep -q -x "$door: exit 0, findings 0" \
			"$results/build-$door.status"
	done
fi
if step_on mutants; then
	verdict test -s "$results/mutants.txt"
	verdict bash -c '! grep -q -v -P "\tcaught\$" "$1"' _ \
		"$results/mutants.txt"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
