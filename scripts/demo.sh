#!/usr/bin/env bash
# Installs, builds, and runs slabcheck on the bundled example driver.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh"
"$here/scripts/build.sh"
cd "$here"
echo "slabcheck examples/ringbuf/ringbuf.c:"
status=0
build/tools/slabcheck examples/ringbuf/ringbuf.c -- -std=gnu11 -O2 -nostdinc \
	-isystem tests/include -DMODULE || status=$?
# 1 means findings: the example has planted bugs, so that is the success.
[ "$status" -eq 1 ]
