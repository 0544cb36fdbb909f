# shellcheck shell=bash
# Shared by the scripts in tests/kernel/; source it, do not run it.
#
# Expects "set -eu" and sets:
#	kernel_dir	this directory
#	tarball		$KERNEL_TARBALL or /usr/src/linux-source-6.12.tar.xz
#	topdir		the tarball's top-level directory
#	patches		our series, in order (the first $KERNEL_PATCHES of
#			it when that is set: 2 is the API alone)
#	core_objects	the port's built-in objects that set up, use or
#			export a static cache
#	ufs_objects, fat_objects	the objects of the two modules

kernel_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
topdir=linux-source-6.12
patches=("$kernel_dir"/patches/[0-9][0-9][0-9][0-9]-*.patch)
if [ -n "${KERNEL_PATCHES:-}" ]; then
	patches=("${patches[@]:0:$KERNEL_PATCHES}")
fi
core_objects=(mm/slab_common.o mm/slub.o fs/namespace.o fs/dcache.o
	fs/inode.o fs/file_table.o fs/buffer.o kernel/fork.o fs/exec.o
	fs/file.o fs/fs_struct.o fs/seq_file.o fs/namei.o fs/d_path.o)
ufs_objects=(fs/ufs/balloc.o fs/ufs/cylinder.o fs/ufs/dir.o fs/ufs/file.o
	fs/ufs/ialloc.o fs/ufs/inode.o fs/ufs/namei.o fs/ufs/super.o
	fs/ufs/util.o)
# fat-y of fs/fat/Makefile; vfat.ko and msdos.ko have no cache of their own.
fat_objects=(fs/fat/cache.o fs/fat/dir.o fs/fat/fatent.o fs/fat/file.o
	fs/fat/inode.o fs/fat/misc.o fs/fat/nfs.o)

die() {
	echo "${0##*/}: $*" >&2
	exit 1
}

step_t0=$SECONDS
step() {
	echo "${0##*/}: [$((SECONDS - step_t0))s] $*" >&2
}

# tree_hash: identifies a tree from what the caller does to it, read
# from stdin, plus the patches and the tarball.  Size and mtime stand in
# for the tarball's contents: hashing 150MB on every no-op run would take
# longer than the rest.
tree_hash() {
	{
		cat
		for p in "${patches[@]}"; do
			printf '%s\n' "${p##*/}"
			cat "$p"
		done
		stat -c '%n %s %Y' "$tarball"
	} | sha256sum | cut -d' ' -f1
}

# unpack_patched TREE: replace TREE with a freshly unpacked and patched
# source tree.  The old one goes whole: patches cannot be taken back
# reliably, and leftover objects would hide build problems.
unpack_patched() {
	local tree=$1 tmp p

	[ -r "$tarball" ] ||
		die "$tarball not found (apt-get install linux-source-6.12)"
	[ -e "${patches[0]}" ] || die "no patches in $kernel_dir/patches"

	if [ -e "$tree" ]; then
		step "removing stale $tree"
		rm -rf "$tree"
	fi

	step "unpacking $tarball"
	tmp=$tree.unpack.$$
	rm -rf "$tmp"
	mkdir "$tmp"
	tar -xJf "$tarball" -C "$tmp"
	[ -f "$tmp/$topdir/Makefile" ] || {
		rm -rf "$tmp"
		die "$tarball has no $topdir/Makefile"
	}
	mv "$tmp/$topdir" "$tree"
	rmdir "$tmp"

	step "applying ${#patches[@]} patches"
	for p in "${patches[@]}"; do
		patch -p1 --batch --forward --quiet -d "$tree" <"$p" ||
			die "${p##*/} does not apply"
	done
}

# lock_prepared_tree WORKDIR: prepares the tree of WORKDIR (prepare-tree.sh,
# a no-op when current), takes the locks of prepare-tree.sh (fd 8) and
# build-converted.sh (fd 9) so that nothing replaces or patches it meanwhile,
# and enters it; sets $tree.
lock_prepared_tree() {
	tree=$("$kernel_dir/prepare-tree.sh" "$1")
	exec 8>"$(dirname "$tree")/.prepare-tree.lock"
	flock 8
	exec 9>"$tree/.build-converted.lock"
	flock 9
	cd "$tree"
}
