#!/usr/bin/env bash
# Reports for CI (docs/reports.md): SARIF valid against the official
# schema, with relative URIs and columns in characters; fingerprints that
# survive unrelated edits and change with the finding, and do not depend on
# where the tree is; baselines (also read and written as one file),
# --mark-new, suppressions seen by the slabcheck command, --context, the
# exit status and summary line of a run with a failed file, werror in
# slabcheck-sparse with findings files; each rule's help from
# docs/rules.md: SARIF's help and helpUri (to the installed docs, in an
# installation's layout), and --explain piped (text without Markdown) and
# on a terminal (script(1)'s pseudo-terminal: through $PAGER, attributes).
#
# usage: check-reports.sh SLABCHECK SOURCE_DIR
set -u
slabcheck=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-- -std=gnu11 -O2 -nostdinc -isystem "$source_dir/tests/include")
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

# A file with two findings in two functions, and an unrelated function.
cat >"$work/template.c" <<'C'
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo_req { struct list_head list; unsigned long flags; };
struct foo_big { struct foo_req req; char data[64]; };

static struct kmem_cache_opaque foo_cache;
#define foo_cachep to_kmem_cache(&foo_cache)
static struct kmem_cache_opaque bar_cache;
#define bar_cachep to_kmem_cache(&bar_cache)
/*ABOVE*/
int UNRELATED(int a)
{
	return a + 1;
}

void __init foo_init(void)
{
	KMEM_CACHE_SETUP(foo_cachep, foo_req, SLAB_PANIC);
	KMEM_CACHE_SETUP(INSTANCE, foo_req, SLAB_PANIC);
	KMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);
}

struct foo_big *FUNCTION(void)
{
	return kmem_cache_alloc(foo_cachep, GFP_KERNEL);
}
C
variant() { # NAME SED-SCRIPT: writes $work/NAME/foo.c
	mkdir -p "$work/$1"
	sed -e 's/UNRELATED/foo_helper/; s/INSTANCE/foo_cachep/' \
		-e 's/FUNCTION/foo_alloc_big/; s|/\*ABOVE\*/||' \
		-e "$2" "$work/template.c" >"$work/$1/foo.c"
}
fingerprints() { # NAME: "rule fingerprint" lines of its JSON report
	(cd "$work/$1" && "$slabcheck" --format=json foo.c "${flags[@]}") |
		/usr/bin/python3 -c 'import json, sys
for f in json.load(sys.stdin)["findings"]:
    print(f["rule"], f["fingerprint"])'
}

variant base ''
base=$(fingerprints base)
[ "$(echo "$base" | wc -l)" -eq 2 ] || bad "two findings in the base file: $base"

# Stable: lines added above, an unrelated function renamed and moved, the
# file reformatted inside other functions.
variant above 's|^#define bar_cachep.*|&\n\n/* a comment */\nstatic int counter;\n|'
expect "fingerprints: lines added above" "$base" "$(fingerprints above)"
variant renamed 's/foo_helper/foo_helper_renamed/'
expect "fingerprints: unrelated function renamed" "$base" \
	"$(fingerprints renamed)"
variant moved '/^int foo_helper/,/^}/d'
printf 'int foo_helper(int a)\n{\n\treturn a + 1;\n}\n' >>"$work/moved/foo.c"
expect "fingerprints: unrelated function moved" "$base" \
	"$(fingerprints moved)"
variant reformatted 's/^\treturn a + 1;/\treturn\n\t\ta +\n\t\t1;/'
expect "fingerprints: reformatted inside another function" "$base" \
	"$(fingerprints reformatted)"
# Changes: the finding's function, its instance, its rule.
variant function 's/foo_alloc_big/foo_alloc_large/'
[ "$(fingerprints function | grep size-mismatch)" != \
	"$(echo "$base" | grep size-mismatch)" ] && ok ||
	bad "fingerprints: the finding's function changed"
variant instance 's/^\tKMEM_CACHE_SETUP(foo_cachep, foo_req, SLAB_PANIC);/\tKMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);/'
[ "$(fingerprints instance | grep resetup)" != \
	"$(echo "$base" | grep resetup)" ] && ok ||
	bad "fingerprints: the finding's instance changed"

