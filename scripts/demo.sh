#!/usr/bin/env bash
# Installs what building and running the GCC door needs (nothing for the
# other front-ends or the tests), builds it, and runs slabcheck on the
# bundled example driver, whose planted bugs it must find.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh" --gcc-door
"$here/scripts/build.sh" --gcc-door
echo "slabcheck examples/ringbuf/ringbuf.c:"
# The example's own Makefile: 'make demo' succeeds when slabcheck exits
# 1 (new findings: the planted bugs) and fails otherwise.
make -s -C "$here/examples/ringbuf" demo SLABCHECK="$here/build/tools/slabcheck"
