#!/usr/bin/env bash
# Configures and builds everything into build/.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$here" -B "$here/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
make -C "$here/build" -j"$(nproc)" --no-print-directory