# SARIF, valid against the official schema.
schema=$("$source_dir/scripts/fetch-sarif-schema.sh") || {
	bad "no SARIF schema"
	schema=
}
# One finding's line starts with a comment in UTF-8: the compilers count
# its column in bytes, SARIF in characters.
variant utf8 's|^\tKMEM_CACHE_SETUP(foo_cachep, foo_req, SLAB_PANIC);$|/* \xc3\xa9t\xc3\xa9 */ &|'
expect "text columns count bytes" "foo.c:21:14: warning: static cache 'foo_cache' may already be set up on this path [kmem-resetup]" \
	"$(cd "$work/utf8" && "$slabcheck" --quiet foo.c "${flags[@]}" |
		grep resetup)"
(cd "$work/utf8" && "$slabcheck" --quiet --format=sarif foo.c \
	"${flags[@]}") >"$work/report.sarif"
if [ -n "$schema" ] && /usr/bin/python3 - "$schema" "$work/report.sarif" \
	"$work/utf8" <<'PY'
import json, re, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
jsonschema.validators.validator_for(schema)(schema).validate(report)
run = report["runs"][0]
results = run["results"]
assert len(results) == 2, results
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
for result in results:
    assert rules[result["ruleIndex"]] == result["ruleId"]
    assert result["partialFingerprints"]["slabcheck/v1"]
    location = result["locations"][0]["physicalLocation"]
    # Relative to the checkout, which the run says where it was.
    assert location["artifactLocation"] == {"uri": "foo.c",
                                            "uriBaseId": "SRCROOT"}, location
    # The events of its path: related locations, and one thread flow of
    # every event and then the finding itself.
    related = result["relatedLocations"]
    flow = result["codeFlows"][0]["threadFlows"][0]["locations"]
    assert len(flow) == len(related) + 1, (flow, related)
    assert flow[-1]["location"]["physicalLocation"] == location, flow
    # SARIF ranks essential above important: the finding is essential.
    assert flow[-1]["importance"] == "essential", flow
    assert [step["location"]["message"] for step in flow[:-1]] == \
        [event["message"] for event in related], (flow, related)
# Each rule's help, from docs/rules.md; from a build tree no link to a
# file (the docs are not installed), only to a public address if any.
for rule in run["tool"]["driver"]["rules"]:
    assert not rule.get("helpUri", "https:").startswith("file:"), rule
    if rule["id"].startswith("kmem-"):
        text, markdown = rule["help"]["text"], rule["help"]["markdown"]
        assert rule["id"] in text and "**" not in text, rule
        # "](" alone is code: _exits[i]();
        assert not re.search(r"\]\([^)]|`", text), rule
        assert "**" in markdown and "## " + rule["id"] in markdown, rule
assert run["originalUriBaseIds"] == {
    "SRCROOT": {"uri": "file://" + sys.argv[3] + "/"}}, run
assert run["columnKind"] == "unicodeCodePoints"
resetup = [r for r in results if r["ruleId"] == "kmem-resetup"][0]
region = resetup["locations"][0]["physicalLocation"]["region"]
assert region == {"startLine": 21, "startColumn": 12}, region
PY
then ok; else bad "SARIF: not valid, or not relative, or columns in bytes"; fi

