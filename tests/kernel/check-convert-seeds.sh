#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# check-convert-seeds.sh BUILD_DIR [WORKDIR]
#
# `slabcheck convert` on the vanilla 6.12 files the static-cache series
# converts (fs/namespace.c, fs/dcache.c, fs/file_table.c, kernel/fork.c,
# fs/ufs/super.c, and the headers of kernel/fork.c's globals), in a tree with only the series' API (patches 0001 and
# 0002; KERNEL_PATCHES=2 prepare-tree.sh, WORKDIR default
# /var/tmp/slabcheck-convert-seeds), checked as convert checks by
# default: the table is the one below (nothing taken back), where
# each line that differs from the series' own patches says why; the patch
# applies; the five objects, and the globals' users, build with
# CONFIG_WERROR=y and are silent
# under the GCC plugin, slabcheck-sparse (make C=2) and slabcheck-clang;
# the converted ufs with its exit's destroy dropped is caught.  The files
# are put back as they were at the start of every run.  About ten
# minutes the first time (the tree is unpacked and prepared), a few after.
set -u
build=$(cd "$1" && pwd)
workdir=${2:-/var/tmp/slabcheck-convert-seeds}
here=$(cd "$(dirname "$0")" && pwd)
slabcheck=$build/tools/slabcheck
# shellcheck source=../scripts/expect.sh
. "$here/../scripts/expect.sh"
tree=$(KERNEL_PATCHES=2 bash "$here/prepare-tree.sh" "$workdir") || {
	echo "0 passed, 1 failed"
	exit 1
}
workdir=$(cd "$workdir" && pwd)
sources=(fs/namespace.c fs/dcache.c fs/file_table.c kernel/fork.c
	fs/ufs/super.c)
objects=("${sources[@]/%.c/.o}")
# The headers whose externs the globals' conversions edit, and files that
# use those globals, read as text by the run: built after, to show that
# they compile with the old names as the instances' macros.
headers=(include/linux/signal.h include/linux/fdtable.h
	include/linux/fs_struct.h)
users=(fs/exec.o fs/file.o fs/fs_struct.o)
files=("${sources[@]}" "${headers[@]}")
pristine=$tree/.slabcheck-pristine
cd "$tree" || exit 1
for file in "${files[@]}"; do
	if [ -f "$pristine/$file" ]; then
		cp "$pristine/$file" "$file"
	else
		mkdir -p "$(dirname "$pristine/$file")"
		cp "$file" "$pristine/$file"
	fi
done
trap 'for file in "${files[@]}"; do cp "$pristine/$file" "$file"; done' EXIT

"$slabcheck" convert kbuild -C "$tree" "${objects[@]}" \
	>"$workdir/seeds.diff" 2>"$workdir/convert.err"
expect "convert kbuild: exit status" 0 "$?"
# The series' patches convert mnt_cache, dentry_cache, filp_cachep,
# ufs_inode_cachep, and the globals sighand_cachep, files_cachep and
# fs_cachep with their header's extern, with these setups (the run reads
# the globals' other users, fs/exec.c, fs/file.c, fs/fs_struct.c and
# samples/kmemleak/kmemleak-test.c, as text: they only allocate and free
# from them); fs_cachep's instance is fs_cache here, fs_struct_cache in
# the series (a name only the two definitions use); the cover letter
# names names_cachep too, which fs/dcache.c exports (EXPORT_SYMBOL takes
# its address: a module may hold it), so it stays a pointer;
# thread_stack_cache is not compiled on x86_64 (THREAD_SIZE >= PAGE_SIZE);
# the series leaves vm_area_cachep and vma_lock_cachep dynamic, and our
# port converts task_struct_cachep, signal_cachep and mm_cachep with these
# setups.
expected=$(cat <<'TABLE'
fs/dcache.c:3184: names_cachep: refused (address-taken): its address is taken in a file-scope initializer
fs/dcache.c:83: dentry_cache: converted: KMEM_CACHE_USERCOPY() becomes KMEM_CACHE_SETUP_USERCOPY(), __ro_after_init dropped
fs/file_table.c:41: filp_cachep: converted: kmem_cache_create() becomes __KMEM_CACHE_SETUP(), __ro_after_init dropped
fs/namespace.c:87: mnt_cache: converted: kmem_cache_create() becomes kmem_cache_setup(), __ro_after_init dropped
fs/ufs/super.c:1442: ufs_inode_cachep: converted: kmem_cache_create_usercopy() becomes kmem_cache_setup_usercopy()
kernel/fork.c:184: task_struct_cachep: converted: kmem_cache_create_usercopy() becomes kmem_cache_setup_usercopy()
kernel/fork.c:430: signal_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
kernel/fork.c:433: sighand_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
kernel/fork.c:436: files_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
kernel/fork.c:439: fs_cachep: converted: kmem_cache_create() becomes kmem_cache_setup()
kernel/fork.c:442: vm_area_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
kernel/fork.c:445: mm_cachep: converted: kmem_cache_create_usercopy() becomes kmem_cache_setup_usercopy()
kernel/fork.c:450: vma_lock_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
TABLE
)
expect "convert kbuild: the table" "$expected" \
	"$(sed "s|^$tree/||" "$workdir/convert.err" |
		grep ': converted: \|: refused ' | LC_ALL=C sort)"
# Lines the series writes, as the patch writes them.
for line in '+static struct kmem_cache_opaque __mnt_cache;' \
	'+#define mnt_cache to_kmem_cache(&__mnt_cache)' \
	'+static struct kmem_cache_opaque ufs_inode_cache;' \
	'+	return kmem_cache_setup_usercopy(ufs_inode_cachep, "ufs_inode_cache",' \
	'+static struct kmem_cache_opaque filp_cache;' \
	'+	__KMEM_CACHE_SETUP(filp_cachep, "filp", sizeof(struct file),' \
	'+struct kmem_cache_opaque sighand_cache;' \
	'+extern struct kmem_cache_opaque sighand_cache;' \
	'+#define sighand_cachep to_kmem_cache(&sighand_cache)' \
	'+struct kmem_cache_opaque files_cache;' \
	'+extern struct kmem_cache_opaque files_cache;' \
	'+#define files_cachep to_kmem_cache(&files_cache)' \
	'+	kmem_cache_setup(sighand_cachep, "sighand_cache",'; do
	check "the patch has: $line" grep -qxF -- "$line" "$workdir/seeds.diff"
done
check "the patch applies" patch -p1 --batch --quiet <"$workdir/seeds.diff"

# The converted objects: built (CONFIG_WERROR=y) and silent, each door.
for door in "" --sparse --clang-tool; do
	actual=$("$slabcheck" kbuild ${door:+"$door"} -C "$tree" \
		"${objects[@]}" "${users[@]}" 2>"$workdir/kbuild.err")
	expect "converted, kbuild ${door:-(the GCC plugin)}: silent" "0:" \
		"$?:$(grep -E ': (warning|note|error): ' <<<"$actual")"
done

# The twin: ufs's exit no longer destroys its cache.
sed -i '/^static void destroy_inodecache/,/^}/{/kmem_cache_destroy(ufs_inode_cachep);/d}' \
	fs/ufs/super.c
actual=$("$slabcheck" kbuild -C "$tree" fs/ufs/super.o 2>/dev/null)
expect "the twin, ufs's destroy dropped: caught" "1:2" \
	"$?:$(grep -c "static cache 'ufs_inode_cache' .*\[kmem-module-leak\]" <<<"$actual")"
finish
