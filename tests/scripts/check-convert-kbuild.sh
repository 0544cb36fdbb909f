#!/usr/bin/env bash
# `slabcheck convert kbuild` on an out-of-tree module of the prepared
# kernel (tests/kernel/convert-module, written the way drivers are): the
# table names each cache converted, --format=sarif gives each its fix, the
# patch on stdout applies with git apply from the module's directory, the
# converted module builds and is silent under `slabcheck kbuild`, and the
# same module with one destroy dropped from init's unwinding is caught.
#
# usage: check-convert-kbuild.sh SLABCHECK SOURCE_DIR WORKDIR
set -u
slabcheck=$1
source_dir=$2
workdir=$3
tree=$workdir/linux-source-6.12
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"
bash "$source_dir/tests/kernel/prepare-tree.sh" "$workdir" >/dev/null || {
	echo "0 passed, 1 failed"
	exit 1
}
module=$(mktemp -d)
trap 'rm -rf "$module"' EXIT
cp "$source_dir"/tests/kernel/convert-module/* "$module/"

"$slabcheck" convert kbuild -C "$tree" M="$module" modules \
	>"$module/fix.diff" 2>"$module/stderr"
status=$?
expect "convert kbuild: exit status" 0 "$status"
expect "convert kbuild: the table" \
	"$module/pktcache.c:30: pkt_entry_cachep: converted: KMEM_CACHE() becomes KMEM_CACHE_SETUP()
$module/pktcache.c:31: pkt_frag_cachep: converted: kmem_cache_create() becomes __KMEM_CACHE_SETUP()
$module/pktcache.c:32: pkt_name_cachep: converted: kmem_cache_create_usercopy() becomes kmem_cache_setup_usercopy()" \
	"$(grep ': converted: \|: refused ' "$module/stderr")"
expect "convert kbuild: the patch names the module's file" \
	"--- a/pktcache.c" "$(head -1 "$module/fix.diff")"
# The same as SARIF, unchecked (--no-verify; the check takes nothing back
# here, as the table above shows): a result
# per cache, each conversion with its fix, the file named from the
# module's directory as the patch names it.
"$slabcheck" convert kbuild --format=sarif --no-verify -C "$tree" M="$module" \
	modules >"$module/fix.sarif" 2>/dev/null
status=$?
expect "convert kbuild --format=sarif" "0:convert 1 pktcache.c 30
convert 1 pktcache.c 31
convert 1 pktcache.c 32" "$status:$(/usr/bin/python3 -c '
import json, sys
for result in json.load(open(sys.argv[1]))["runs"][0]["results"]:
    location = result["locations"][0]["physicalLocation"]
    print(result["ruleId"], len(result.get("fixes", [])),
          location["artifactLocation"]["uri"], location["region"]["startLine"])
' "$module/fix.sarif")"
check "convert kbuild: the patch applies" \
	git -C "$module" apply "$module/fix.diff"
check "convert kbuild: the module is converted" \
	grep -q "^static struct kmem_cache_opaque pkt_frag_cache;$" \
	"$module/pktcache.c"

# The converted module: built and checked, silent.
actual=$("$slabcheck" kbuild -C "$tree" M="$module" modules 2>/dev/null)
status=$?
expect "the converted module: silent" "0:" \
	"$status:$(grep -E ': (warning|note): ' <<<"$actual")"

# Its twin: the frag cache's destroy dropped from init's unwinding.
sed -i '/^out_frag:/,/^out_entry:/{/kmem_cache_destroy(pkt_frag_cachep);/d}' \
	"$module/pktcache.c"
actual=$("$slabcheck" kbuild -C "$tree" M="$module" modules 2>/dev/null)
status=$?
expect "the twin, a destroy dropped: caught" \
	"1:1" "$status:$(grep -c "warning: static cache 'pkt_frag_cache' stays set up when module init 'pktcache_init' fails \[kmem-module-leak\]" <<<"$actual")"
finish