# Each rule's help (docs/rules.md) where the command is installed: SARIF's
# help and helpUri, and --explain, lead to the installed docs.  The
# layout of an installation: bin/ and share/doc/slabcheck/docs/.
prefix=$work/prefix
mkdir -p "$prefix/bin" "$prefix/share/doc/slabcheck/docs"
cp "$slabcheck" "$prefix/bin/"
cp "$source_dir"/docs/*.md "$prefix/share/doc/slabcheck/docs/"
docs=$(cd "$prefix/share/doc/slabcheck/docs" && pwd -P)
plugin=$(dirname "$slabcheck")/../gcc-plugin/slabcheck_gcc.so
(cd "$work/base" && SLABCHECK_GCC_PLUGIN=$plugin "$prefix/bin/slabcheck" \
	--quiet --format=sarif foo.c "${flags[@]}") >"$work/installed.sarif"
if [ -n "$schema" ] && /usr/bin/python3 - "$schema" "$work/installed.sarif" \
	"$docs" <<'PY'
import json, os, sys, urllib.parse
import jsonschema
schema = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
docs = sys.argv[3]
jsonschema.validators.validator_for(schema)(schema).validate(report)
rules = report["runs"][0]["tool"]["driver"]["rules"]
assert len([r for r in rules if r["id"].startswith("kmem-")]) >= 8, rules
for rule in rules:
    if not rule["id"].startswith("kmem-"):
        continue
    uri = "file://" + urllib.parse.quote(docs) + "/rules.md#" + rule["id"]
    assert rule["helpUri"] == uri, (rule["helpUri"], uri)
    assert "## " + rule["id"] + "\n" in open(docs + "/rules.md").read()
    text, markdown = rule["help"]["text"], rule["help"]["markdown"]
    assert docs + "/reports.md#suppressions" in text, text
    assert "](file://" + urllib.parse.quote(docs) + "/reports.md#" in markdown
    assert "](reports.md" not in markdown, markdown
PY
then ok; else bad "SARIF help and helpUri of an installation"; fi

# --explain, piped: text without Markdown, links to the docs' places.
explained=$("$slabcheck" --explain kmem-resetup)
# Markup: strong, a link with its target, a code span or fence ("](" alone
# is code: _exits[i]();).
markup='\*\*|\]\([^)]|[`]'
expect "explain: no Markdown markup" "0:" "$?:$(echo "$explained" |
	grep -E "$markup" | head -3)"
expect "explain: a heading, a link to the source tree's docs" "2" \
	"$(echo "$explained" | grep -cxE 'kmem-resetup|.*\(docs/reports.md#suppressions\);')"
expect "explain: a fenced example, indented" \
	"    static struct kmem_cache_opaque nvq_desc_cache;" \
	"$(echo "$explained" | grep -m1 'static struct kmem_cache_opaque')"
for rule in $("$slabcheck" --list-rules | tail -n +2 | cut -d' ' -f1); do
	expect "explain $rule: no Markdown markup" "" \
		"$("$slabcheck" --explain "$rule" | grep -E "$markup")"
done
expect "explain, installed: links to the installed docs" \
	"- this finding: /* slabcheck: ignore kmem-resetup -- REASON */ on its line or the line before ($docs/reports.md#suppressions);" \
	"$("$prefix/bin/slabcheck" --explain kmem-resetup |
		sed -n '/^- this finding:/,/;$/p' | tr -s ' \n' '  ' |
		sed 's/ $//')"
# On a terminal: through $PAGER, with attributes; PAGER=cat or empty: none.
cat >"$work/pager" <<'SH'
#!/bin/sh
cat >"$PAGED"
SH
chmod +x "$work/pager"
PAGED=$work/paged PAGER=$work/pager script -qec \
	"'$slabcheck' --explain kmem-resetup" /dev/null >"$work/tty"
expect "explain on a terminal: paged" "0:0" "$?:$(wc -c <"$work/tty")"
expect "explain paged: the heading underlined, strong in bold, no markup" \
	"1:1:0" "$(grep -c $'^\e\\[1;4mkmem-resetup' "$work/paged"):$(grep -c \
	$'^\e\\[1mFinds\e\\[22m' "$work/paged"):$(grep -c '\*\*' "$work/paged")"
for pager in cat ''; do
	PAGER=$pager script -qec "'$slabcheck' --explain kmem-resetup" \
		/dev/null >"$work/tty"
	expect "explain on a terminal, PAGER='$pager': printed as it is" 1 \
		"$(grep -c $'\e\\[1;4mkmem-resetup' "$work/tty")"
done
NO_COLOR=1 PAGER=cat script -qec "'$slabcheck' --explain kmem-resetup" \
	/dev/null >"$work/tty"
expect "explain on a terminal, NO_COLOR: no attributes" 0 \
	"$(grep -c $'\e' "$work/tty")"

# Baselines: only the findings a change adds count.
(cd "$work/base" && "$slabcheck" --write-baseline=../baseline.json foo.c \
	"${flags[@]}" >/dev/null)
