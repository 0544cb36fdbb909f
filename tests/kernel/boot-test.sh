#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# boot-test.sh WORKDIR
#
# Build a whole patched kernel (x86_64 defconfig, CONFIG_UFS_FS=m,
# CONFIG_DEBUG_KOBJECT_RELEASE=y), boot it in QEMU with boot/init.c as
# the only process, and report what it finds: the converted caches
# exist unmerged, and ufs.ko loads and unloads cleanly even when the
# release of its cache is deferred past kmem_cache_destroy().
#
# This is the slow one: the first run builds vmlinux, about 25 minutes
# with -j2.  Later runs reuse the build in WORKDIR/boot/ while the
# series is unchanged and take about a minute.
#
# Needs packages.txt plus qemu-system-x86 (packages-optional.txt).
#
# Environment: JOBS (make -j value, default 2), KERNEL_TARBALL,
# BOOT_TIMEOUT (seconds for the QEMU run, default 600), BOOT_ACCEL
# (tcg, the default, or kvm).

set -eu
set -o pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: $0 WORKDIR" >&2
	exit 2
fi

# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
jobs=${JOBS:-2}
timeout=${BOOT_TIMEOUT:-600}
command -v qemu-system-x86_64 >/dev/null ||
	die "qemu-system-x86_64 not found (apt-get install qemu-system-x86)"

mkdir -p "$1/boot"
base=$(cd "$1/boot" && pwd)
src=$base/src
build=$base/build
stamp=$build/.slabcheck-series
kmake() {
	make -C "$src" O="$build" "$@"
}

exec 9>"$base/.lock"
flock 9

# The configuration is all that shapes the build besides the patches,
# and all the stamp covers, so that editing this script does not cost a
# fresh 25-minute build.
config=(--module UFS_FS --enable DEBUG_OBJECTS
	--enable DEBUG_OBJECTS_TIMERS --enable DEBUG_KOBJECT_RELEASE)
hash=$(echo "x86_64 defconfig ${config[*]}" | tree_hash)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
	unpack_patched "$src"
	rm -rf "$build"
	mkdir "$build"

	step "configuring"
	kmake -s defconfig >&2
	"$src/scripts/config" --file "$build/.config" "${config[@]}"
	kmake -s olddefconfig >&2
	for opt in CONFIG_UFS_FS=m CONFIG_DEBUG_KOBJECT_RELEASE=y \
		   CONFIG_SYSFS=y CONFIG_SLUB_DEBUG=y; do
		grep -qx "$opt" "$build/.config" || die "$opt did not stick"
	done
	echo "$hash" >"$stamp"
fi

step "make -j$jobs bzImage fs/ufs/ufs.ko"
kmake -j"$jobs" bzImage >&2
kmake -j"$jobs" fs/ufs/ufs.ko >&2

step "making the initramfs"
gcc -static -O2 -Wall -Wextra -Werror -o "$base/init" \
	"$kernel_dir/boot/init.c"
cat >"$base/initramfs.list" <<EOF
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
file /init $base/init 0755 0 0
file /ufs.ko $build/fs/ufs/ufs.ko 0644 0 0
EOF
"$build/usr/gen_init_cpio" "$base/initramfs.list" >"$base/initramfs.cpio"

# TCG boots this kernel in about half a minute.  KVM would be faster,
# but nested inside another VM it has been seen to hang in the BIOS or
# to abort on MSR writes, so it is only used when asked for.
case ${BOOT_ACCEL:-tcg} in
kvm)	accel=(-accel kvm -cpu host) ;;
tcg)	accel=(-accel tcg -cpu max) ;;
*)	die "BOOT_ACCEL must be tcg or kvm" ;;
esac

# init needs CONFIG_HZ to read the kobject release delays, in jiffies.
hz=$(sed -n 's/^CONFIG_HZ=//p' "$build/.config")

step "booting (${accel[1]})"
log=$base/console.log
status=0
timeout "$timeout" qemu-system-x86_64 "${accel[@]}" -m 1024 -smp 2 \
	-nographic -no-reboot -monitor none -serial stdio \
	-kernel "$build/arch/x86/boot/bzImage" \
	-initrd "$base/initramfs.cpio" \
	-append "console=ttyS0 loglevel=4 panic=-1 -- $hz" \
	</dev/null >"$log" 2>&1 || status=$?

grep -E '^(ok|FAIL|round [0-9]+):' "$log" | tr -d '\r' || true
result=$(grep -E '^boot-test: [0-9]+ passed, [0-9]+ failed' "$log" |
	tr -d '\r' || true)
if [ -z "$result" ]; then
	echo "boot-test: QEMU exited with $status before the test finished;" \
		"console log: $log" >&2
	tail -n 40 "$log" >&2
	echo "boot-test: 0 passed, 1 failed"
	exit 1
fi
step "done"
echo "$result"
case $result in
*" 0 failed") ;;
*) exit 1 ;;
esac
