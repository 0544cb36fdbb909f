#!/bin/bash
# shellcheck source-path=SCRIPTDIR
# check-kconfig.sh PLUGIN_SO SOURCE_DIR [WORKDIR]
#
# CONFIG_SLABCHECK, the port's own option (patches/0019: "Check static
# slab caches with slabcheck" under Kernel hacking), turned on the way a
# user turns it on, in the tree prepare-tree.sh keeps in WORKDIR (default
# /var/tmp/slabcheck-kernel; with LLVM=1 in the environment, a tree
# prepared for Clang and PLUGIN_SO the Clang plugin):
#
#  kconfig/refused  with SLABCHECK_PLUGIN naming a plugin that does not
#                   exist, olddefconfig leaves CONFIG_SLABCHECK off (the
#                   option depends on the compiler loading the plugin);
#  kconfig/enabled  with SLABCHECK_PLUGIN=PLUGIN_SO it stays on and
#                   CONFIG_SLABCHECK_PLUGIN names it;
#  kconfig/module   the example (SOURCE_DIR/examples/ringbuf), copied out
#                   and built as an out-of-tree module with plain `make
#                   modules_prepare` and `make M=DIR modules`, no KCFLAGS: the build succeeds
#                   under the tree's CONFIG_WERROR=y and the compiler
#                   prints exactly the example's findings (EXPECTED's
#                   warnings, in the copy).
#
# The tree's .config is put back afterwards (olddefconfig again), also
# when the script fails: the kernel stages build in the same tree.
# Output: "PASS name" or "FAIL name: why" per case, then "N passed, M
# failed"; the exit status is non-zero if any case failed.

set -eu
set -o pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ] || [ ! -f "$1" ] || [ ! -d "$2" ]; then
	echo "usage: $0 PLUGIN_SO SOURCE_DIR [WORKDIR]" >&2
	exit 2
fi
plugin=$(readlink -f "$1")
source_dir=$(cd "$2" && pwd)
workdir=${3:-/var/tmp/slabcheck-kernel}
jobs=${JOBS:-2}
here=$(cd "$(dirname "$0")" && pwd)

# shellcheck source=lib.sh
. "$here/lib.sh"

lock_prepared_tree "$workdir"
scratch=$(mktemp -d /tmp/slabcheck-kconfig.XXXXXX)
cp -p .config "$scratch/config.saved"
# Kconfig runs again whenever SLABCHECK_PLUGIN differs from what the last
# run saw (include/config/auto.conf.cmd), so the tree is put back without
# it, up to modules_prepare, as the kernel stages found it.
restore() {
	cp -p "$scratch/config.saved" .config
	{ env -u SLABCHECK_PLUGIN make -s olddefconfig &&
		env -u SLABCHECK_PLUGIN make -s -j"$jobs" modules_prepare; } \
		>/dev/null 2>&1 ||
		echo "check-kconfig.sh: could not put $tree back" >&2
	rm -rf "$scratch"
}
trap restore EXIT

# shellcheck source=cases.sh
. "$here/cases.sh"

# configure PLUGIN: CONFIG_SLABCHECK asked for, with SLABCHECK_PLUGIN set
# (for every make after it too, as a user of a plugin that is not
# installed sets it: Kconfig is run again when it changes).
configure() {
	cp -p "$scratch/config.saved" .config
	scripts/config --enable SLABCHECK
	export SLABCHECK_PLUGIN=$1
	make -s olddefconfig >"$scratch/olddefconfig.log" 2>&1
}

if ! configure /nonexistent/slabcheck_plugin.so; then
	fail kconfig/refused "olddefconfig failed: $(tail -1 "$scratch/olddefconfig.log")"
elif grep -q '^CONFIG_SLABCHECK=y' .config; then
	fail kconfig/refused "CONFIG_SLABCHECK=y with a plugin that does not exist"
else
	pass kconfig/refused
fi

if ! configure "$plugin"; then
	fail kconfig/enabled "olddefconfig failed: $(tail -1 "$scratch/olddefconfig.log")"
elif ! grep -q '^CONFIG_SLABCHECK=y' .config; then
	fail kconfig/enabled "olddefconfig turned CONFIG_SLABCHECK off"
elif ! grep -qxF "CONFIG_SLABCHECK_PLUGIN=\"$plugin\"" .config; then
	fail kconfig/enabled "$(grep SLABCHECK_PLUGIN .config || echo 'no CONFIG_SLABCHECK_PLUGIN')"
else
	pass kconfig/enabled
fi

# The findings of a compiler's output and of EXPECTED, "FILE:LINE:COL:
# RULE", FILE without its directory, sorted.
findings() {
	sed -n -E 's%^([^: ]*/)?([^/: ]+):([0-9]+):([0-9]+): warning: .* \[(kmem-[a-z-]+)\]$%\2:\3:\4: \5%p' \
		"$1" | sort
}

module=$scratch/ringbuf
cp -r "$source_dir/examples/ringbuf" "$module"
status=0
{ make -s -j"$jobs" modules_prepare &&
	make -j"$jobs" M="$module" KBUILD_MODPOST_WARN=1 modules; } \
	>"$scratch/module.log" 2>&1 || status=$?
got=$(findings "$scratch/module.log")
want=$(findings "$source_dir/examples/ringbuf/EXPECTED")
if [ "$status" -ne 0 ]; then
	fail kconfig/module "make M= exited $status: $(grep -m1 -i error "$scratch/module.log" || tail -1 "$scratch/module.log")"
elif [ ! -f "$module/ringbuf.ko" ]; then
	fail kconfig/module "no ringbuf.ko"
elif [ "$got" != "$want" ]; then
	fail kconfig/module "findings differ from EXPECTED: got [$(echo "$got" | paste -sd';')]"
else
	pass kconfig/module
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