(cd "$work/above" && "$slabcheck" --baseline=../baseline.json foo.c \
	"${flags[@]}" >"$work/out" 2>"$work/err")
expect "baseline: nothing new" "0:" "$?:$(cat "$work/out")"
expect "baseline: the summary counts the known findings" \
	"slabcheck: 1 unit checked; findings: 0 new, 2 known, 0 suppressed" \
	"$(cat "$work/err")"
variant added 's|^\tKMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);|&\n\tKMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);|'
actual=$(cd "$work/added" && "$slabcheck" --path=none \
	--baseline=../baseline.json foo.c "${flags[@]}")
expect "baseline: the new finding, alone" "1:foo.c:23:2: warning: static cache 'bar_cache' may already be set up on this path [kmem-resetup]" \
	"$?:$actual"

# The same file as --baseline and --write-baseline: read first, so the
# known findings stay known and a new one counts (it used to be written
# first, and everything was known).
cp "$work/baseline.json" "$work/ratchet.json"
actual=$(cd "$work/added" && "$slabcheck" --quiet --baseline=../ratchet.json \
	--write-baseline=../ratchet.json foo.c "${flags[@]}")
expect "baseline: one file read, then written" "1:foo.c:23:2: warning: static cache 'bar_cache' may already be set up on this path [kmem-resetup]
foo.c:22:2: note: 'bar_cache' is set up here" \
	"$?:$actual"
actual=$(cd "$work/added" && "$slabcheck" --quiet --baseline=../ratchet.json \
	foo.c "${flags[@]}")
expect "baseline: the rewritten file holds the new finding" "0:" "$?:$actual"

# Where the tree is checked out does not matter: a baseline written in
# one copy, with absolute paths, hides the same findings in another copy,
# whether the command runs in the copy or names it with --source-root.
mkdir -p "$work/checkout-a" "$work/checkout-b/deeper"
cp "$work/base/foo.c" "$work/checkout-a/"
cp "$work/base/foo.c" "$work/checkout-b/deeper/"
(cd "$work/checkout-a" && "$slabcheck" --quiet \
	--write-baseline="$work/moved.json" "$work/checkout-a/foo.c" \
	"${flags[@]}" >/dev/null)
actual=$(cd "$work/checkout-b/deeper" && "$slabcheck" --quiet \
	--baseline="$work/moved.json" "$work/checkout-b/deeper/foo.c" \
	"${flags[@]}")
expect "baseline: another checkout, run inside it" "0:" "$?:$actual"
actual=$(cd "$work" && "$slabcheck" --quiet --baseline="$work/moved.json" \
	--source-root=checkout-b/deeper checkout-b/deeper/foo.c "${flags[@]}")
expect "baseline: another checkout, --source-root" "0:" "$?:$actual"
actual=$(cd "$work" && "$slabcheck" --quiet --path=none \
	--baseline="$work/moved.json" checkout-b/deeper/foo.c "${flags[@]}")
expect "baseline: another file is another finding" "1:2" \
	"$?:$(echo "$actual" | wc -l)"

# --mark-new: every finding printed, the new ones marked as the kernel test
# robot marks new warnings, the code quoted under the new ones only.
actual=$(cd "$work/added" && "$slabcheck" --quiet --mark-new --context=1 \
	--baseline=../baseline.json foo.c "${flags[@]}")
expect "mark-new" "1:foo.c:21:2: warning: static cache 'foo_cache' may already be set up on this path [kmem-resetup]
foo.c:20:2: note: 'foo_cache' is set up here
>> foo.c:23:2: warning: static cache 'bar_cache' may already be set up on this path [kmem-resetup]
      22 | 	KMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);
>>    23 | 	KMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);
      24 | }
>> foo.c:22:2: note: 'bar_cache' is set up here
foo.c:28:9: warning: 'struct foo_big' (88 bytes) does not fit static cache 'foo_cache' (24-byte objects) [kmem-size-mismatch]
foo.c:20:2: note: 'foo_cache' is set up for 24-byte objects here" \
	"$?:$actual"
