#!/usr/bin/env bash
# A front-end describes what its compiler sees and never decides a rule: it
# spells no name of the API in its code.  Fails when a source file (.c,
# .cc, .h) under the directories given uses a function, macro, type tag,
# flag or alias that core/api.c and core/api.h write down (field names such
# as "align" are ordinary words, and are left out).  Comments may name
# them: they say what the code is for.
#
# usage: check-no-api-names.sh SOURCE_DIR DIR...
set -eu
source_dir=$1
shift
names=$( {
	sed -n -E 's/^[[:space:]]*\{ "([A-Za-z_]+)".*/\1/p' \
		"$source_dir/core/api.c"
	sed -n -E 's/^#define API_[A-Z_]+(TAG|NAME|ALIAS) "([A-Za-z_]+)"$/\2/p' \
		"$source_dir/core/api.h"
} | sort -u)
[ -n "$names" ] || { echo "no API names found in core/"; exit 1; }
python3 - "$names" "$@" <<'PY'
import os
import re
import sys

names = sys.argv[1].split()
pattern = re.compile(r'\b(' + '|'.join(map(re.escape, names)) + r')\b')
# Comments go, strings and characters stay (a name in a string is code).
token = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'
                   r"'(?:\\.|[^'\\\n])*'", re.S)


def without_comments(text):
    def keep(match):
        found = match.group(0)
        if found.startswith('/'):
            # Keep the newlines, so that line numbers stay right.
            return '\n' * found.count('\n')
        return found
    return token.sub(keep, text)


found = 0
for top in sys.argv[2:]:
    for directory, _, files in os.walk(top):
        for name in sorted(files):
            if not name.endswith(('.c', '.cc', '.h')):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding='utf-8') as source:
                code = without_comments(source.read())
            for number, line in enumerate(code.split('\n'), 1):
                match = pattern.search(line)
                if match:
                    print(f'{path}:{number}: {match.group(1)}: '
                          f'{line.strip()}')
                    found += 1
if found:
    print('FAIL: API names above belong in core/api.c, not in a front-end')
    sys.exit(1)
print(f'{len(names)} API names, none in the code of {" ".join(sys.argv[2:])}')
PY
