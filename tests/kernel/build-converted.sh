#!/bin/bash
# build-converted.sh WORKDIR
#
# Compile every object that the static kmem_cache series touches in the
# tree prepare-tree.sh keeps in WORKDIR (it is called first and is a
# no-op when the tree is current), plus the ufs and fat modules, and
# check:
#
#  - make succeeds and prints no warning.  defconfig has CONFIG_WERROR=y,
#    so compiler warnings already fail the build; this also catches the
#    ones make and modpost print on their own;
#  - each converted cache really is a struct kmem_cache_opaque in the
#    object: a symbol *_cache_instance of exactly KMEM_CACHE_SIZE bytes
#    where it is defined, an undefined reference where it is only used.
#
# The objects are deleted first so that every run compiles them again.
# vmlinux is never linked: the modules are built with KBUILD_MODPOST_WARN=1
# and modpost's complaints about symbols it cannot resolve without
# vmlinux are the only warnings let through.
#
# Environment: JOBS (make -j value, default 2), plus those of
# prepare-tree.sh.

set -eu
set -o pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 WORKDIR" >&2
	exit 2
fi

here=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}

tree=$("$here/prepare-tree.sh" "$1")
cd "$tree"

# Two runs would delete each other's objects.
exec 9>.build-converted.lock
flock 9

# object  symbols it must define (D) or reference (U)
checks=(
	"mm/slab_common.o"
	"mm/slub.o"
	"fs/namespace.o		D:mnt_cache_instance"
	"fs/dcache.o		D:dentry_cache_instance D:names_cache_instance"
	"fs/inode.o		D:inode_cache_instance"
	"fs/file_table.o	D:filp_cache_instance"
	"fs/buffer.o		D:bh_cache_instance"
	"kernel/fork.o		D:task_struct_cache_instance D:signal_cache_instance D:sighand_cache_instance D:files_cache_instance D:fs_cache_instance D:mm_cache_instance"
	"fs/exec.o		U:sighand_cache_instance"
	"fs/file.o		U:files_cache_instance"
	"fs/fs_struct.o		U:fs_cache_instance"
	"fs/seq_file.o		D:seq_file_cache_instance"
	"fs/namei.o		U:names_cache_instance"
	"fs/d_path.o		U:names_cache_instance"
	"fs/ufs/ufs.ko		D:ufs_inode_cache_instance"
	"fs/fat/fat.ko		D:fat_cache_cache_instance D:fat_inode_cache_instance U:names_cache_instance"
)

objs=()
for c in "${checks[@]}"; do
	read -r obj _ <<<"$c"
	case $obj in *.ko) ;; *) objs+=("$obj") ;; esac
done

size=$(sed -n 's/^#define KMEM_CACHE_SIZE \([0-9]*\).*/\1/p' \
	include/generated/kmem_cache_size.h)
[ -n "$size" ] || {
	echo "build-converted: no KMEM_CACHE_SIZE in kmem_cache_size.h" >&2
	exit 1
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT

rm -f "${objs[@]}" fs/ufs/*.o fs/ufs/ufs.ko fs/fat/*.o fs/fat/fat.ko

status=0
t0=$SECONDS
make -k -j"$jobs" "${objs[@]}" >"$log" 2>&1 || status=1
t1=$SECONDS
make -j"$jobs" KBUILD_MODPOST_WARN=1 fs/ufs/ufs.ko >>"$log" 2>&1 || status=1
t2=$SECONDS
make -j"$jobs" KBUILD_MODPOST_WARN=1 fs/fat/fat.ko >>"$log" 2>&1 || status=1
t3=$SECONDS

# Without vmlinux, modpost cannot resolve anything a module imports;
# everything else that looks like a warning is a failure.
unexpected=$(grep -i -E 'warning|error' "$log" |
	grep -v -E '^WARNING: modpost: "[^"]+" \[fs/(ufs/ufs|fat/fat)\.ko\] undefined!$' |
	grep -v -E '^WARNING: modpost: suppressed [0-9]+ unresolved symbol warnings' |
	grep -v -x 'WARNING: vmlinux.o is missing.' |
	grep -v -x '[[:space:]]*You may get many unresolved symbol errors.' |
	grep -v -x '[[:space:]]*You can set KBUILD_MODPOST_WARN=1 to turn errors into warning' ||
	true)

passed=0
failed=0

if [ "$status" -ne 0 ] || [ -n "$unexpected" ]; then
	cat "$log" >&2
fi
if [ -n "$unexpected" ]; then
	echo "FAILED: build log has unexpected diagnostics:"
	printf '%s\n' "$unexpected"
	failed=$((failed + 1))
else
	echo "clean: build log"
	passed=$((passed + 1))
fi
for c in "${checks[@]}"; do
	read -r obj syms <<<"$c"
	why=
	if [ ! -f "$obj" ]; then
		why="not built"
	else
		for s in $syms; do
			kind=${s%%:*}
			name=${s#*:}
			if [ "$kind" = D ]; then
				got=$(nm -S --defined-only "$obj" |
					awk -v n="$name" '$4 == n { print $2 }')
				[ -n "$got" ] && got=$((16#$got))
				[ "$got" = "$size" ] ||
					why="$why $name: size '${got:-missing}', want $size;"
			else
				# grep -q would stop reading early and nm die of
				# SIGPIPE, which pipefail reports as a failure.
				nm -u "$obj" | grep -w "$name" >/dev/null ||
					why="$why $name: not referenced;"
			fi
		done
	fi
	if [ -z "$why" ]; then
		echo "built: $obj"
		passed=$((passed + 1))
	else
		echo "FAILED: $obj:$why"
		failed=$((failed + 1))
	fi
done

echo "objects: $((t1 - t0))s, ufs.ko: $((t2 - t1))s, fat.ko: $((t3 - t2))s," \
	"KMEM_CACHE_SIZE=$size"
echo "build-converted: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ]