actual=$(cd "$work/added" && "$slabcheck" --quiet --mark-new --format=sarif \
	--baseline=../baseline.json foo.c "${flags[@]}" |
	/usr/bin/python3 -c 'import json, sys
for r in json.load(sys.stdin)["runs"][0]["results"]:
    print(r["ruleId"], r["baselineState"])')
expect "mark-new: SARIF baselineState" "kmem-resetup unchanged
kmem-resetup new
kmem-size-mismatch unchanged" "$actual"

# A file that does not compile next to one with a new finding: both are
# said (3 = new findings | trouble), the finding printed.
printf 'int broken(void) { return undeclared_name; }\n' >"$work/added/broken.c"
(cd "$work/added" && "$slabcheck" foo.c broken.c "${flags[@]}" \
	>"$work/out" 2>"$work/err")
expect "failed file: findings kept, status 3" "3:2" \
	"$?:$(grep -c kmem-resetup "$work/out")"
expect "failed file: the summary says both" \
	"slabcheck: 1 unit checked, 0 modules linked; findings: 3 new, 0 known, 0 suppressed; 1 file failed to compile" \
	"$(tail -1 "$work/err")"

# Suppressions, through the command: silenced, shown, unused reported.
variant suppressed '0,/^\tKMEM_CACHE_SETUP(foo_cachep/s|^\tKMEM_CACHE_SETUP(foo_cachep, foo_req, SLAB_PANIC);$|&\n\t/* slabcheck: ignore kmem-resetup -- reset by the selftest */|; s|^struct foo_big \*foo_alloc_big|/* slabcheck: ignore kmem-storage -- nothing to silence here */\n&|'
actual=$(cd "$work/suppressed" && "$slabcheck" foo.c "${flags[@]}" | grep -c resetup)
expect "suppression: silenced" 0 "$actual"
actual=$(cd "$work/suppressed" && "$slabcheck" --show-suppressed foo.c "${flags[@]}" | grep -A1 resetup)
expect "suppression: shown" "foo.c:22:2: suppressed: static cache 'foo_cache' may already be set up on this path [kmem-resetup]
  by foo.c:21: reset by the selftest" "$actual"
actual=$(cd "$work/suppressed" && "$slabcheck" --report-unused foo.c "${flags[@]}" | grep suppression)
expect "suppression: unused reported" "foo.c:26:4: warning: suppression matches no finding [slabcheck-suppression]" "$actual"

# --context: the finding's line marked.
actual=$(cd "$work/base" && "$slabcheck" --context=1 foo.c "${flags[@]}" | sed -n 2,4p)
expect "context" "      20 | 	KMEM_CACHE_SETUP(foo_cachep, foo_req, SLAB_PANIC);
>>    21 | 	KMEM_CACHE_SETUP(foo_cachep, foo_req, SLAB_PANIC);
      22 | 	KMEM_CACHE_SETUP(bar_cachep, foo_req, SLAB_PANIC);" "$actual"

# slabcheck-sparse alone, writing findings files as kbuild --sparse has
# it: werror fails on what no suppression silenced, and only on that.
sparse_checker=$(dirname "$slabcheck")/../sparse-check/slabcheck-sparse
if [ -x "$sparse_checker" ]; then
	mkdir -p "$work/sparse/findings"
	cat >"$work/sparse/twice.c" <<'C'
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/slab-static.h>

struct foo_req { unsigned long flags; };
static struct kmem_cache_opaque foo_cache;

void __init foo_init(void)
{
	KMEM_CACHE_SETUP(to_kmem_cache(&foo_cache), foo_req, SLAB_PANIC);
	/* slabcheck: ignore kmem-resetup -- reset by the selftest */
	KMEM_CACHE_SETUP(to_kmem_cache(&foo_cache), foo_req, SLAB_PANIC);
}
C
	sparse_werror() {
		"$sparse_checker" --slabcheck-werror \
			--slabcheck-findings-dir="$work/sparse/findings" \
			-nostdinc -isystem "$source_dir/tests/include" \
			"$work/sparse/twice.c" >/dev/null 2>&1
		echo $?
	}
	expect "sparse werror: suppressed findings pass" 0 "$(sparse_werror)"
	sed -i 's/ignore kmem-resetup/ignore kmem-storage/' "$work/sparse/twice.c"
	expect "sparse werror: a finding left fails" 1 "$(sparse_werror)"
fi

finish
