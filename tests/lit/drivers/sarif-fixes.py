#!/usr/bin/env python3
# %sarif-fixes: reads the SARIF log of `slabcheck convert --format=sarif`.
#
#   %sarif-fixes results LOG
#       validates LOG against the official SARIF 2.1.0 schema (fetched by
#       scripts/fetch-sarif-schema.sh: a log that cannot be validated
#       fails) and prints one line per result, for FileCheck:
#       "RULE LEVEL CACHE SETUP-or-REASON fixes=N FILE:LINE"
#   %sarif-fixes apply LOG FILE CACHE|all
#       prints FILE with the fix of CACHE's result applied, or every fix
#       (a replacement two fixes share, the header's include, once): the
#       changes of the fixes' artifacts that are FILE (a global's fix
#       changes its header too).
#
# Each replacement is placed by its charOffset and charLength (code
# points), and must say the same by its lines and columns: a consumer may
# read either.
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                    '..')


def fail(text):
    sys.exit('sarif-fixes: ' + text)


def load(path):
    log = json.load(open(path))
    schema_path = subprocess.run(
        [os.path.join(ROOT, 'scripts', 'fetch-sarif-schema.sh')],
        stdout=subprocess.PIPE, check=True, text=True).stdout.strip()
    import jsonschema
    schema = json.load(open(schema_path))
    jsonschema.validators.validator_for(schema)(schema).validate(log)
    return log


def offset_of(text, line, column):
    """The code point at LINE:COLUMN (both from 1) of TEXT."""
    at = 0
    for _ in range(line - 1):
        at = text.index('\n', at) + 1
    return at + column - 1


def names(uri, path):
    """Whether the artifact's URI (relative to SRCROOT) is the file PATH."""
    path = os.path.abspath(path)
    if uri.startswith('file://'):
        return uri[len('file://'):] == path
    return path == uri or path.endswith('/' + uri)


def replacements(result, path, text):
    for fix in result.get('fixes', []):
        for change in fix['artifactChanges']:
            if not names(change['artifactLocation']['uri'], path):
                continue
            for replacement in change['replacements']:
                region = replacement['deletedRegion']
                begin = region['charOffset']
                end = begin + region['charLength']
                if (offset_of(text, region['startLine'],
                              region['startColumn']) != begin or
                        offset_of(text, region['endLine'],
                                  region['endColumn']) != end):
                    fail('lines and columns disagree with charOffset in ' +
                         json.dumps(region))
                yield begin, end, replacement['insertedContent']['text']


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'results':
        log = load(sys.argv[2])
        for result in log['runs'][0]['results']:
            location = result['locations'][0]['physicalLocation']
            properties = result['properties']
            print(result['ruleId'], result['level'], properties['cache'],
                  properties.get('setup', properties.get('reason')),
                  'fixes=%d' % len(result.get('fixes', [])),
                  '%s:%d' % (location['artifactLocation']['uri'],
                             location['region']['startLine']))
        return
    if len(sys.argv) != 5 or sys.argv[1] != 'apply':
        fail('usage: results LOG | apply LOG FILE CACHE|all')
    log = load(sys.argv[2])
    text = open(sys.argv[3], encoding='utf-8').read()
    edits = set()
    for result in log['runs'][0]['results']:
        if sys.argv[4] in ('all', result['properties']['cache']):
            edits.update(replacements(result, sys.argv[3], text))
    if not edits:
        fail('no fix for ' + sys.argv[4])
    for begin, end, inserted in sorted(edits, reverse=True):
        text = text[:begin] + inserted + text[end:]
    sys.stdout.write(text)


main()
