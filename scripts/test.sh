#!/usr/bin/env bash
# Installs, builds and runs every test: lit (every front-end), unit tests,
# object identity, the example, and the real-kernel stage.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh"
"$here/scripts/build.sh"
cd "$here/build"
ctest --output-on-failure
