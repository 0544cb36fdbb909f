#!/usr/bin/env bash
# The HTML report in a real browser (docs/reports.md): slabcheck
# --format=html on the example driver, loaded by headless Chromium, which
# dumps the page's DOM and takes a screenshot.  The page must show every
# warning of examples/ringbuf/EXPECTED (by file:line and rule id, with its
# message) and each note's message in the same finding, the help of each
# rule found, and no Markdown markup; it must hold no script, load
# nothing, log no console error, and the screenshot must show text.  The
# same check of a page with one finding taken out must fail: the test
# shows on every run that it can.
#
# usage: check-html-report.sh SLABCHECK SOURCE_DIR [CHROMIUM]
set -u
slabcheck=$(realpath "$1")
source_dir=$2
chromium=${3:-/usr/bin/chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=expect.sh
. "$(dirname "$0")/expect.sh"

cd "$source_dir" || exit 1
"$slabcheck" --quiet --format=html examples/ringbuf/ringbuf.c -- \
	-std=gnu11 -O2 -nostdinc -isystem tests/include -DMODULE \
	>"$work/report.html"
expect "html: exit status 1 (findings)" 1 "$?"

# One file that fetches nothing: no script, no external resource.
expect "html: no script, link, src= or url()" "" \
	"$(grep -Eio '<script|<link|<img|<iframe|src=|url\(' \
		"$work/report.html")"
grep -q "Content-Security-Policy\" content=\"default-src 'none'" \
	"$work/report.html" && ok || bad "html: no policy against loads"

if ! [ -x "$chromium" ]; then
	bad "no browser at $chromium"
	finish
fi
browse() { # ARGS...: headless Chromium on the report, its log in browser.log
	timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$(mktemp -d -p "$work")" \
		--enable-logging=stderr --v=0 "$@" "file://$work/report.html" \
		2>>"$work/browser.log"
}
browse --dump-dom >"$work/dom.html"
expect "browser: DOM dumped" 0 "$?"
browse --screenshot="$work/report.png" --window-size=1200,3000 >/dev/null
expect "browser: screenshot taken" 0 "$?"
# Console messages (a script error, a load the policy refused).
expect "browser: no console message, nothing refused" "" \
	"$(grep -Ei 'CONSOLE|Uncaught|Refused to' "$work/browser.log")"

# The page as the browser built it: each finding's text.
check_dom() { # DOM: prints what it lacks, fails then
	/usr/bin/python3 - "$1" examples/ringbuf/EXPECTED <<'PY'
import html.parser, re, sys

class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.findings, self.helps, self.depth = [], {}, []
        self.text = []
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        kind = None
        if tag == "article" and "finding" in attrs.get("class", ""):
            kind = ("finding", None)
        elif tag == "details" and attrs.get("id", "").startswith("rule-"):
            kind = ("help", attrs["id"][5:])
        self.depth.append((tag, kind, len(self.text)))
    def handle_endtag(self, tag):
        while self.depth:
            open_tag, kind, start = self.depth.pop()
            if kind:
                text = "".join(self.text[start:])
                if kind[0] == "finding":
                    self.findings.append(text)
                else:
                    self.helps[kind[1]] = text
            if open_tag == tag:
                break
    def handle_data(self, data):
        self.text.append(data)

page = Page()
page.feed(open(sys.argv[1]).read())
missing = []
finding = None
for line in open(sys.argv[2]):
    m = re.match(r"(.*?):(\d+):\d+: (warning|note): (.*?)( \[(.*)\])?$",
                 line.rstrip("\n"))
    if not m:
        continue
    where, kind, message, rule = m[1] + ":" + m[2] + ":", m[3], m[4], m[6]
    if kind == "warning":
        found = [f for f in page.findings
                 if where in f and "[" + rule + "]" in f and message in f]
        finding = found[0] if found else None
        if not found:
            missing.append("finding " + line.strip())
        elif rule not in page.helps or "How to fix" not in page.helps[rule]:
            missing.append("help of " + rule)
    elif finding is not None and message not in finding:
        missing.append("note " + line.strip())
for rule, text in page.helps.items():
    # "](" alone is code: _exits[i]();
    if "**" in text or re.search(r"\]\([^)]|`", text):
        missing.append("rendered help of " + rule + ": Markdown left")
if not page.findings:
    missing.append("any finding")
for item in missing:
    print("missing: " + item)
sys.exit(1 if missing else 0)
PY
}
expect "DOM: every finding, note and help of EXPECTED" "" \
	"$(check_dom "$work/dom.html")"
# The check fails when a finding is missing: the first one taken out.
/usr/bin/python3 - "$work/dom.html" "$work/dom-less.html" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(
    re.sub(r"<article .*?</article>", "", page, count=1, flags=re.S))
PY
check_dom "$work/dom-less.html" >"$work/less.out"
expect "DOM check fails on a missing finding" "1:1" \
	"$?:$(grep -c '^missing: finding' "$work/less.out")"

# The screenshot shows text: pixels of many shades, dark ones among them.
actual=$(/usr/bin/python3 - "$work/report.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, color = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
assert depth == 8 and color in (2, 6), (depth, color)
bpp = 3 if color == 2 else 4
raw, stride = zlib.decompress(idat), width * bpp
prev, dark, shades = bytearray(stride), 0, set()
for y in range(height):
    kind = raw[y * (stride + 1)]
    row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = row[x - bpp] if x >= bpp else 0
        b, c = prev[x], prev[x - bpp] if x >= bpp else 0
        if kind == 1: row[x] = (row[x] + a) & 255
        elif kind == 2: row[x] = (row[x] + b) & 255
        elif kind == 3: row[x] = (row[x] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[x] = (row[x] + (a if pa <= pb and pa <= pc else
                                b if pb <= pc else c)) & 255
    for x in range(0, stride, bpp):
        pixel = bytes(row[x:x + 3])
        shades.add(pixel)
        dark += sum(pixel) < 200
    prev = row
print("text" if dark > 2000 and len(shades) > 20 else
      "blank: %d dark pixels, %d shades" % (dark, len(shades)))
PY
)
expect "screenshot: text on it" "text" "$actual"
# A page read alone says what stderr says: a run that checked nothing, and
# a file that did not compile, are not a clean audit.
cat >"$work/dynamic.c" <<'C'
#include <linux/slab.h>

static struct kmem_cache *dyn_cachep;

int dyn_init(void)
{
	dyn_cachep = kmem_cache_create("dyn", 64, 0, 0, NULL);
	return dyn_cachep ? 0 : -12;
}
C
echo 'int broken(void) { return }' >"$work/broken.c"
flags=(-std=gnu11 -O2 -nostdinc -isystem tests/include)
"$slabcheck" --quiet --format=html "$work/dynamic.c" -- "${flags[@]}" \
	>"$work/nothing.html" 2>/dev/null
grep -q "nothing was checked" "$work/nothing.html" && ok ||
	bad "html: a run with no static cache does not say nothing was checked"
"$slabcheck" --quiet --format=html "$work/broken.c" \
	examples/ringbuf/ringbuf.c -- "${flags[@]}" -DMODULE \
	>"$work/failed.html" 2>/dev/null
grep -q "1 file or object did not compile" "$work/failed.html" && ok ||
	bad "html: a file that did not compile is not on the page"

if [ -n "${SLABCHECK_KEEP_SCREENSHOT:-}" ]; then
	cp "$work/report.png" "$work/report.html" "$SLABCHECK_KEEP_SCREENSHOT/"
fi

finish
